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
        #expect(status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n") == .badRequest)
        #expect(
            status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n") == .badRequest)
        #expect(status("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n") == .notImplemented)
    }

    @Test func hostIsRequiredOnHTTP11AndOnceOnly() {
        guard case .failure(.badRequest, let missing) = parse("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n") else {
            Issue.record("a missing Host was taken")
            return
        }
        #expect(missing == "an HTTP/1.1 request must send Host")
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == .badRequest)
        #expect(status("GET / HTTP/1.0\r\nHost: a\r\nhost: a\r\n\r\n") == .badRequest)
        // HTTP/1.0 may leave Host out (RFC 9112 §3.2 asks it of 1.1 only); which names are accepted is ServeAccess's.
        guard case .head(let head, _) = parse("GET / HTTP/1.0\r\n\r\n") else {
            Issue.record("HTTP/1.0 without Host refused")
            return
        }
        #expect(head.version == "HTTP/1.0")
    }

    @Test func bareLineEndsAreRefusedBeforeTheHeadEnds() {
        // Refused on the first bare LF, not after waiting for a CR LF CR LF that never comes.
        guard case .failure(.badRequest, let message) = parse("GET / HTTP/1.1\nHost: x\n") else {
            Issue.record("a bare LF was waited on")
            return
        }
        #expect(message.contains("CR LF, not LF alone"))
        #expect(status("GET / HTTP/1.1\r\nHost: x\n\r\n") == .badRequest)
        #expect(status("\nGET / HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(status("GET / HTTP/1.1\rHost: x\r\n\r\n") == .badRequest)
        // A CR as the last byte so far may yet be followed by its LF.
        guard case .incomplete = parse("GET / HTTP/1.1\r") else { Issue.record("a CR before its LF refused"); return }
        // The body is not the head: a bare LF in it is the body's business.
        guard case .head = parse("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\na\nb") else {
            Issue.record("an LF in the body refused")
            return
        }
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
        #expect(
            status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n", limits: limits) == .payloadTooLarge)
    }
}
