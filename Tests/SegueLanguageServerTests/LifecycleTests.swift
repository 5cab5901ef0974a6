import Foundation
import Testing

@testable import SegueLanguageServer

/// initialize, shutdown and exit, and what the server answers to clients that do things out of order.
struct LifecycleTests {
    @Test func initializeAnnouncesFullSyncAndEveryFeature() {
        let harness = ServerHarness(initialize: false)
        let capabilities = harness.request("initialize", ["capabilities": [:]])["capabilities"]
        #expect(capabilities?["textDocumentSync"]?["change"] == 1)
        for feature in ["hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider"] {
            #expect(capabilities?[feature] == true, "\(feature)")
        }
        #expect(capabilities?["renameProvider"]?["prepareProvider"] == true)
        #expect(capabilities?["completionProvider"] != nil)
        #expect(capabilities?["codeActionProvider"] != nil)
    }

    @Test func aRequestBeforeInitializeIsRefusedWithServerNotInitialized() {
        let harness = ServerHarness(initialize: false)
        let reply = harness.send(
            "textDocument/hover", ServerHarness.document("file:///x.yaml", at: ["line": 0, "character": 0]))
        #expect(reply["error"]?["code"] == -32002)
    }

    @Test func anUnknownMethodIsMethodNotFoundAndAnUnknownNotificationIsIgnored() {
        let harness = ServerHarness()
        #expect(harness.send("workspace/frobnicate", [:])["error"]?["code"] == -32601)
        harness.notify("workspace/frobnicated", [:])
        #expect(harness.logged.contains { $0.contains("workspace/frobnicated") })
    }

    @Test func shutdownThenExitEndsWithStatusZero() {
        let harness = ServerHarness()
        #expect(harness.send("shutdown", .null)["result"] == .null)
        #expect(harness.send("textDocument/hover", [:])["error"]?["code"] == -32600)
        harness.notify("exit", .null)
        #expect(harness.server.exitCode == 0)
    }

    @Test func exitWithoutShutdownEndsWithStatusOne() {
        let harness = ServerHarness()
        harness.notify("exit", .null)
        #expect(harness.server.exitCode == 1)
    }

    @Test func malformedMessagesAreAnsweredNotFatal() {
        let harness = ServerHarness()
        let parse = harness.server.receive(body: Data("{not json".utf8), now: 0)
        #expect(parse.first?["error"]?["code"] == -32700)
        let noMethod = harness.server.receive(["jsonrpc": "2.0", "id": 7], now: 0)
        #expect(noMethod.first?["error"]?["code"] == -32600)
        // A request about a document never opened, and changes to it, are errors or ignored, never a crash.
        let hover = harness.send(
            "textDocument/hover", ServerHarness.document("file:///nowhere.yaml", at: ["line": 3, "character": 1]))
        #expect(hover["error"]?["code"] == -32602)
        harness.change("file:///nowhere.yaml", to: "segue: 1")
        harness.notify("textDocument/didClose", ["textDocument": ["uri": "file:///nowhere.yaml"]])
        #expect(
            harness.send("textDocument/completion", ["position": ["line": 0, "character": 0]])["error"]?["code"]
                == -32602)
    }

    @Test func aCancelledRequestIsAnsweredRequestCancelled() {
        let harness = ServerHarness()
        let reply = harness.server.cancelled(["jsonrpc": "2.0", "id": 12, "method": "textDocument/completion"])
        #expect(reply["id"] == 12)
        #expect(reply["error"]?["code"] == -32800)
    }
}
