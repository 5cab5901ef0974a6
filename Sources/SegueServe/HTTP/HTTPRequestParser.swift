import Foundation

/// Reads a request's head (request line and headers) from the bytes received so far, within `HTTPLimits`. Pure,
/// so malformed and oversized requests are tested without a socket.
///
///     switch HTTPRequestParser(limits: limits).parseHead(bytes) {
///     case .incomplete: // read more
///     case .head(let head, let consumed): // the body starts at `consumed`
///     case .failure(let status, let message): // answer `status` and close
///     }
public struct HTTPRequestParser: Sendable {
    /// A request line and headers, before the body.
    public struct Head: Sendable {
        public var method: String
        /// `HTTP/1.1` or `HTTP/1.0`.
        public var version: String
        public var path: String
        public var query: [String: String]
        public var headers: [(name: String, value: String)]
        /// From `Content-Length`; 0 without one.
        public var contentLength: Int
    }

    public enum Result: Sendable {
        case incomplete
        case head(Head, consumed: Int)
        case failure(HTTPStatus, String)
    }

    /// The methods the server answers; anything else is 405.
    public static let methods: Set<String> = ["GET", "POST"]

    public var limits: HTTPLimits

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    public func parseHead(_ bytes: [UInt8]) -> Result {
        // A line ending in LF alone (or a CR alone) is refused at once: waiting for CRLF CRLF would hold the
        // connection to the head's deadline, and RFC 9112 §2.2 lets a server refuse them.
        let headEnd = Self.find([13, 10, 13, 10], in: bytes, from: 0)
        if let problem = Self.bareLineEnd(in: bytes, upTo: headEnd.map { $0 + 4 } ?? bytes.count) {
            return .failure(.badRequest, problem)
        }
        let lineEnd = Self.find([13, 10], in: bytes, from: 0)
        guard let lineEnd else {
            if bytes.count > limits.requestLine { return .failure(.uriTooLong, "the request line is too long") }
            return .incomplete
        }
        if lineEnd > limits.requestLine { return .failure(.uriTooLong, "the request line is too long") }
        guard let headEnd else {
            if bytes.count > limits.headerBytes { return .failure(.headersTooLarge, "the headers are too large") }
            return .incomplete
        }
        if headEnd + 4 > limits.headerBytes { return .failure(.headersTooLarge, "the headers are too large") }
        guard let text = String(validating: bytes[0..<headEnd], as: UTF8.self) else {
            return .failure(.badRequest, "the request head is not UTF-8")
        }
        let lines = text.components(separatedBy: "\r\n")
        switch requestLine(lines[0]) {
        case .failure(let status, let message): return .failure(status, message)
        case .success(var head):
            let fields = lines.dropFirst()
            if fields.count > limits.headerCount { return .failure(.headersTooLarge, "too many headers") }
            for line in fields {
                guard let field = Self.headerField(line) else {
                    return .failure(.badRequest, "malformed header line")
                }
                head.headers.append(field)
            }
            if let problem = host(of: head) ?? body(of: &head) { return .failure(problem.0, problem.1) }
            return .head(head, consumed: headEnd + 4)
        }
    }

    private enum LineResult {
        case success(Head)
        case failure(HTTPStatus, String)
    }

    private func requestLine(_ line: String) -> LineResult {
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isTokenCharacter) else {
            return .failure(.badRequest, "malformed request line")
        }
        let method = String(parts[0])
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return parts[2].hasPrefix("HTTP/")
                ? .failure(.versionNotSupported, "only HTTP/1.0 and HTTP/1.1 are spoken here")
                : .failure(.badRequest, "malformed request line")
        }
        guard Self.methods.contains(method) else {
            return .failure(.methodNotAllowed, "\(method) is not allowed: only GET and POST")
        }
        let target = String(parts[1])
        guard target.hasPrefix("/"),
            !target.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 32 } == true })
        else { return .failure(.badRequest, "the request target must be a path") }
        let (rawPath, rawQuery) = Self.split(target, at: "?")
        guard let path = rawPath.removingPercentEncoding, !path.contains("\0") else {
            return .failure(.badRequest, "the path is not percent-encoded UTF-8")
        }
        var query: [String: String] = [:]
        for pair in rawQuery.split(separator: "&") {
            let (key, value) = Self.split(String(pair), at: "=")
            let plus = { (text: String) in text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let key = plus(key), let value = plus(value) else {
                return .failure(.badRequest, "the query is not percent-encoded UTF-8")
            }
            query[key] = value
        }
        return .success(
            Head(method: method, version: String(parts[2]), path: path, query: query, headers: [], contentLength: 0))
    }

    /// RFC 9112 §3.2: an HTTP/1.1 request without `Host`, or any with two, is 400. Which names are accepted is the
    /// server's rule (`ServeAccess`).
    private func host(of head: Head) -> (HTTPStatus, String)? {
        let hosts = head.headers.filter { $0.name == "host" }
        if hosts.count > 1 { return (.badRequest, "more than one Host header") }
        if hosts.isEmpty, head.version == "HTTP/1.1" { return (.badRequest, "an HTTP/1.1 request must send Host") }
        return nil
    }

    /// Why the head's line endings are refused: an LF without a CR before it, or a CR followed by anything but LF.
    static func bareLineEnd(in bytes: [UInt8], upTo end: Int) -> String? {
        for index in 0..<end {
            if bytes[index] == 10, index == 0 || bytes[index - 1] != 13 {
                return "the request's lines must end with CR LF, not LF alone"
            }
            if bytes[index] == 13, index + 1 < bytes.count, bytes[index + 1] != 10 {
                return "the request's lines must end with CR LF, not CR alone"
            }
        }
        return nil
    }

    /// `Content-Length` read strictly; chunked bodies are not accepted (no client of this server sends them).
    private func body(of head: inout Head) -> (HTTPStatus, String)? {
        if head.headers.contains(where: { $0.name == "transfer-encoding" }) {
            return (.notImplemented, "Transfer-Encoding is not supported; send Content-Length")
        }
        let lengths = Set(head.headers.filter { $0.name == "content-length" }.map(\.value))
        guard let length = lengths.first else { return nil }
        guard lengths.count == 1, !length.isEmpty, length.count <= 12, length.allSatisfy(\.isASCIIDigit),
            let count = Int(length)
        else { return (.badRequest, "malformed Content-Length") }
        if count > limits.body { return (.payloadTooLarge, "the body is larger than \(limits.body) bytes") }
        head.contentLength = count
        return nil
    }

    static func headerField(_ line: String) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon]
        // No space before the colon and no folded continuation lines (RFC 9112 §5.1, §5.2).
        guard !name.isEmpty, name.allSatisfy(\.isTokenCharacter) else { return nil }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        guard !value.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else { return nil }
        return (name.lowercased(), value)
    }

    private static func split(_ text: String, at separator: Character) -> (String, String) {
        guard let index = text.firstIndex(of: separator) else { return (text, "") }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }
}

extension Character {
    /// RFC 9110's `tchar`: the characters of a method or header name.
    var isTokenCharacter: Bool {
        guard let ascii = asciiValue, ascii > 32, ascii < 127 else { return false }
        return !"\"(),/:;<=>?@[\\]{}".contains(self)
    }

    var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
