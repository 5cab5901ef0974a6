import Foundation
import SegueJSON
import Testing

@testable import SegueLanguageServer

/// Completion: keys from the vocabulary with their docs, and names where a name goes.
struct CompletionTests {
    /// Completion at the end of `needle` in donate.yaml with `edit` applied first.
    private func complete(
        replacing original: String? = nil, with edit: String? = nil, after needle: String, occurrence: Int = 1,
        file: String = ServerHarness.donatePath
    ) -> JSON {
        let harness = ServerHarness()
        var text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        // Opened as saved, then edited: names still complete from the last text that was a flow.
        let uri = harness.open(file, text: text)
        if let original, let edit {
            precondition(text.contains(original), "`\(original)` is not in the file")
            text = text.replacingOccurrences(of: original, with: edit)
            harness.change(uri, to: text)
        }
        let position = ServerHarness.position(of: needle, in: text, occurrence: occurrence, offset: needle.utf16.count)
        return harness.request("textDocument/completion", ServerHarness.document(uri, at: position))
    }

    @Test func screensAfterPresent() {
        let labels = complete(after: "tap: { present: ").labels
        #expect(labels == ["main", "donate", "donate_one_post", "donate_all_post", "donate_form"])
    }

    @Test func screensFilteredByWhatIsTyped() {
        let labels = complete(
            replacing: "tap: { present: donate_form }", with: "tap: { present: donate_a }", after: "present: donate_a"
        ).labels
        #expect(labels == ["donate_all_post"])
    }

    @Test func eventsAfterSendAndUnderOn() {
        #expect(complete(after: "- send: ").labels.contains("refresh_latest"))
        let events = complete(
            replacing: "    on:\n      refresh_latest:", with: "    on:\n      re\n      refresh_latest:",
            after: "    on:\n      re"
        ).labels
        #expect(events == ["refresh_latest", "remove_entry"])
    }

    @Test func messageIdsUnderMessages() throws {
        let result = complete(
            replacing: "locale: ru\n", with: "locale: ru\nmessages:\n  navigation.back: Назад\n  rule.\n",
            after: "  rule.")
        let labels = result.labels
        #expect(labels.contains("rule.required") && labels.contains("rule.max_length"), "\(labels)")
        #expect(labels.allSatisfy { $0.hasPrefix("rule.") }, "\(labels)")
        let required = try #require(result["items"]?.array?.first { $0["label"]?.string == "rule.required" })
        let doc = required["documentation"]?["value"]?.string ?? ""
        #expect(doc.contains("A `required` field left empty.") && doc.contains("ru: `"), "\(doc)")
        let all = complete(
            replacing: "locale: ru\n", with: "locale: ru\nmessages:\n  navigation.back: Назад\n  \n",
            after: "navigation.back: Назад\n  "
        ).labels
        #expect(all.contains("error_alert.title") && all.contains("rule.required"), "\(all)")
        #expect(!all.contains("navigation.back"), "an id overridden already is not offered again")
    }

    @Test func componentsAfterUse() {
        let labels = complete(after: "item: { use: ").labels
        #expect(labels.contains("product_option") && labels.contains("donation_card"))
        #expect(!labels.contains("main"))
    }

    @Test func serviceOperationsAfterCall() {
        let labels = complete(after: "- call: ").labels
        for operation in ["store.products", "store.purchase", "board.list_entries", "board.add_entry"] {
            #expect(labels.contains(operation), "\(operation)")
        }
    }

    @Test func nestedStatesAfterGoto() {
        let labels = complete(after: "[{ goto: ", file: ServerHarness.root + "/flows/pictone.yaml").labels
        #expect(labels.contains("recording") && labels.contains("playback"))
        #expect(!labels.contains("main"))
    }

