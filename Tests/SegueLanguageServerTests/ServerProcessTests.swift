import Foundation
import Testing

/// `segue lsp` as an editor starts it: framing on real pipes, debounced diagnostics, cancellation, exit status.
@Suite(.enabled(if: SegueBinary.path != nil, "the segue executable is not built next to the tests"))
struct ServerProcessTests {
    private static func message(_ id: Int?, _ method: String, _ params: String = "{}") -> String {
        let idPart = id.map { "\"id\":\($0)," } ?? ""
        return "{\"jsonrpc\":\"2.0\",\(idPart)\"method\":\"\(method)\",\"params\":\(params)}"
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast()
            .description
    }

    @Test func anEditorSessionOverPipes() async throws {
        let server = try ServerProcess()
        server.write([Self.message(1, "initialize", "{\"capabilities\":{}}")])
        let initialized = try await server.next()
        #expect(initialized["id"] as? Int == 1)
        #expect((initialized["result"] as? [String: Any])?["capabilities"] != nil)

        let uri = "file://" + ServerHarness.donatePath
        let broken = ServerHarness.donateText.replacingOccurrences(of: "start: main", with: "start: mian")
        let open =
            "{\"textDocument\":{\"uri\":\"\(uri)\",\"languageId\":\"yaml\",\"version\":1,\"text\":\(Self.quoted(broken))}}"
        server.write([Self.message(nil, "initialized"), Self.message(nil, "textDocument/didOpen", open)])
        let published = try await server.next { $0["method"] as? String == "textDocument/publishDiagnostics" }
        let diagnostics = (published["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.contains { ($0["message"] as? String)?.contains("`mian`") == true })

        // A request cancelled in the same batch is answered RequestCancelled; the next one is answered normally.
        let position = "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":{\"line\":4,\"character\":8}}"
        server.write([
            Self.message(2, "textDocument/completion", position), Self.message(nil, "$/cancelRequest", "{\"id\":2}"),
            Self.message(3, "textDocument/hover", position), Self.message(4, "no/such/method"),
        ])
        let cancelled = try await server.next { $0["id"] as? Int == 2 }
        #expect((cancelled["error"] as? [String: Any])?["code"] as? Int == -32800)
        let hover = try await server.next { $0["id"] as? Int == 3 }
        #expect(hover["error"] == nil)
        let unknown = try await server.next { $0["id"] as? Int == 4 }
        #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)

        server.write([Self.message(5, "shutdown", "null"), Self.message(nil, "exit", "null")])
        _ = try await server.next { $0["id"] as? Int == 5 }
        let ended = await server.wait()
        #expect(ended.status == 0)
        #expect(ended.log.contains("segue lsp: serving on stdin/stdout"), "logs go to standard error")
    }

    @Test func inputClosedWithoutExitEndsWithStatusOne() async throws {
        let server = try ServerProcess()
        server.write([Self.message(1, "initialize"), "this is not json"])
        _ = try await server.next { $0["id"] as? Int == 1 }
        let parseError = try await server.next()
        #expect((parseError["error"] as? [String: Any])?["code"] as? Int == -32700)
        server.closeInput()
        let ended = await server.wait()
        #expect(ended.status == 1)
        #expect(ended.log.contains("input closed without `exit`"))
    }

    @Test func lspTakesNoFileNames() async throws {
        let server = try ServerProcess(arguments: ["lsp", "flows/donate.yaml"])
        server.closeInput()
        let ended = await server.wait()
        #expect(ended.status == 2)
        #expect(ended.log.contains("takes no file names"))
    }
}
