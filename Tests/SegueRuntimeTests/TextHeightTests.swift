import SegueExpression
import Testing

@testable import SegueMachine

/// How tall texts and multiline fields are in the view (D6, D13), and a meter's lit bars (P10).
@Suite struct TextHeightTests {
    /// Every text shows what is typed in `note`; `level` moves the meter.
    static let flow = """
        segue: 1
        flow: sizes
        start: post
        data:
          level: { type: number, default: 0 }
        screens:
          post:
            layout: { margins: 20 }
            elements:
              - text: body
                value: "${form.note}"
              - text: teaser
                value: "${form.note}"
                max_lines: 2
              - text: narrow
                value: "${form.note}"
                width: 100
              - field: note
                kind: multiline
                multiline: { min_lines: 5, grows: true, max_lines: 8 }
              - field: fixed
                kind: multiline
                multiline: { min_lines: 3, grows: false }
              - field: name
              - slider: volume
                value: level
                min: 0
                max: 1
                change: [{ set: { level: event.value } }]
              - meter: input
                level: level
                bars: 8
              - list: cards
                items: "[form.note]"
                cell_width: 180
                item: { use: card, with: { text: item } }
        components:
          card:
            parameters: { text: string }
            elements:
              - text: line
                value: "${text}"
        """

    /// `count` words of nine lowercase letters: 76.5 pt each at 17 pt, so four fit a 353 pt line (iPhone 15 less two
    /// 20 pt margins) and two a 180 pt cell.
    static func words(_ count: Int) -> String {
        Array(repeating: "abcdefghk", count: count).joined(separator: " ")
    }

    func view(typing text: String?, device: DeviceProfile = .standard) throws -> ScreenView {
        var harness = try Harness(Self.flow, device: device)
        harness.launch()
        if let text { harness.edit("note", text) }
        return try #require(harness.machine.view(of: harness.state))
    }

    @Test func aGrowingFieldStartsAtItsMinimumAndGrowsWithItsTextUpToItsMaximum() throws {
        #expect(try view(typing: nil).element("note")?.field?.lines == 5)
        #expect(try view(typing: Self.words(20)).element("note")?.field?.lines == 5)
        #expect(try view(typing: Self.words(24)).element("note")?.field?.lines == 6)
        #expect(try view(typing: Self.words(25)).element("note")?.field?.lines == 7)
        #expect(try view(typing: Self.words(80)).element("note")?.field?.lines == 8)
    }

    @Test func aFieldThatDoesNotGrowKeepsItsHeightAndASingleLineFieldHasNone() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.edit("fixed", Self.words(40))
        let view = try #require(harness.machine.view(of: harness.state))
        #expect(view.element("fixed")?.field?.lines == 3)
        #expect(view.element("name")?.field?.lines == nil)
    }

    @Test func aTextIsAsTallAsItsTextAtItsWidth() throws {
        let view = try view(typing: Self.words(10))
        // 353 pt: four words a line; 100 pt: one word a line; a 180 pt list cell: two.
        #expect(view.element("body")?.lines == 3)
        #expect(view.element("body")?.truncated == nil)
        #expect(view.element("narrow")?.lines == 10)
        #expect(view.element("cards")?.items?.first?.first?.lines == 5)
        #expect(try self.view(typing: "").element("body")?.lines == 0)
    }

    @Test func maxLinesCapsATextAndMarksItTruncated() throws {
        let long = try view(typing: Self.words(10)).element("teaser")
        #expect(long?.lines == 2 && long?.truncated == true)
        let short = try view(typing: Self.words(8)).element("teaser")
        #expect(short?.lines == 2 && short?.truncated == false)
    }

    @Test func narrowerScreensAndLargerTextTakeMoreLines() throws {
        // iPhone SE on iOS 12: 320 pt less two 20 pt margins is 280 pt, three words a line.
        #expect(try view(typing: Self.words(12), device: .iPhoneSE).element("body")?.lines == 4)
        var large = DeviceProfile.standard
        large.textScale = 2
        // 153 pt words: two to a 353 pt line.
        #expect(try view(typing: Self.words(12), device: large).element("body")?.lines == 6)
    }

    @Test func theMeterLightsBarsOverSixtyDecibels() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        #expect(harness.machine.view(of: harness.state)?.element("input")?.meter?.bars == 0)
        let slider = try #require(harness.program.path("volume", on: 0))
        harness.send(.change(slider, .number(0.1)))
        let meter = try #require(harness.machine.view(of: harness.state)?.element("input")?.meter)
        // 0.1 is −20 dBFS: two thirds of the way from −60 to 0, 5.33 of 8 bars.
        #expect(meter == MeterView(level: 0.1, segments: 8))
        #expect(meter.bars == 5 && meter.drawing == "█████   ")
    }

    @Test func meterLevelsMapToBarsAndBadLevelsToNone() {
        #expect(MeterView(level: 1, segments: 8).bars == 8)
        #expect(MeterView(level: 3, segments: 8).bars == 8)
        #expect(MeterView(level: 0.5, segments: 8).bars == 7)  // −6 dBFS
        #expect(MeterView(level: 0.001, segments: 8).bars == 0)  // −60 dBFS
        #expect(MeterView(level: 0, segments: 5).bars == 0)
        #expect(MeterView(level: .nan, segments: 8).bars == 0)
        #expect(MeterView(level: -1, segments: 8).drawing == "        ")
    }
}
