import Foundation
import Testing

@testable import SegueServe

/// Who may ask `segue serve` anything (`ServeAccess`): the Host a page names it by (DNS rebinding), the Origin of
/// what it posts, and the run's token, as rules and over loopback against the donate flow.
@Suite(.serialized) struct ServeAccessTests {
    let access = ServeAccess(host: "127.0.0.1", port: 8765, token: String(repeating: "ab", count: 32))

    @Test func hostMustNameTheServerAndItsPort() {
        for accepted in ["127.0.0.1:8765", "localhost:8765", "LocalHost:8765", "[::1]:8765"] {
            #expect(access.accepts(host: accepted), "\(accepted)")
        }
        let refused = [
            "evil.example:8765", "evil.example", "127.0.0.1", "127.0.0.1:80", "127.0.0.1:08765", "127.0.0.1:+8765",
            "127.0.0.1:8765:8765", "127.0.0.1.evil.example:8765", "localhost.:8765", "localhost.evil.example:8765",
            "[::1]x:8765", "[::1]", "::1:8765", "0.0.0.0:8765", "127.0.0.2:8765", "", ":8765", "127.0.0.1:",
            "user@127.0.0.1:8765",
        ]
        for host in refused { #expect(!access.accepts(host: host), "\(host)") }
        // A browser leaves port 80 out of Host and Origin.
        let onEighty = ServeAccess(host: "127.0.0.1", port: 80)
        #expect(onEighty.accepts(host: "localhost"))
        #expect(onEighty.accepts(origin: "http://127.0.0.1"))
        // The address listened on is accepted as well (another machine's browser names the server by it).
        let lan = ServeAccess(host: "192.168.1.5", port: 8765)
        #expect(lan.accepts(host: "192.168.1.5:8765"))
        #expect(lan.accepts(host: "127.0.0.1:8765"))
        #expect(!lan.accepts(host: "192.168.1.6:8765"))
        #expect(lan.pageURL.hasPrefix("http://192.168.1.5:8765/?token="))
    }

    @Test func originMustBeTheServersOwn() {
        for accepted in ["http://127.0.0.1:8765", "http://localhost:8765", "http://[::1]:8765"] {
            #expect(access.accepts(origin: accepted), "\(accepted)")
        }
        let refused = [
            "null", "https://127.0.0.1:8765", "http://evil.example:8765", "http://127.0.0.1:8765/",
            "http://127.0.0.1", "http://user@127.0.0.1:8765", "file://", "http://127.0.0.1:8766", "",
        ]
        for origin in refused { #expect(!access.accepts(origin: origin), "\(origin)") }
    }

    @Test func tokensAreLongRandomAndComparedWhole() {
        let tokens = (0..<8).map { _ in ServeAccess.newToken() }
        for token in tokens {
            #expect(token.count == 64)
            #expect(token.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        }
        #expect(Set(tokens).count == tokens.count)
        let token = tokens[0]
        #expect(ServeAccess.same(token, token))
        #expect(!ServeAccess.same(String(token.dropLast()), token))
        #expect(!ServeAccess.same(token + "0", token))
        #expect(!ServeAccess.same("", token))
        #expect(!ServeAccess.same(String(token.dropLast()) + (token.last == "0" ? "1" : "0"), token))
    }

    @Test func cookiesAreReadByNameAmongOthers() {
        let request = HTTPRequest(
            method: "GET", path: "/",
            headers: [("cookie", "a=1; segue-serve-8765=xyz ; segue-serve-9000=other"), ("cookie", "b=2")])
        #expect(ServeAccess.cookie(named: "segue-serve-8765", in: request) == "xyz")
        #expect(ServeAccess.cookie(named: "segue-serve-9000", in: request) == "other")
        #expect(ServeAccess.cookie(named: "segue-serve", in: request) == nil)
    }

    // MARK: over loopback

    static func raw(_ server: FlowServer, _ request: String) async throws -> String {
        try await LoopbackClient.exchange(port: server.port, request)
    }

    @Test func aForeignHostIsRefusedOnEveryRouteAndMethod() async throws {
        let server = try await FlowServerTests.start()
        defer { server.stop() }
        let port = server.port
        let cookie = "Cookie: \(server.access.cookieName)=\(server.token)\r\n"
        // A page on evil.example, rebound to 127.0.0.1, even holding the cookie: the issue's `curl -H "Host: …"`.
        for path in ["/", "/state", "/events", "/scenario.yaml", "/session.json", "/diagram.svg", "/nowhere"] {
            let answer = try await Self.raw(
                server, "GET \(path) HTTP/1.1\r\nHost: evil.example:\(port)\r\n\(cookie)\r\n")
            #expect(LoopbackClient.status(of: answer) == 403, "\(path)")
            #expect(answer.contains("this server answers only to 127.0.0.1:\(port), localhost:\(port), [::1]:\(port)"))
            #expect(!answer.contains("donate"), "\(path) told a foreign page about the flow")
        }
        let json = #"{"tap": "donate"}"#
        let input = try await Self.raw(
            server,
            "POST /input HTTP/1.1\r\nHost: evil.example:\(port)\r\nOrigin: http://evil.example:\(port)\r\n\(cookie)"
                + "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)")
        #expect(LoopbackClient.status(of: input) == 403)
        #expect(server.served.screenName == "main")
        // HTTP/1.1 without Host is 400; a second Host too.
        let missing = try await Self.raw(server, "GET /state HTTP/1.1\r\n\(cookie)\r\n")
        #expect(LoopbackClient.status(of: missing) == 400)
        let twice = try await Self.raw(
            server, "GET /state HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: evil.example\r\n\(cookie)\r\n")
        #expect(LoopbackClient.status(of: twice) == 400)
        // Every name of the served address is accepted.
        for host in ["127.0.0.1", "localhost", "[::1]"] {
            let answer = try await Self.raw(server, "GET /state HTTP/1.1\r\nHost: \(host):\(port)\r\n\(cookie)\r\n")
            #expect(LoopbackClient.status(of: answer) == 200, "\(host)")
        }
    }

    @Test func theOriginMustBeTheServedAddressNotTheRequestsHost() async throws {
        let server = try await FlowServerTests.start()
        defer { server.stop() }
        let json = #"{"tap": "donate"}"#
        for origin in [
            "http://evil.example", "http://evil.example:\(server.port)", "null", "https://127.0.0.1:\(server.port)",
        ] {
            let answer = try await FlowServerTests.post(server, "/input", json, origin: origin)
            #expect(LoopbackClient.status(of: answer) == 403, "\(origin)")
        }
        let none = try await FlowServerTests.post(server, "/input", json, origin: nil)
        #expect(LoopbackClient.status(of: none) == 403)
        #expect(none.contains("a POST must say where it comes from (Origin)"))
        #expect(server.served.screenName == "main")
        // A cross-origin GET (another site's fetch or EventSource) is refused too.
        let read = try await FlowServerTests.get(server, "/state", headers: "Origin: http://evil.example\r\n")
        #expect(LoopbackClient.status(of: read) == 403)
        let own = try await FlowServerTests.post(server, "/input", json, origin: "http://localhost:\(server.port)")
        #expect(LoopbackClient.status(of: own) == 200)
        #expect(server.served.screenName == "donate")
    }

    @Test func theTokenIsNeededAndTheCookieKeepsIt() async throws {
        let server = try await FlowServerTests.start()
        defer { server.stop() }
        let port = server.port
        let host = "Host: 127.0.0.1:\(port)\r\n"
        #expect(server.pageURL == "http://127.0.0.1:\(port)/?token=\(server.token)")
        for path in ["/", "/state", "/events", "/scenario.yaml", "/nowhere"] {
            let answer = try await Self.raw(server, "GET \(path) HTTP/1.1\r\n\(host)\r\n")
            #expect(LoopbackClient.status(of: answer) == 403, "\(path)")
            #expect(answer.contains("open the address `segue serve` printed (http://127.0.0.1:\(port)/?token=…)"))
            #expect(!answer.contains(server.token))
        }
        let wrong = try await Self.raw(server, "GET /?token=\(ServeAccess.newToken()) HTTP/1.1\r\n\(host)\r\n")
        #expect(LoopbackClient.status(of: wrong) == 403)
        #expect(wrong.contains("a token of another run"))
        // One hex digit changed (never the same digit: a token ending in `0` would stay itself with `0`).
        let changed = server.token.last == "0" ? "1" : "0"
        let wrongCookie = try await Self.raw(
            server,
            "GET /state HTTP/1.1\r\n\(host)Cookie: \(server.access.cookieName)=\(server.token.dropLast())\(changed)\r\n\r\n")
        #expect(LoopbackClient.status(of: wrongCookie) == 403)
        // The printed address: the cookie, and the page's address without the token.
        let first = try await Self.raw(server, "GET /?token=\(server.token) HTTP/1.1\r\n\(host)\r\n")
        #expect(LoopbackClient.status(of: first) == 303)
        #expect(LoopbackClient.header("Location", in: first) == "/")
        #expect(
            LoopbackClient.header("Set-Cookie", in: first)
                == "segue-serve-\(port)=\(server.token); HttpOnly; SameSite=Strict; Path=/")
        let page = try await FlowServerTests.get(server, "/")
        #expect(LoopbackClient.status(of: page) == 200)
        #expect(page.contains("<title>donate · segue serve</title>"))
        // A script may carry the token in the query instead of the cookie.
        let state = try await Self.raw(server, "GET /state?token=\(server.token) HTTP/1.1\r\n\(host)\r\n")
        #expect(LoopbackClient.status(of: state) == 200)
        #expect(state.contains("\"screen\":\"main\""))
        // Every answer, refusals and redirects included, forbids framing.
        for answer in [first, page, wrong, state] {
            #expect(LoopbackClient.header("X-Frame-Options", in: answer) == "DENY")
            #expect(
                LoopbackClient.header("Content-Security-Policy", in: answer)?.contains("frame-ancestors 'none'") == true
            )
        }
    }
}
