import Foundation
import Testing

@testable import SegueLanguageServer

/// The editor's workspace root is the project root: an import outside it is never read, so no diagnostic speaks of
/// (or quotes) a file outside it and rename proposes no edit outside it.
@Suite struct WorkspaceRootTests {
    /// `top/ws/app.yaml` imports `../lib/cards.yaml`, whose `hunter2:` key is a mistake a diagnostic would quote.
    private func inTree(_ body: (_ top: String) throws -> Void) throws {
        let top = try ServerHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: top) }
        for folder in [top + "/ws", top + "/lib"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try "segue: 1\ncomponents:\n  card:\n    elements: []\nhunter2: 1\n".write(
            toFile: top + "/lib/cards.yaml", atomically: true, encoding: .utf8)
        try Self.app.write(toFile: top + "/ws/app.yaml", atomically: true, encoding: .utf8)
        try body(top)
    }

    static let app = """
        segue: 1
        flow: app
        start: main
        imports: [../lib/cards.yaml]
        screens:
          main:
            elements:
              - use: card
        """

    /// A server whose workspace root is `root`, with `top/ws/app.yaml` open.
    private func server(root: String, top: String) -> (ServerHarness, String) {
        let harness = ServerHarness(initialize: false)
        _ = harness.request("initialize", ["rootUri": .string("file://" + root), "capabilities": [:]])
        harness.notify("initialized", [:])
        return (harness, harness.open(top + "/ws/app.yaml"))
    }

    @Test func anImportOutsideTheWorkspaceIsNamedNeverRead() throws {
        try inTree { top in
            let (harness, uri) = server(root: top + "/ws", top: top)
            let published = harness.diagnostics()
            #expect(Array(published.keys) == [uri], "\(published.keys)")
            let messages = (published[uri] ?? []).compactMap { $0["message"]?.string }
            #expect(
                messages.contains { $0.hasPrefix("`imports:` names `../lib/cards.yaml`, outside the project root") })
            #expect(!"\(published)".contains("hunter2"))
        }
    }

    @Test func aWorkspaceHoldingTheImportReadsIt() throws {
        try inTree { top in
            let (harness, uri) = server(root: top, top: top)
            let published = harness.diagnostics()
            let library = "file://" + top + "/ws/../lib/cards.yaml"  // as the server names it
            #expect(Set(published.keys) == [uri, library], "\(published.keys)")
            #expect("\(published[library] ?? [])".contains("hunter2"))
        }
    }

    @Test func renameProposesNoEditOutsideTheWorkspace() throws {
        try inTree { top in
            let position = ServerHarness.position(of: "use: card", in: Self.app, offset: 6)
            let library = "file://" + top + "/ws/../lib/cards.yaml"  // as the server names it
            for (root, libraryEdited) in [(top, true), (top + "/ws", false)] {
                let (harness, uri) = server(root: root, top: top)
                let result = harness.request(
                    "textDocument/rename",
                    ServerHarness.document(uri, at: position).merging(["newName": "tile"]))
                let edited = Set(result["changes"]?.object?.keys.map { $0 } ?? [])
                #expect(edited.contains(library) == libraryEdited, "root \(root): \(edited)")
                #expect(edited.isSubset(of: [uri, library]))
            }
        }
    }
}
