import SegueExpression
import Testing

@testable import SegueREPL
@testable import SegueMachine

/// How the REPL draws heights, meters and gauges: a text's lines, a multiline field's height, a meter's bars, a
/// progress bar's fill.
@Suite struct ScreenPrinterTests {
    let printer = ScreenPrinter(style: .plain)

    func element(_ id: String, _ kind: ElementProgram.Kind, text: String? = nil) -> ElementView {
        ElementView(id: id, kind: kind, text: text, visible: true, enabled: true)
    }

    @Test func aTextOfSeveralLinesShowsItsLineCountAndAOneLinerDoesNot() {
        var long = element("body", .text, text: "Спасибо за задачи!")
        long.lines = 4
        #expect(printer.render(long) == [#"  text body "Спасибо за задачи!" · 4 lines"#])
        var short = long
        short.lines = 1
        #expect(printer.render(short) == [#"  text body "Спасибо за задачи!""#])
    }

    @Test func aMultilineFieldShowsItsHeight() {
        var field = element("text", .field)
        field.field = FieldView(
            kind: "multiline", value: .string("Спасибо"), placeholder: "Текст", touched: true, dirty: true,
            minLines: 5, grows: true, lines: 7)
        #expect(printer.render(field) == [#"  field text (multiline, 7 lines) "Спасибо""#])
    }

    @Test func aMeterIsDrawnAsItsBars() {
        var meter = element("input_level", .meter, text: "0.1")
        meter.meter = MeterView(level: 0.1, segments: 8)
        #expect(printer.render(meter) == ["  meter input_level ▕█████   ▏ 5/8"])
        #expect(printer.summary([meter]) == "input_level=▕█████   ▏ 5/8")
    }

    @Test func aProgressBarIsDrawnAsItsFilledCellsAndPercentage() {
        var gauge = element("gauge", .progress, text: "0.25")
        gauge.progress = ProgressView(fraction: 0.25, label: "Elapsed")
        #expect(printer.render(gauge) == ["  progress gauge Elapsed ▕█████░░░░░░░░░░░░░░░▏ 25%"])
        #expect(printer.summary([gauge]) == "gauge=Elapsed ▕█████░░░░░░░░░░░░░░░▏ 25%")
    }

    @Test func aSliderOrPickerShowsItsLabelBeforeItsValue() {
        var slider = element("duration", .slider, text: "5")
        slider.label = "Duration:"
        #expect(printer.render(slider) == [#"  slider duration Duration: "5""#])
        var picker = element("kind", .picker, text: "one-way flight")
        #expect(printer.render(picker) == [#"  picker kind "one-way flight""#])
        picker.label = "Kind"
        #expect(printer.render(picker) == [#"  picker kind Kind "one-way flight""#])
    }
}
