import Foundation
import SegueJSON
import Testing

@testable import SegueLanguageServer

/// Diagnostics as you type: the same problems as `segue validate`, after a quiet spell, imported files included.
struct DiagnosticsTests {
    @Test func aBrokenScreenNameIsReportedWhereItIsWritten() throws {
        let harness = ServerHarness()
        let broken = ServerHarness.donateText.replacingOccurrences(
            of: "tap: { present: donate }", with: "tap: { present: donat }")
        let uri = harness.open(ServerHarness.donatePath, text: broken)
        let diagnostics = try #require(harness.diagnostics()[uri])
        let unknown = try #require(diagnostics.first { $0["code"] == "C101" })
        #expect(unknown["message"]?.string?.contains("unknown screen `donat`; did you mean `donate`?") == true)
        #expect(unknown["severity"] == 1)
        let start = ServerHarness.position(of: "present: donat }", in: broken, offset: "present: ".count)
        #expect(unknown["range"]?["start"] == start)
        #expect(unknown["range"]?["end"]?["character"] == JSON((start["character"]?.int ?? 0) + 5))
    }

    @Test func theSeedFlowHasNoDiagnosticsLikeValidate() {
        let harness = ServerHarness()
        let uri = harness.open(ServerHarness.donatePath)
        #expect(harness.diagnostics()[uri] == [])
    }

    @Test func closingADocumentClearsItsDiagnostics() {
        let harness = ServerHarness()
        let uri = harness.open(
            ServerHarness.donatePath,
            text: ServerHarness.donateText.replacingOccurrences(of: "start: main", with: "start: mian"))
        #expect(harness.diagnostics()[uri]?.isEmpty == false)
        harness.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        #expect(harness.published()[uri] == [], "cleared at once, without waiting")
        #expect(harness.diagnostics().isEmpty, "and nothing more is published for it")
    }

    @Test func diagnosticsWaitForTheTypingToPause() {
        let harness = ServerHarness()
        let uri = harness.open(ServerHarness.donatePath)
        #expect(harness.published().isEmpty)
        harness.advance(0.1)
        harness.change(uri, to: ServerHarness.donateText.replacingOccurrences(of: "start: main", with: "start: mian"))
        harness.advance(0.1)
        #expect(harness.published().isEmpty, "an edit 0.1 s ago restarts the wait")
        harness.advance(0.06)
        let published = harness.published()
        #expect(published[uri]?.contains { $0["message"]?.string?.contains("`mian`") == true } == true)
        #expect(harness.published().isEmpty, "published once per pause")
    }

    @Test func aHalfTypedFileGetsAYAMLErrorNotACrash() throws {
        let harness = ServerHarness()
        var text = ServerHarness.donateText
        text = String(text.prefix(text.count / 2)) + "\n  broken: [unclosed, {\n"
        let uri = harness.open(ServerHarness.donatePath, text: text)
        let diagnostics = try #require(harness.diagnostics()[uri])
        #expect(diagnostics.contains { $0["code"]?.string?.hasPrefix("Y") == true })
        // Completion and the outline still answer from what was last understood.
        let position = ServerHarness.position(of: "broken:", in: text)
        #expect(harness.send("textDocument/completion", ServerHarness.document(uri, at: position))["result"] != nil)
        #expect(harness.send("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])["error"] == nil)
    }

    @Test func aFileThatIsNotAFlowIsReportedNotFatal() throws {
        let harness = ServerHarness()
        for (index, text) in ["- just\n- a list\n", "plain words", "", "{ \"json\": [1, 2 }", "\u{0}\u{1}binary"]
            .enumerated()
        {
            let uri = harness.open("/tmp/not-a-flow-\(index).yaml", text: text)
            let diagnostics = try #require(harness.diagnostics()[uri], "\(text)")
            #expect(!diagnostics.isEmpty, "`\(text)` is not a flow")
            for method in ["textDocument/documentSymbol", "textDocument/completion", "textDocument/hover"] {
                let reply = harness.send(method, ServerHarness.document(uri, at: ["line": 0, "character": 2]))
                #expect(reply["error"] == nil, "\(method) on `\(text)`")
            }
        }
    }

    @Test func anImportedFilesProblemsArePublishedForThatFileAndClearedWhenFixed() throws {
        let directory = try ServerHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let library = directory + "/common.yaml"
        try
            "segue: 1\ncomponents:\n  card:\n    elements:\n      - text: caption\n        value: Hi\n        colour: red\n"
            .write(toFile: library, atomically: true, encoding: .utf8)
        let main = """
            segue: 1
            flow: app
            start: home
            imports: [common.yaml]
            screens:
              home:
                elements:
                  - use: card

            """
        let harness = ServerHarness()
        let uri = harness.open(directory + "/app.yaml", text: main)
        let first = harness.diagnostics()
        let libraryURI = DocumentURI.uri(of: library)
        let problems = try #require(first[libraryURI])
        #expect(problems.contains { $0["message"]?.string?.contains("colour") == true })
        #expect(problems.first?["range"]?["start"]?["line"] == 6)
        #expect(first[uri] == [])
        try "segue: 1\ncomponents:\n  card:\n    elements:\n      - text: caption\n        value: Hi\n"
            .write(toFile: library, atomically: true, encoding: .utf8)
        harness.change(uri, to: main + "\n")
        #expect(harness.diagnostics()[libraryURI] == [], "the fixed import's diagnostics are cleared")
    }

    /// Every prefix of the seed flow, as typed from the top: each request answers (a result or a protocol
    /// error), and none is an internal error.
    @Test func everyRequestAnswersOnEveryHalfTypedPrefix() {
        let harness = ServerHarness()
        let uri = harness.open(ServerHarness.donatePath)
        let text = Array(ServerHarness.donateText.unicodeScalars)
        var cut = 0
        var answered = 0
        while cut < text.count {
            let prefix = String(String.UnicodeScalarView(text[..<cut]))
            harness.change(uri, to: prefix, version: cut + 2)
            let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
            let end: JSON = ["line": JSON(lines.count - 1), "character": JSON(lines.last?.utf16.count ?? 0)]
            let middle: JSON = ["line": JSON(lines.count / 2), "character": 6]
            for position in [end, middle, ["line": 9999, "character": 9999]] {
                for method in [
                    "textDocument/completion", "textDocument/hover", "textDocument/definition",
                    "textDocument/references", "textDocument/prepareRename",
                ] {
                    let reply = harness.send(method, ServerHarness.document(uri, at: position))
                    #expect(reply["error"]?["code"] != -32603, "\(method) at \(position) after \(cut) characters")
                    if reply["result"] != nil { answered += 1 }
                }
            }
            let symbols = harness.send("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])
            #expect(symbols["result"] != nil)
            _ = harness.diagnostics()
            cut += max(1, text.count / 30)
        }
        #expect(answered > 0)
    }
}
