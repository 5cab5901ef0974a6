import Testing

@testable import SegueLanguageServer

/// Hover, the outline and quick fixes.
struct HoverOutlineTests {
    let harness = ServerHarness()
    let text = ServerHarness.donateText
    let uri: String

    init() { uri = harness.open(ServerHarness.donatePath) }

    private func hover(_ needle: String, offset: Int) -> String? {
        let position = ServerHarness.position(of: needle, in: text, offset: offset)
        return harness.request("textDocument/hover", ServerHarness.document(uri, at: position))["contents"]?["value"]?
            .string
    }

    @Test func hoveringAKeyShowsItsDocFromTheVocabulary() {
        let doc = hover("        max_lines: 2", offset: 10)
        #expect(doc?.hasPrefix("`max_lines`: int ≥ 1") == true, "\(doc ?? "nil")")
        #expect(doc?.contains("lines shown before truncating") == true)
        #expect(hover("    navigation: true", offset: 6)?.hasPrefix("`navigation`: bool") == true)
        #expect(hover("      - list: options", offset: 9)?.hasPrefix("`list`:") == true, "an element kind's doc")
    }

    @Test func hoveringANameShowsItsDeclaration() {
        let doc = hover("tap: { present: donate_form }", offset: 18)
        #expect(doc?.hasPrefix("screen `donate_form`, declared at line ") == true, "\(doc ?? "nil")")
        #expect(doc?.contains("```yaml\ndonate_form:\n```") == true)
    }

    @Test func theOutlineListsScreensWithTheirElementsAndStates() throws {
        let symbols = try #require(
            harness.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]).array)
        let main = try #require(symbols.first { $0["name"] == "main" })
        #expect(main["children"]?.array?.compactMap { $0["name"]?.string } == ["donate"])
        #expect(symbols.contains { $0["name"] == "donation_card" && $0["detail"] == "component" })
        let pictoneHarness = ServerHarness()
        let pictone = pictoneHarness.open(ServerHarness.root + "/flows/pictone.yaml")
        let outline = pictoneHarness.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(pictone)]])
        let states = (outline.array ?? []).flatMap { $0["children"]?.array ?? [] }.filter { $0["detail"] == "state" }
        #expect(states.contains { $0["name"] == "recording" })
    }

    @Test func aDidYouMeanBecomesAQuickFix() throws {
        let broken = text.replacingOccurrences(
            of: "tap: { present: donate_form }", with: "tap: { present: donate_from }")
        harness.change(uri, to: broken)
        let position = ServerHarness.position(of: "donate_from", in: broken, offset: 2)
        let actions = harness.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(uri)], "range": ["start": position, "end": position],
                "context": ["diagnostics": []],
            ])
        let fix = try #require(actions.array?.first)
        #expect(fix["title"] == "Change to `donate_form`")
        let edits = try #require(fix["edit"]?["changes"]?[uri]?.array)
        #expect(NavigationTests.apply(edits, to: broken) == text)
    }
}
