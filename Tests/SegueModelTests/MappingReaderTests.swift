import SegueDiagnostics
import SegueYAML
import Testing

@testable import SegueModel

/// Unknown keys are found by which entries were read, also past the 64th entry of a mapping.
struct MappingReaderTests {
    private func decode(_ yaml: String) -> (flow: Flow?, diagnostics: [Diagnostic]) {
        let file = SourceFile(path: "keys.yaml", text: yaml)
        let root = YAMLLoader().load(file).root
        var decoder = FlowDecoder(file: file)
        let flow = decoder.decodeFlow(root)
        return (flow, decoder.diagnostics)
    }

    @Test func keysPastTheSixtyFourthAreTrackedOneByOne() {
        // 70 unknown keys, then `on` (entry 71) and `title` (entry 72), which are read.
        var yaml = "segue: 1\nflow: many\nstart: main\nscreens:\n  main:\n"
        for index in 0..<70 { yaml += "    key\(index): 1\n" }
        yaml += "    on:\n      next: dismiss\n    title: Hello\n"
        let (flow, diagnostics) = decode(yaml)
        #expect(diagnostics.count == 70)
        #expect(diagnostics.allSatisfy { $0.code == DiagnosticCode.unknownKey })
        #expect(diagnostics.first?.message == "unknown key `key0` in screen `main`")
        #expect(diagnostics.last?.message == "unknown key `key69` in screen `main`")
        #expect(diagnostics.last?.range.start.line == 75)
        #expect(flow?.screens.first?.handlers.map(\.event.text) == ["next"])
        #expect(flow?.screens.first?.title?.text == "Hello")
    }

    @Test func theAllowedKeysAreListedSortedOnce() {
        let (_, diagnostics) = decode("segue: 1\nflow: f\nstart: main\nscreens:\n  main:\n    zzzzzzzz: 1\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message == "unknown key `zzzzzzzz` in screen `main`")
        #expect(
            diagnostics.first?.notes.map(\.message) == [
                "allowed here: data, elements, initial_state, layout, let, navigation, on, on_enter, on_error, on_exit, "
                    + "parallel, parameters, playback, recording, returns, states, title"
            ])
    }

    @Test func aMisspelledKeyGetsItsSuggestion() {
        let (_, diagnostics) = decode("segue: 1\nflow: f\nstart: main\nscreens:\n  main:\n    titel: Hi\n")
        #expect(diagnostics.map(\.message) == ["unknown key `titel` in screen `main`; did you mean `title`?"])
        #expect(diagnostics.first?.fixIts.map(\.replacement) == ["title"])
    }
}

/// A screen's optional parts (title, layout, states, playback, recording) are kept apart; setting and clearing them
/// behaves like plain properties, and copies do not share changes.
struct ScreenOptionalPartsTests {
    @Test func settingAndClearingOptionalParts() {
        var screen = Screen(name: Name("main", at: .synthesized), range: .synthesized)
        #expect(screen.title == nil && screen.states == nil && screen.playback == nil)
        screen.title = ExpressionText("Hello", kind: .template, id: ExpressionID(0), node: nil, range: .synthesized)
        screen.states = StateChart(initial: [], parallel: true, states: [], range: .synthesized)
        let copy = screen
        screen.title = nil
        #expect(screen.title == nil)
        #expect(screen.states?.parallel == true)
        #expect(copy.title?.text == "Hello")
        screen.states = nil
        #expect(screen.states == nil && screen.layout == nil && screen.recording == nil)
        #expect(copy.states?.parallel == true)
    }
}
