import SegueCheck
import SegueDiagnostics
import Testing

/// `error` in `error:` branches and `on_error` is typed as the runtime fills it: `service`, `code` and `message`,
/// and `sendid`, the `send` that raised it or null.
@Suite struct ErrorRecordCheckTests {
    /// The diagnostics of a flow that shows `title` in a call's `error:` branch and in `on_error`.
    func diagnostics(_ title: String) -> [String] {
        let text = """
            segue: 1
            flow: t
            start: main
            services:
              store: { kind: store }
            on_error: [{ alert: { title: "\(title)" } }]
            screens:
              main:
                on_enter:
                  - call: store.products
                    with: { ids: "['a']" }
                    error: [{ alert: { title: "\(title)" } }]
                elements: []
            """
        return FlowLoader().load(SourceFile(path: "t.yaml", text: text)).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column) \($0.code) \($0.message)"
        }
    }

    @Test func sendidIsAnOptionalString() {
        #expect(diagnostics("${error.service} ${error.code} ${error.message} ${error.sendid ?? 'none'}") == [])
        let warning =
            "C205 `error.sendid` may be null (it is `string?`), but `len` needs a value; give a fallback with "
            + "`error.sendid ?? …` or check it first"
        #expect(Set(diagnostics("${len(error.sendid)}")) == ["6:37 " + warning, "12:42 " + warning])
    }
}