    /// Under `with:`, the names what it goes to takes: a component's parameters (inline), a screen's parameters
    /// (under `show:` in a list item), an event's payload, an operation's parameters; those written already left out.
    @Test func argumentNamesUnderWith() {
        let card = complete(
            replacing: "with: { entry: item, width:", with: "with: { entry: item, wi", after: "with: { entry: item, wi"
        ).labels
        #expect(card == ["width"])
        let all = complete(
            replacing: "use: donation_card, with: { entry: item,", with: "use: donation_card, with: {",
            after: "use: donation_card, with: {"
        ).labels
        #expect(all == ["entry", "width"], "\(all)")
        let screen = complete(
            replacing: "- show: donate_one_post\n      with: { entry: event.item }",
            with: "- show: donate_one_post\n      with: { en", after: "with: { en"
        ).labels
        #expect(screen == ["entry"], "\(screen)")
        let event = complete(
            replacing: "tap: { send: buy, with: { item: item } }", with: "tap: { send: buy, with: { i",
            after: "send: buy, with: { i"
        ).labels
        #expect(event == ["item"], "\(event)")
        let operation = complete(
            replacing: "with: { offset: 0, count: 6 }", with: "with:\n            \n", after: "with:\n            "
        ).labels
        #expect(operation.contains("offset") && operation.contains("count"), "\(operation)")
    }

    /// A component and an event declared in an imported file: `with:` offers their parameters and payload, as the
    /// checker declared them there.
    @Test func argumentNamesUnderWithFromAnImportedFile() throws {
        let harness = ServerHarness()
        let directory = try ServerHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let common = """
            segue: 1
            events:
              picked: { title: string, count: int }
            components:
              card:
                parameters: { title: string, subtitle: { type: string, default: "''" } }
                elements:
                  - text: caption
                    value: "${title}"

            """
        try common.write(toFile: directory + "/common.yaml", atomically: true, encoding: .utf8)
        let main = """
            segue: 1
            flow: app
            start: home
            imports: [common.yaml]
            screens:
              home:
                elements:
                  - use: card
                    with: { title: Hi, s }
                  - button: pick
                    tap: { send: picked, with: { c } }
                on:
                  picked: []

            """
        let uri = harness.open(directory + "/app.yaml", text: main)
        func labels(after needle: String) -> [String] {
            let position = ServerHarness.position(of: needle, in: main, offset: needle.utf16.count)
            return harness.request("textDocument/completion", ServerHarness.document(uri, at: position)).labels
        }
        #expect(labels(after: "with: { title: Hi, ") == ["subtitle"])
        #expect(labels(after: "send: picked, with: { ") == ["title", "count"])
    }

    @Test func dataVariablesUnderSet() {
        let labels = complete(after: "- set: { ").labels
        #expect(labels.contains("latest") && labels.contains("purchased"))
    }

    @Test func screenKeysWithTheirDocsFromTheVocabulary() throws {
        let result = complete(
            replacing: "    title: Main\n", with: "    title: Main\n    \n", after: "    title: Main\n    ")
        #expect(result.labels.contains("elements") && result.labels.contains("on_enter"))
        #expect(!result.labels.contains("title"), "a key already written is not offered again")
        #expect(!result.labels.contains("label"), "a button's key is not a screen's")
        let elements = try #require(result["items"]?.array?.first { $0["label"] == "elements" })
        #expect(elements["documentation"]?["value"]?.string?.contains("what the screen shows") == true)
    }

    @Test func aButtonsKeysInsideItsListItem() {
        let labels = complete(
            replacing: "        label: Поддержать проект\n", with: "        label: Поддержать проект\n        st\n",
            after: "        st"
        ).labels
        #expect(labels == ["style"])
    }

    @Test func elementKindsStartANewListItem() {
        let labels = complete(
            replacing: "      - button: donate\n", with: "      - sl\n      - button: donate\n", after: "      - sl"
        ).labels
        #expect(labels == ["slider"])
    }

    @Test func allowedWordsForAKeyOfFixedValues() {
        let labels = complete(replacing: "        anchor: top", with: "        anchor: ", after: "        anchor: ")
            .labels
        #expect(labels.sorted() == ["bottom", "top"])
    }

    @Test func typesAfterType() {
        let labels = complete(after: "products: { type: ").labels
        #expect(labels.contains("Entry") && labels.contains("string") && labels.contains("list"))
        #expect(!labels.contains("main"))
    }
}
