import Foundation
import Testing

@testable import SegueServe

/// `segue serve`'s routes over loopback: the page, the event stream, posted inputs, downloads, refusals.
@Suite(.serialized) struct FlowServerTests {
    static func start() async throws -> FlowServer {
        try await FlowServer.start(
            path: ServeFixture.root + "/flows/donate.yaml", port: 0, options: ServeFixture.options)
    }

    /// The headers the page's own requests carry: the server's Host and the token's cookie.
    static func page(_ server: FlowServer) -> String {
        "Host: 127.0.0.1:\(server.port)\r\nCookie: \(server.access.cookieName)=\(server.token)\r\n"
    }

    /// A GET as the page sends it, with `headers` after the page's.
    static func get(_ server: FlowServer, _ path: String, headers: String = "") async throws -> String {
        try await LoopbackClient.exchange(port: server.port, "GET \(path) HTTP/1.1\r\n\(page(server))\(headers)\r\n")
    }

    /// A POST as the page sends it: JSON from the page's own origin (`origin: nil` sends none).
    static func post(
        _ server: FlowServer, _ path: String, _ json: String, type: String = "application/json",
        origin: String? = "own"
    )
        async throws -> String
    {
        let from = origin == "own" ? "http://127.0.0.1:\(server.port)" : origin
        return try await LoopbackClient.exchange(
            port: server.port,
            "POST \(path) HTTP/1.1\r\n\(page(server))Content-Type: \(type)\r\n\(from.map { "Origin: \($0)\r\n" } ?? "")"
                + "Content-Length: \(json.utf8.count)\r\n\r\n\(json)")
    }

    @Test func thePageTheStreamAndAnInput() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let port = server.port
        let page = try await Self.get(server, "/")
        #expect(LoopbackClient.status(of: page) == 200)
        #expect(page.contains("<title>donate · segue serve</title>"))
        #expect(!page.contains("src=\"http"))
        let tab = try LoopbackClient(port: port)
        tab.send("GET /events HTTP/1.1\r\n\(Self.page(server))\r\n")
        let first = await tab.receive() { $0.contains("\n\n") && $0.contains("event: state") }
        #expect(first.contains("\"screen\":\"main\""))
        let answer = try await Self.post(server, "/input", #"{"tap": "donate"}"#)
        #expect(LoopbackClient.status(of: answer) == 200)
        let pushed = await tab.receive() { $0.contains("\"screen\":\"donate\"") }
        #expect(pushed.contains("event: state"))
        let refused = try await Self.post(server, "/input", #"{"tap": "nowhere"}"#)
        #expect(LoopbackClient.status(of: refused) == 422)
        #expect(refused.contains("no element `nowhere` on donate"))
        let session = try await Self.get(server, "/session.json")
        #expect(session.contains("\"command\" : \"tap donate\""))
        let scenario = try await Self.get(server, "/scenario.yaml")
        #expect(scenario.contains("  - tap: \"donate\""))
    }

    @Test func postsOnlyFromThePageAndOnlyKnownPaths() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let form = try await Self.post(server, "/input", "kind=tap", type: "application/x-www-form-urlencoded")
        #expect(LoopbackClient.status(of: form) == 415)
        let foreign = try await Self.post(
            server, "/input", #"{"tap": "donate"}"#, origin: "http://evil.example")
        #expect(LoopbackClient.status(of: foreign) == 403)
        #expect(server.served.screenName == "main")
        let notJSON = try await Self.post(server, "/input", "{tap")
        #expect(LoopbackClient.status(of: notJSON) == 400)
        let wrongMethod = try await Self.get(server, "/input")
        #expect(LoopbackClient.status(of: wrongMethod) == 405)
        #expect(wrongMethod.contains("Allow: POST"))
        let file = try await Self.get(server, "/flows/donate.yaml")
        #expect(LoopbackClient.status(of: file) == 404)
        #expect(!file.contains("screens:"))
    }

    @Test func theDiagramIsGraphvizSVGWithTheScreens() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") else { return }
        let server = try await Self.start()
        defer { server.stop() }
        let svg = try await Self.get(server, "/diagram.svg")
        #expect(svg.contains("Content-Type: image/svg+xml"))
        #expect(svg.contains("<title>s_donate_form</title>"))
    }
}
