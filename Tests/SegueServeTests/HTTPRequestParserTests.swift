import Testing

@testable import SegueServe

/// The parser's answers to well-formed, malformed and oversized request heads, without a socket.
@Suite struct HTTPRequestParserTests {
    let parser = HTTPRequestParser()

    func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPRequestParser.Result {
        HTTPRequestParser(limits: limits).parseHead(Array(text.utf8))
    }

    func status(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPStatus? {
        if case .failure(let status, _) = parse(text, limits: limits) { return status }
        return nil
    }

    @Test func aRequestWithHeadersAndQuery() throws {
        guard
            case .head(let head, let consumed) = parse(
                "POST /input?step=3&name=%D0%90+b HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
        else { Issue.record("not parsed"); return }
        #expect(head.method == "POST")
        #expect(head.path == "/input")
        #expect(head.query == ["step": "3", "name": "А b"])
        #expect(head.headers.map(\.name) == ["host", "content-length"])
        #expect(head.contentLength == 2)
        #expect(consumed == 73)
    }

    @Test func anUnfinishedHeadAsksForMore() {
        guard case .incomplete = parse("GET / HTTP/1.1\r\nHost: x\r\n") else { Issue.record("not incomplete"); return }
    }

    @Test func malformedRequestsAreRefused() {
        #expect(status("GARBAGE\r\n\r\n") == .badRequest)
        #expect(status("GET  / HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(status("GET http://elsewhere/ HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(status("GET / HTTP/2.0\r\n\r\n") == .versionNotSupported)
        #expect(status("GET / SPDY\r\n\r\n") == .badRequest)
        #expect(status("GET / HTTP/1.1\r\nNo colon here\r\n\r\n") == .badRequest)
        #expect(status("GET / HTTP/1.1\r\nHost : x\r\n\r\n") == .badRequest)
        #expect(status("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n") == .badRequest)
        #expect(status("GET /%ZZ HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(status("GET /%00 HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(status("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") == .badRequest)
        #expect(status("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n") == .badRequest)
        #expect(status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") == .notImplemented)
    }

    @Test func onlyGetAndPostAreAnswered() {
        #expect(status("DELETE / HTTP/1.1\r\n\r\n") == .methodNotAllowed)
        #expect(status("PUT /input HTTP/1.1\r\n\r\n") == .methodNotAllowed)
    }

    @Test func oversizedPartsAreRefusedBeforeTheyAreWhole() {
        var limits = HTTPLimits()
        limits.requestLine = 64
        limits.headerBytes = 256
        limits.headerCount = 3
        limits.body = 10
        #expect(status("GET /" + String(repeating: "a", count: 100), limits: limits) == .uriTooLong)
        #expect(
            status("GET / HTTP/1.1\r\nX: " + String(repeating: "b", count: 300), limits: limits) == .headersTooLarge)
        #expect(status("GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n", limits: limits) == .headersTooLarge)
        #expect(status("POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n", limits: limits) == .payloadTooLarge)
    }
}
