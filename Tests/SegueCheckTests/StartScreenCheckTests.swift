import SegueCheck
import SegueDiagnostics
import Testing

/// `start` is resolved by the checker, which hands the compiler the screen it names (`CheckedFlow.start`).
@Suite struct StartScreenCheckTests {
    func load(start: String) -> FlowLoadResult {
        FlowLoader().load(
            SourceFile(
                path: "t.yaml",
                text: "segue: 1\nflow: t\nstart: \(start)\nscreens:\n  main:\n    elements:\n"
                    + "      - text: hello\n        value: Hi\n"))
    }

    /// An empty `start` once validated and reached the compiler, which refused it as "a bug in segue". (The JSON
    /// Schema refuses it by its name pattern; the decoder reads any scalar, so the checker is where it is refused.)
    @Test func anEmptyStartNamesNoScreen() {
        let loaded = load(start: "\"\"")
        #expect(loaded.checked == nil)
        #expect(loaded.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.code)" } == ["3:8 C101"])
    }

    @Test func theStartScreenIsResolvedForTheCompiler() {
        #expect(load(start: "main").checked?.start.position == 0)
    }
}
