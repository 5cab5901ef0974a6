import Foundation
import Testing

@testable import SegueServe

/// The server over loopback: malformed, oversized and slow requests, the connection limit and event streams.
@Suite(.serialized) struct HTTPServerTests {
    static func server(_ limits: HTTPLimits = HTTPLimits(), hub: EventHub = EventHub()) throws -> (HTTPServer, UInt16) {
        let server = HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { request in
            switch request.path {
            case "/events": return HTTPResponse(events: hub.subscribe(initial: [("hello", "first")]))
            case "/echo":
                return .text(
                    "\(request.method) \(request.query["q"] ?? "") \(String(decoding: request.body, as: UTF8.self))")
            default: return .text("nothing at \(request.path)", status: .notFound)
            }
        }
        return (server, try server.start())
    }

    @Test func answersAndClosesEachRequest() async throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let get = try await LoopbackClient.exchange(port: port, "GET /echo?q=a%20b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(LoopbackClient.status(of: get) == 200)
        #expect(get.contains("Connection: close"))
        #expect(get.hasSuffix("GET a b "))
        let post = try await LoopbackClient.exchange(
            port: port, "POST /echo HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello")
        #expect(post.hasSuffix("POST  hello"))
        let missing = try await LoopbackClient.exchange(port: port, "GET /../../etc/passwd HTTP/1.1\r\n\r\n")
        #expect(LoopbackClient.status(of: missing) == 404)
        #expect(!missing.contains("root:"))
    }

    @Test func answersWhileEveryThreadOfTheCooperativePoolIsBusy() async throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let hog = CooperativePoolHog()
        let (answer, held) = await hog.whileHeld {
            LoopbackClient.exchangeBlocking(port: port, "GET /echo?q=busy HTTP/1.1\r\n\r\n")
        }
        #expect(answer.hasSuffix("GET busy "))
        // Answered before any pool thread came free: the handler did not wait for the pool.
        #expect(held, "the answer waited for a thread of the cooperative pool")
    }

    @Test func malformedAndOversizedRequestsGetTheirStatus() async throws {
        var limits = HTTPLimits()
        limits.body = 100
        let (server, port) = try Self.server(limits)
        defer { server.stop() }
        let cases: [(String, Int)] = [
            ("NONSENSE\r\n\r\n", 400),
            ("PUT /echo HTTP/1.1\r\n\r\n", 405),
            ("GET /echo HTTP/3\r\n\r\n", 505),
            ("GET /" + String(repeating: "x", count: 9000) + " HTTP/1.1\r\n\r\n", 414),
            ("GET /echo HTTP/1.1\r\n" + String(repeating: "X-Filler: 0123456789\r\n", count: 2000) + "\r\n", 431),
            ("POST /echo HTTP/1.1\r\nContent-Length: 101\r\n\r\n", 413),
            ("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
            ("\u{0}\u{1}\u{2}\r\n\r\n", 400),
        ]
        for (request, expected) in cases {
            let response = try await LoopbackClient.exchange(port: port, request)
            #expect(LoopbackClient.status(of: response) == expected, "\(request.prefix(40))")
        }
        let allowed = try await LoopbackClient.exchange(port: port, "DELETE / HTTP/1.1\r\n\r\n")
        #expect(allowed.contains("only GET and POST"))
    }

    @Test func aSlowClientIsCutOffAtTheHeaderDeadline() async throws {
        var limits = HTTPLimits()
        limits.headerTimeout = 0.5
        limits.bodyTimeout = 0.5
        let (server, port) = try Self.server(limits)
        defer { server.stop() }
        let slow = try LoopbackClient(port: port)
        let started = Date()
        slow.send("GET /echo HT")
        try await Task.sleep(nanoseconds: 200_000_000)
        slow.send("TP/1.1\r\nX-Slow: 1")
        let response = await slow.receive()
        #expect(LoopbackClient.status(of: response) == 408)
        #expect(Date().timeIntervalSince(started) < 60)
        // A body promised and never sent is cut off too.
        let stalled = try LoopbackClient(port: port)
        stalled.send("POST /echo HTTP/1.1\r\nContent-Length: 50\r\n\r\nonly this")
        #expect(LoopbackClient.status(of: await stalled.receive()) == 408)
        // The server still answers others.
        #expect(
            LoopbackClient.status(of: try await LoopbackClient.exchange(port: port, "GET /echo HTTP/1.1\r\n\r\n"))
                == 200)
    }

    @Test func connectionsOverTheLimitGet503() async throws {
        var limits = HTTPLimits()
        limits.connections = 2
        limits.headerTimeout = 2
        let (server, port) = try Self.server(limits)
        defer { server.stop() }
        let idle = try (0..<2).map { _ in try LoopbackClient(port: port) }
        try await Task.sleep(nanoseconds: 300_000_000)
        let refused = try await LoopbackClient.exchange(port: port, "GET /echo HTTP/1.1\r\n\r\n")
        #expect(LoopbackClient.status(of: refused) == 503)
        withExtendedLifetime(idle) {}
    }

    @Test func eventStreamsReachEveryTab() async throws {
        let hub = EventHub()
        let (server, port) = try Self.server(hub: hub)
        defer {
            hub.close()
            server.stop()
        }
        let tabs = try (0..<2).map { _ in try LoopbackClient(port: port) }
        for tab in tabs { tab.send("GET /events HTTP/1.1\r\n\r\n") }
        for tab in tabs {
            let first = await tab.receive() { $0.contains("data: first\n\n") }
            #expect(first.contains("Content-Type: text/event-stream"))
            #expect(first.contains("event: hello\ndata: first\n\n"))
        }
        hub.publish("state", data: "line one\nline two")
        for tab in tabs {
            let next = await tab.receive() { $0.contains("line two\n\n") }
            #expect(next == "event: state\ndata: line one\ndata: line two\n\n")
        }
        #expect(hub.subscribers == 2)
    }
}
