import Foundation

/// Collects one request from a connection's bytes as they arrive: the head through `HTTPRequestParser`, then the
/// body its `Content-Length` announces. Free of sockets and clocks, so the server and the fuzz target
/// (docs/fuzzing.md) read requests the same way; the server owns the deadlines.
///
///     var reader = HTTPRequestReader(limits: limits)
///     switch reader.receive(chunk) {
///     case .incomplete: // read more (reader.hasHead: the body is being read)
///     case .request(let request): // answer it
///     case .failure(let status, let message): // answer `status` and close
///     }
public struct HTTPRequestReader: Sendable {
    public enum Progress: Sendable {
        case incomplete
        case request(HTTPRequest)
        case failure(HTTPStatus, String)
    }

    private let parser: HTTPRequestParser
    private var buffer: [UInt8] = []
    private var head: HTTPRequestParser.Head?
    /// Where the body starts in `buffer` once the head is in.
    private var bodyStart = 0
    /// Bytes of the head before this have been looked at for line ends; each byte is looked at once (a few twice,
    /// for a line end split between reads), so a client sending a byte at a time costs no rescans.
    private var scanned = 0
    /// Whether the request line has ended (a CR LF has come).
    private var lineEnded = false
    /// Bytes looked at for line ends so far, and heads handed to the parser: the work a request cost, which the
    /// tests count instead of timing it.
    private(set) var bytesLookedAt = 0
    private(set) var headsParsed = 0

    public init(limits: HTTPLimits = HTTPLimits()) {
        parser = HTTPRequestParser(limits: limits)
    }

    /// Whether no byte has come yet (a client that connects and leaves has sent no request).
    public var isEmpty: Bool { buffer.isEmpty }

    /// Whether the head is in and the body is being read.
    public var hasHead: Bool { head != nil }

    /// Takes the next bytes read. Bytes past the body are a pipelined request: the server answers this one and
    /// closes the connection (`Connection: close`), which tells the client to send the rest again on a new one.
    public mutating func receive(_ chunk: some Collection<UInt8>) -> Progress {
        buffer += chunk
        if head == nil {
            guard headCanBeAnswered() else { return .incomplete }
            headsParsed += 1
            switch parser.parseHead(buffer) {
            case .incomplete: return .incomplete
            case .failure(let status, let message): return .failure(status, message)
            case .head(let parsed, let consumed):
                head = parsed
                bodyStart = consumed
            }
        }
        guard let head, buffer.count - bodyStart >= head.contentLength else { return .incomplete }
        return .request(
            HTTPRequest(
                method: head.method, version: head.version, path: head.path, query: head.query, headers: head.headers,
                body: Data(buffer[bodyStart..<(bodyStart + head.contentLength)])))
    }

    /// Whether the head as it stands can be answered: it has ended (CR LF CR LF), holds a bare CR or LF, or is
    /// past a limit (the request line's before it has ended, the head's). Only then does `HTTPRequestParser`,
    /// which says what the answer is, read it, once.
    private mutating func headCanBeAnswered() -> Bool {
        let limits = parser.limits
        defer { scanned = buffer.count }
        if buffer.count > limits.headerBytes || !lineEnded && buffer.count > limits.requestLine { return true }
        // Back three bytes: a CR LF CR LF, or a CR whose next byte had not come, may straddle two reads.
        bytesLookedAt += buffer.count - max(0, scanned - 3)
        for index in max(0, scanned - 3)..<buffer.count {
            switch buffer[index] {
            case 10:
                guard index > 0, buffer[index - 1] == 13 else { return true }
                if index >= 3, buffer[index - 3] == 13, buffer[index - 2] == 10 { return true }
                lineEnded = true
            case 13:
                if index + 1 < buffer.count, buffer[index + 1] != 10 { return true }
            default: continue
            }
        }
        return false
    }
}
