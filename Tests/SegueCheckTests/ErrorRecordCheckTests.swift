import SegueCheck
import SegueDiagnostics
import Testing

/// `error` in `error:` branches and `on_error` is typed as the runtime fills it: `service`, `code` and `message`,
/// and `sendid`, the `send` that raised it or null.
@Suite struct ErrorRecordCheckTests {
    func diagnostics(_ onError: String) -> [String] {
        let text = """
            segue: 1
            flow: t
            start: main
            on_error:
              - alert: { title: "\(onError)" }
            screens:
              main:
                on_enter:
                  - send: ping
                    target: "'#_scxml_elsewhere'"
                    id: first
                on:
                  ping: []
                elements: []
            """
        return FlowLoader().load(SourceFile(path: "t.yaml", text: text)).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column) \($0.code) \($0.message)"
        }
    }

    @Test func sendidIsAnOptionalString() {
        #expect(diagnostics("${error.service} ${error.code} ${error.message} ${error.sendid ?? 'none'}") == [])
        #expect(
            diagnostics("${len(error.sendid)}") == [
                "5:28 C205 `error.sendid` may be null (it is `string?`), but `len` needs a value; give a fallback "
                    + "with `error.sendid ?? …` or check it first"
            ])
    }
}
