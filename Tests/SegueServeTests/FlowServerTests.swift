import Foundation
import Testing

@testable import SegueServe

/// `segue serve`'s routes over loopback: the page, the event stream, posted inputs, downloads, refusals.
@Suite(.serialized) struct FlowServerTests {
    static func start() async throws -> FlowServer {
        try await FlowServer.start(
            path: ServeFixture.root + "/flows/donate.yaml", port: 0, options: ServeFixture.options)
    }

    static func post(
        _ port: UInt16, _ path: String, _ json: String, headers: String = "Content-Type: application/json\r\n"
    )
        async throws -> String
    {
        try await LoopbackClient.exchange(
            port: port,
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(headers)Content-Length: \(json.utf8.count)\r\n\r\n\(json)"
        )
    }

    @Test func thePageTheStreamAndAnInput() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let port = server.port
        let page = try await LoopbackClient.exchange(port: port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(LoopbackClient.status(of: page) == 200)
        #expect(page.contains("<title>donate · segue serve</title>"))
        #expect(!page.contains("src=\"http"))
        let tab = try LoopbackClient(port: port)
        tab.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let first = await tab.receive() { $0.contains("\n\n") && $0.contains("event: state") }
        #expect(first.contains("\"screen\":\"main\""))
        let answer = try await Self.post(port, "/input", #"{"kind": "tap", "path": "donate"}"#)
        #expect(LoopbackClient.status(of: answer) == 200)
        let pushed = await tab.receive() { $0.contains("\"screen\":\"donate\"") }
        #expect(pushed.contains("event: state"))
        let refused = try await Self.post(port, "/input", #"{"kind": "tap", "path": "nowhere"}"#)
        #expect(LoopbackClient.status(of: refused) == 422)
        #expect(refused.contains("no element `nowhere` on donate"))
        let session = try await LoopbackClient.exchange(
            port: port, "GET /session.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(session.contains("\"command\" : \"tap donate\""))
        let scenario = try await LoopbackClient.exchange(
            port: port, "GET /scenario.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(scenario.contains("  - tap: \"donate\""))
    }

    @Test func postsOnlyFromThePageAndOnlyKnownPaths() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let port = server.port
        let form = try await Self.post(
            port, "/input", "kind=tap", headers: "Content-Type: application/x-www-form-urlencoded\r\n")
        #expect(LoopbackClient.status(of: form) == 415)
        let foreign = try await Self.post(
            port, "/input", #"{"kind": "tap", "path": "donate"}"#,
            headers: "Content-Type: application/json\r\nOrigin: http://evil.example\r\n")
        #expect(LoopbackClient.status(of: foreign) == 403)
        #expect(server.served.screenName == "main")
        let notJSON = try await Self.post(port, "/input", "{tap")
        #expect(LoopbackClient.status(of: notJSON) == 400)
        let wrongMethod = try await LoopbackClient.exchange(
            port: port, "GET /input HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(LoopbackClient.status(of: wrongMethod) == 405)
        #expect(wrongMethod.contains("Allow: POST"))
        let file = try await LoopbackClient.exchange(
            port: port, "GET /flows/donate.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(LoopbackClient.status(of: file) == 404)
        #expect(!file.contains("screens:"))
    }

    @Test func theDiagramIsGraphvizSVGWithTheScreens() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") else { return }
        let server = try await Self.start()
        defer { server.stop() }
        let svg = try await LoopbackClient.exchange(
            port: server.port, "GET /diagram.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(svg.contains("Content-Type: image/svg+xml"))
        #expect(svg.contains("<title>s_donate_form</title>"))
    }
}
