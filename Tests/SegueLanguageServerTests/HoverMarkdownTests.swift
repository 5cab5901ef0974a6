import Testing

@testable import SegueLanguageServer

/// Text from a flow in a hover's Markdown is shown as written: a backtick in an expression or a declaration's line
/// cannot end its code span or block and add a link, an image (a request when the hover shows) or HTML.
struct HoverMarkdownTests {
    @Test func codeSpansAndBlocksAreFencedLongerThanAnyRunInside() {
        #expect(MarkdownText.code("count") == "`count`")
        #expect(MarkdownText.code("a`b") == "``a`b``")
        #expect(MarkdownText.code("`x") == "`` `x ``")
        #expect(MarkdownText.code("a``b\u{1B}[2J") == "```a``b\\u{1B}[2J```")
        #expect(MarkdownText.block("x: 1 # ```", language: "yaml") == "````yaml\nx: 1 # ```\n````")
        #expect(MarkdownText.block("x: 1", language: "yaml") == "```yaml\nx: 1\n```")
        #expect(MarkdownText.plain("[a](b) *c* <d>") == "\\[a\\]\\(b\\) \\*c\\* \\<d\\>")
    }

    @Test func anExpressionWithBackticksStaysOneCodeSpan() {
        let harness = ServerHarness()
        let attack = "`](http://evil.example/x) ![i](http://evil.example/p.png) <img src=x> `"
        let text = """
            segue: 1
            flow: f
            start: main
            data:
              word: { type: string, default: "'a'" }
            screens:
              main:
                elements:
                  - text: t
                    value: "${word + '\(attack)'}"

            """
        let uri = harness.open("/tmp/segue-hover-markdown/f.yaml", text: text)
        // The cursor on the string literal: its text as written is what the hover quotes.
        let position = ServerHarness.position(of: "'`](", in: text, offset: 2)
        let doc = harness.request("textDocument/hover", ServerHarness.document(uri, at: position))["contents"]?[
            "value"]?.string ?? "nil"
        #expect(doc.hasPrefix("``'\(attack)'``: `string`"), "\(doc)")
    }
}
