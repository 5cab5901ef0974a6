import SegueJSON
import Testing

@testable import SegueLanguageServer

/// Hover inside expressions: a name's type and declaration, a field's type, a function's signature and the whole
/// expression's type, from the checker's inference.
struct ExpressionHoverTests {
    let harness = ServerHarness()
    let text = ServerHarness.donateText
    let uri: String

    init() { uri = harness.open(ServerHarness.donatePath) }

    private func hover(_ needle: String, offset: Int, occurrence: Int = 1) -> JSON {
        let position = ServerHarness.position(of: needle, in: text, occurrence: occurrence, offset: offset)
        return harness.request("textDocument/hover", ServerHarness.document(uri, at: position))
    }

    private func value(_ needle: String, offset: Int, occurrence: Int = 1) -> String {
        hover(needle, offset: offset, occurrence: occurrence)["contents"]?["value"]?.string ?? "nil"
    }

    static let moreVisible = "visible: \"!empty(entry.text) && line_count(entry.text, width) > 2\""

    @Test func aNamesTypeAndItsFields() {
        let doc = value(Self.moreVisible, offset: 18)
        #expect(doc.hasPrefix("`entry`: `Entry`"), "\(doc)")
        #expect(doc.contains("`Entry` has `user_id: string`, `name: string`"), "\(doc)")
        #expect(doc.contains("the whole expression: `bool`"), "\(doc)")
    }

    @Test func aComputedFieldIsHoveredLikeAFieldAndListedAsComputed() {
        let doc = value("value: \"${entry.full_name}\"\n        font: headline", offset: 19)
        #expect(doc.hasPrefix("`entry.full_name`: `string`"), "\(doc)")
        let name = value("value: \"${entry.full_name}\"\n        font: headline", offset: 12)
        #expect(name.contains("`created_at: string`, `full_name: string` (computed)"), "\(name)")
    }

    @Test func aFieldsTypeAndItsRange() {
        let result = hover(Self.moreVisible, offset: 25)
        let doc = result["contents"]?["value"]?.string ?? "nil"
        #expect(doc.hasPrefix("`entry.text`: `string?`"), "\(doc)")
        let start = ServerHarness.position(of: Self.moreVisible, in: text, offset: 17)
        #expect(result["range"]?["start"] == start)
    }

    @Test func aFunctionsSignatureAndResult() {
        let doc = value(Self.moreVisible, offset: 38)
        #expect(doc.hasPrefix("`line_count(entry.text, width)`: `int`"), "\(doc)")
        #expect(doc.contains("`line_count(text: string, width: number, font_size: number = 17) -> int`"))
    }

    @Test func aNamedValuesInferredTypeAndDeclaration() {
        let doc = value("layout: { margins: margin }", offset: 20)
        #expect(doc.hasPrefix("`margin`: `int`"), "\(doc)")
        let line = (text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("  margin:") } ?? -1) + 1
        #expect(doc.contains("named value `margin`, declared at line \(line)"), "\(doc)")
    }

    @Test func anImplicitNamesDoc() {
        // The seed flow's error alerts show the error's message by default; one that writes it out reads `error`.
        let edited = text.replacingOccurrences(
            of: "{ image: error }\n\n  # D6", with: "{ image: error, message: \"${error.message}\" }\n\n  # D6")
        harness.change(uri, to: edited)
        let position = ServerHarness.position(of: "message: \"${error.message}\"", in: edited, offset: 13)
        let doc =
            harness.request("textDocument/hover", ServerHarness.document(uri, at: position))["contents"]?["value"]?
            .string ?? "nil"
        #expect(doc.hasPrefix("`error`: `Error`"), "\(doc)")
        #expect(doc.contains("`Error` has `service: string`, `code: string`, `message: string`"), "\(doc)")
        #expect(doc.contains("inside a call's `error`"), "\(doc)")
    }

    @Test func aDataDeclarationShowsItsType() {
        let doc = value("  latest: { type: list<Entry>", offset: 3)
        #expect(doc.hasPrefix("data `latest`: `list<Entry>`, declared at line"), "\(doc)")
    }
}
