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
            let limits = parser.limits
            // Only a line end can complete the head (or be a bare CR or LF, refused at once), so slow one-byte
            // writes do not rescan the buffer each time.
            guard
                chunk.contains(10) || chunk.contains(13) || buffer.count > limits.headerBytes
                    || buffer.count > limits.requestLine
            else { return .incomplete }
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
}
