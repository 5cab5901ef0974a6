import Foundation
import SegueMachine
import SegueRuntime
import Testing

@testable import SegueServe

/// The server over loopback: malformed, oversized, slow and pipelined requests, and event streams; the limits per
/// client are `HTTPClientLimitsTests`.
@Suite(.serialized) struct HTTPServerTests {
    /// A server answering `/echo` (method, `q`, body), `/events` (a stream opening with `hello: first`),
    /// `/slow-events` (a stream opened once `gate` opens) and `/wait` (an answer held at `gate` until the test opens
    /// it). Both event paths are streams from their arrival.
    static func server(_ limits: HTTPLimits = HTTPLimits(), hub: EventHub = EventHub(), gate: Gate = Gate()) throws
        -> (HTTPServer, UInt16)
    {
        let server = HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { $0.path.hasSuffix("events") }
        let port = try server.listen()
        server.serve { request in
            switch request.path {
            case "/events": return HTTPResponse(events: hub.subscribe(initial: [("hello", "first")]))
            case "/slow-events":
                await gate.pass()
                return HTTPResponse(events: hub.subscribe(initial: [("hello", "late")]))
            case "/echo":
                return .text(
                    "\(request.method) \(request.query["q"] ?? "") \(String(decoding: request.body, as: UTF8.self))")
            case "/wait":
                await gate.pass()
                return .text("waited")
            default: return .text("nothing at \(request.path)", status: .notFound)
            }
        }
        return (server, port)
    }

    @Test func answersAndClosesEachRequest() async throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let get = try await LoopbackClient.exchange(port: port, "GET /echo?q=a%20b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(LoopbackClient.status(of: get) == 200)
        #expect(get.contains("Connection: close"))
        #expect(get.hasSuffix("GET a b "))
        let post = try await LoopbackClient.exchange(
            port: port, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        #expect(post.hasSuffix("POST  hello"))
        let missing = try await LoopbackClient.exchange(port: port, "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(LoopbackClient.status(of: missing) == 404)
        #expect(!missing.contains("root:"))
    }

    @Test func everyAnswerForbidsFramingAndReferrers() async throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        // An answer of the handler's, and the server's own refusals of what never reached it.
        for request in ["GET /echo HTTP/1.1\r\nHost: x\r\n\r\n", "GET /echo HTTP/1.1\r\n\r\n", "NONSENSE\r\n\r\n"] {
            let response = try await LoopbackClient.exchange(port: port, request)
            let policy = LoopbackClient.header("Content-Security-Policy", in: response) ?? ""
            #expect(policy.hasPrefix("default-src 'self'; "), "the page's own policy kept")
            #expect(policy.hasSuffix("; frame-ancestors 'none'"), "\(request)")
            #expect(LoopbackClient.header("X-Frame-Options", in: response) == "DENY")
            #expect(LoopbackClient.header("Referrer-Policy", in: response) == "no-referrer")
        }
    }

    @Test func answersWhileEveryThreadOfTheCooperativePoolIsBusy() async throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let hog = CooperativePoolHog()
        let (answer, held) = await hog.whileHeld {
            LoopbackClient.exchangeBlocking(port: port, "GET /echo?q=busy HTTP/1.1\r\nHost: x\r\n\r\n")
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
            ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\n\r\n", 413),
            ("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
            ("\u{0}\u{1}\u{2}\r\n\r\n", 400),
            ("GET /echo HTTP/1.1\r\nAccept: */*\r\n\r\n", 400),
            ("GET /echo HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400),
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
        // A head that never ends: the deadline cuts it off, however its bytes trickle in. The 408 is the deadline's
        // own answer (nothing else sends one), so no clock is read here.
        slow.send("GET /echo HT")
        slow.send("TP/1.1\r\nX-Slow: 1")
        let response = await slow.receive()
        #expect(LoopbackClient.status(of: response) == 408)
        // A body promised and never sent is cut off too.
        let stalled = try LoopbackClient(port: port)
        stalled.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\nonly this")
        #expect(LoopbackClient.status(of: await stalled.receive()) == 408)
        // The server still answers others.
        #expect(
            LoopbackClient.status(
                of: try await LoopbackClient.exchange(port: port, "GET /echo HTTP/1.1\r\nHost: x\r\n\r\n"))
                == 200)
    }

    /// The head's deadline is an hour away, so an answer within the client's patience (half a minute, for an answer
    /// that takes milliseconds) did not wait for it: no clock is read, and no load can stretch the one into the other.
    @Test func bareLineEndsAreAnsweredAtOnceNotAtTheDeadline() async throws {
        var limits = HTTPLimits()
        limits.headerTimeout = 3600
        let (server, port) = try Self.server(limits)
        defer { server.stop() }
        for request in ["GET /echo HTTP/1.1\nHost: x\n\n", "GET /echo HTTP/1.0\n\n", "GET /echo HTTP/1.1\rHost: x\r\r"]
        {
            let client = try LoopbackClient(port: port)
            client.send(request)
            let response = await client.receive()
            #expect(LoopbackClient.status(of: response) == 400, "\(request.debugDescription)")
            #expect(response.contains("must end with CR LF"))
        }
    }

    @Test func pipelinedRequestsGetTheFirstAnsweredThenTheConnectionClosed() async throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let two = try await LoopbackClient.exchange(
            port: port, "GET /echo?q=first HTTP/1.0\r\n\r\nGET /echo?q=second HTTP/1.0\r\n\r\n")
        #expect(LoopbackClient.status(of: two) == 200)
        #expect(two.hasSuffix("GET first "))
        #expect(two.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer, not two and not a 400")
        #expect(LoopbackClient.header("Connection", in: two) == "close")
        // A body is cut at its Content-Length; what follows it is not read as part of it.
        let posted = try await LoopbackClient.exchange(
            port: port,
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET /echo?q=third HTTP/1.1\r\nHost: x\r\n\r\n"
        )
        #expect(posted.hasSuffix("POST  abc"))
        #expect(!posted.contains("third"))
    }

    @Test func eventStreamsReachEveryTab() async throws {
        let hub = EventHub()
        let (server, port) = try Self.server(hub: hub)
        defer {
            hub.close()
            server.stop()
        }
        let tabs = try (0..<2).map { _ in try LoopbackClient(port: port) }
        for tab in tabs { tab.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n") }
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

/// Where `/wait` requests are held: each says it arrived (`arrivals(_:)` waits for them) and waits for `open()`.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var arrived = 0
    private var isOpen = false
    private let changed = AsyncCondition()

    func pass() async {
        lock.withLock { arrived += 1 }
        changed.broadcast()
        _ = await changed.wait(until: { lock.withLock { isOpen } })
    }

    /// Returns once `count` requests are held (being answered, as far as the server is concerned).
    func arrivals(_ count: Int) async {
        _ = await changed.wait(until: { lock.withLock { arrived >= count } })
    }

    func open() {
        lock.withLock { isOpen = true }
        changed.broadcast()
    }
}
