import Foundation
import SegueJSON
import Testing

@testable import SegueLanguageServer

/// Go to definition, find references and rename for screens, events, data, components and states.
struct NavigationTests {
    let harness = ServerHarness()
    let text = ServerHarness.donateText
    let uri: String

    init() { uri = harness.open(ServerHarness.donatePath) }

    private func at(_ needle: String, occurrence: Int = 1, offset: Int = 1) -> JSON {
        ServerHarness.document(
            uri, at: ServerHarness.position(of: needle, in: text, occurrence: occurrence, offset: offset))
    }

    @Test func aScreensDefinitionIsItsKeyUnderScreens() {
        let result = harness.request("textDocument/definition", at("present: donate_form", offset: 12))
        #expect(result.array?.count == 1)
        #expect(result.array?.first?["uri"]?.string == uri)
        #expect(
            result.array?.first?["range"]?["start"]
                == ServerHarness.position(of: "  donate_form:\n", in: text, offset: 2))
    }

    @Test func anEventsReferencesAreEverySendAndItsHandler() {
        let result = harness.request("textDocument/references", at("send: open_entry", offset: 8))
        let lines = (result.array ?? []).compactMap { $0["range"]?["start"]?["line"]?.int }
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter {
            $0.element.contains("open_entry")
        }.map(\.offset)
        #expect(lines.sorted() == expected)
    }

    @Test func renamingAnEventChangesEveryUseAndNothingElse() throws {
        let result = harness.request(
            "textDocument/rename", at("send: open_entry", offset: 8).merging(["newName": "show_entry"]))
        let edits = try #require(result["changes"]?[uri]?.array)
        let renamed = Self.apply(edits, to: text)
        #expect(!renamed.contains("open_entry"))
        #expect(
            renamed.components(separatedBy: "show_entry").count - 1 == text.components(separatedBy: "open_entry").count
                - 1)
        let check = ServerHarness()
        let renamedURI = check.open(ServerHarness.donatePath, text: renamed)
        #expect(check.diagnostics()[renamedURI] == [], "the renamed flow still validates")
    }

    @Test func renamingADataVariableRenamesItsSetsAndEveryRead() throws {
        let result = harness.request(
            "textDocument/rename", at("set: { latest:", offset: 8).merging(["newName": "newest"]))
        let edits = try #require(result["changes"]?[uri]?.array)
        let renamed = Self.apply(edits, to: text)
        #expect(renamed.contains("set: { newest: result }"))
        #expect(renamed.contains("items: newest"), "a read in an expression is renamed too")
        let check = ServerHarness()
        let renamedURI = check.open(ServerHarness.donatePath, text: renamed)
        #expect(check.diagnostics()[renamedURI] == [], "the renamed flow still validates")
    }

    @Test func aVariableReadInsideATemplateIsAReference() throws {
        let flow = """
            segue: 1
            flow: taps
            start: home
            data:
              count: { type: int, default: 0 }
            screens:
              home:
                elements:
                  - text: label
                    value: "Taps: ${count} (${count * 2} halves)"
                  - button: more
                    label: More
                    tap: { set: { count: "count + 1" } }

            """
        let check = ServerHarness()
        let uri = check.open("/tmp/segue-lsp-taps.yaml", text: flow)
        let position = ServerHarness.position(of: "${count}", in: flow, offset: 3)
        let references = check.request("textDocument/references", ServerHarness.document(uri, at: position))
        #expect(references.array?.count == 5, "the declaration, two reads in the template, the set and its value")
        let result = check.request(
            "textDocument/rename", ServerHarness.document(uri, at: position).merging(["newName": "taps"]))
        let renamed = Self.apply(try #require(result["changes"]?[uri]?.array), to: flow)
        #expect(renamed.contains(#"value: "Taps: ${taps} (${taps * 2} halves)""#))
        #expect(renamed.contains(#"tap: { set: { taps: "taps + 1" } }"#))
        #expect(renamed.contains("  taps: { type: int, default: 0 }"))
    }

    @Test func aRecordTypesReferencesAreItsUsesInTypeAnnotations() throws {
        let result = harness.request("textDocument/references", at("  Entry:", offset: 3))
        let lines = (result.array ?? []).compactMap { $0["range"]?["start"]?["line"]?.int }
        let source = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 4, "the declaration and its uses: \(lines)")
        for line in lines { #expect(source[line].contains("Entry"), "\(source[line])") }
        #expect(lines.contains { source[$0].contains("open_entry: { item: Entry }") })
        let definition = harness.request("textDocument/definition", at("result: list<Entry>", offset: 14))
        #expect(
            definition.array?.first?["range"]?["start"] == ServerHarness.position(of: "  Entry:", in: text, offset: 2))
    }

    @Test func aNameThatIsNotANameIsRefused() {
        let reply = harness.send(
            "textDocument/rename", at("send: open_entry", offset: 8).merging(["newName": "two words"]))
        #expect(reply["error"]?["code"] == -32602)
    }

    @Test func prepareRenameGivesTheNamesRange() {
        let result = harness.request("textDocument/prepareRename", at("show: donate_all_post", offset: 7))
        #expect(result["placeholder"] == "donate_all_post")
        #expect(harness.request("textDocument/prepareRename", at("title: Main", offset: 2)) == .null)
    }

    @Test func statesJumpWithinTheirScreen() throws {
        let pictone = ServerHarness.root + "/flows/pictone.yaml"
        let source = try String(contentsOfFile: pictone, encoding: .utf8)
        let uri = harness.open(pictone)
        let position = ServerHarness.position(of: "goto: recording", in: source, offset: 7)
        let result = harness.request("textDocument/definition", ServerHarness.document(uri, at: position))
        let line = try #require(result.array?.first?["range"]?["start"]?["line"]?.int)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[line].trimmingCharacters(in: .whitespaces).hasPrefix("recording:"))
    }

    @Test func aComponentsDefinitionIsFoundInTheFileThatDeclaresIt() throws {
        let directory = try ServerHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "segue: 1\ncomponents:\n  card:\n    elements:\n      - text: caption\n        value: Hi\n"
            .write(toFile: directory + "/common.yaml", atomically: true, encoding: .utf8)
        let main =
            "segue: 1\nflow: app\nstart: home\nimports: [common.yaml]\nscreens:\n  home:\n    elements:\n      - use: card\n"
        let uri = harness.open(directory + "/app.yaml", text: main)
        let position = ServerHarness.position(of: "use: card", in: main, offset: 6)
        let result = harness.request("textDocument/definition", ServerHarness.document(uri, at: position))
        #expect(result.array?.first?["uri"]?.string == DocumentURI.uri(of: directory + "/common.yaml"))
        #expect(result.array?.first?["range"]?["start"] == ["line": 2, "character": 2])
    }

    /// The text with the edits applied, last first so earlier positions stay right.
    static func apply(_ edits: [JSON], to text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0).utf16) }
        let sorted = edits.sorted {
            let a = $0["range"]?["start"], b = $1["range"]?["start"]
            return (a?["line"]?.int ?? 0, a?["character"]?.int ?? 0) > (b?["line"]?.int ?? 0, b?["character"]?.int ?? 0)
        }
        for edit in sorted {
            guard let line = edit["range"]?["start"]?["line"]?.int,
                let start = edit["range"]?["start"]?["character"]?.int,
                let end = edit["range"]?["end"]?["character"]?.int, let newText = edit["newText"]?.string
            else { continue }
            lines[line].replaceSubrange(start..<end, with: Array(newText.utf16))
        }
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }
}

extension JSON {
    func merging(_ other: [String: JSON]) -> JSON {
        guard case .object(var members) = self else { return self }
        for (key, value) in other { members[key] = value }
        return .object(members)
    }
}
