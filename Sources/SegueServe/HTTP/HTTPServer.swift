import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on POSIX sockets: one thread accepts, one thread serves each connection (at most
/// `limits.connections`), the handler runs on threads of its own (`ServeExecutor`), every response closes its
/// connection, and event streams stay open until the page goes.
///
///     let server = HTTPServer(host: "127.0.0.1", port: 0) { request in .text("hello") }
///     let port = try server.start()
///     server.stop()
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    public let host: String
    public let limits: HTTPLimits
    private let requestedPort: UInt16
    private let handler: Handler
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var active = 0
    private var stopping = false
    private var acceptThread: Thread?
    private let stopped = DispatchSemaphore(value: 0)
    /// Where the handler runs: threads of the server's own, never Swift's cooperative pool, which CPU-bound work
    /// elsewhere in the process may hold for minutes.
    let executor = ServeExecutor(name: "segue-serve-handler")

    public init(host: String = "127.0.0.1", port: UInt16, limits: HTTPLimits = HTTPLimits(), handler: @escaping Handler)
    {
        self.host = host
        self.requestedPort = port
        self.limits = limits
        self.handler = handler
    }

    /// Connections being served now.
    public var activeConnections: Int { lock.withLock { active } }

    /// Binds and listens, then accepts on a thread of its own; returns the port (the one chosen when asked for 0).
    @discardableResult
    public func start() throws(HTTPServerError) -> UInt16 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requestedPort.bigEndian
        let name = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, name, &address.sin_addr) == 1 else { throw .badHost(host) }
        #if os(Linux)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw .socket(String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let reason = errno == EADDRINUSE ? "port \(requestedPort) is in use" : String(cString: strerror(errno))
            Socket(descriptor: descriptor).close()
            throw .bind(host: host, port: requestedPort, reason: reason)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        lock.withLock { listener = descriptor }
        let thread = Thread { [self] in acceptLoop(descriptor) }
        thread.name = "segue-serve-accept"
        acceptThread = thread
        thread.start()
        return UInt16(bigEndian: actual.sin_port)
    }

    /// Stops accepting, waits for the accept thread, and lets open connections finish on their own deadlines.
    public func stop() {
        let running = lock.withLock {
            let was = !stopping && listener >= 0
            stopping = true
            return was
        }
        if running { stopped.wait() }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func acceptLoop(_ descriptor: Int32) {
        let socket = Socket(descriptor: descriptor)
        while !isStopping {
            guard socket.wait(for: Int16(POLLIN), until: .now + .milliseconds(200)) == .ready else { continue }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            let admitted = lock.withLock {
                guard active < limits.connections else { return false }
                active += 1
                return true
            }
            let connection = Socket(descriptor: client)
            guard admitted else {
                // Over the limit: a short answer, then the connection is closed at once.
                _ = connection.write(
                    HTTPResponse.text("too many connections\n", status: .unavailable).wire(), until: .now + .seconds(1))
                // Drained on a short-lived thread of its own, so a flood cannot stall accepting.
                Thread { connection.finish() }.start()
                continue
            }
            let thread = Thread { [self] in
                serve(connection)
                connection.finish()
                lock.withLock { active -= 1 }
            }
            thread.name = "segue-serve-connection"
            thread.start()
        }
        socket.close()
        stopped.signal()
    }

    private func serve(_ connection: Socket) {
        let response: HTTPResponse
        switch read(connection) {
        case .none: return
        case .failure(let status, let message)?: response = HTTPResponse.text(message + "\n", status: status)
        case .request(let request)?: response = answer(request)
        }
        let deadline = ContinuousClock.now + .seconds(limits.writeTimeout)
        guard let events = response.events else {
            _ = connection.write(response.wire(), until: deadline)
            return
        }
        defer { events.cancel() }
        guard connection.write(response.head(), until: deadline) else { return }
        while !isStopping, let batch = events.next(timeout: limits.eventKeepAlive) {
            let text = batch.isEmpty ? ": keep-alive\n\n" : batch.joined()
            guard connection.write(Data(text.utf8), until: .now + .seconds(limits.writeTimeout)) else { return }
        }
    }

    private enum Received {
        case request(HTTPRequest)
        case failure(HTTPStatus, String)
    }

    /// Reads one request within the limits; nil when the client left without sending one.
    private func read(_ connection: Socket) -> Received? {
        let parser = HTTPRequestParser(limits: limits)
        let headDeadline = ContinuousClock.now + .seconds(limits.headerTimeout)
        var buffer: [UInt8] = []
        while true {
            guard let chunk = connection.read(until: headDeadline) else {
                return buffer.isEmpty && ContinuousClock.now < headDeadline
                    ? nil : .failure(.requestTimeout, "the request took too long to arrive")
            }
            if chunk.isEmpty { return nil }
            buffer += chunk
            // Only a new line can complete the head, so slow one-byte writes do not rescan the buffer each time.
            guard chunk.contains(10) || buffer.count > limits.headerBytes || buffer.count > limits.requestLine else {
                continue
            }
            switch parser.parseHead(buffer) {
            case .incomplete: continue
            case .failure(let status, let message): return .failure(status, message)
            case .head(let head, let consumed):
                var body = Array(buffer[consumed...])
                let bodyDeadline = ContinuousClock.now + .seconds(limits.bodyTimeout)
                while body.count < head.contentLength {
                    guard let more = connection.read(until: bodyDeadline), !more.isEmpty else {
                        return .failure(.requestTimeout, "the body took too long to arrive")
                    }
                    body += more
                }
                guard body.count == head.contentLength else {
                    return .failure(.badRequest, "more bytes than Content-Length")
                }
                return .request(
                    HTTPRequest(
                        method: head.method, path: head.path, query: head.query, headers: head.headers,
                        body: Data(body)))
            }
        }
    }

    /// Runs the async handler on the server's executor and waits on this connection's thread for its answer.
    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let box = ResponseBox()
        let done = DispatchSemaphore(value: 0)
        let handler = self.handler
        Task(executorPreference: executor) {
            box.set(await handler(request))
            done.signal()
        }
        done.wait()
        return box.get() ?? .text("no answer\n", status: .internalError)
    }
}

/// Why the server could not start.
public enum HTTPServerError: Error, Sendable, CustomStringConvertible {
    case badHost(String)
    case socket(String)
    case bind(host: String, port: UInt16, reason: String)

    public var description: String {
        switch self {
        case .badHost(let host): "`\(host)` is not an IPv4 address (use 127.0.0.1, localhost or 0.0.0.0)"
        case .socket(let reason): "cannot open a socket: \(reason)"
        case .bind(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        }
    }
}

/// Hands a response from the handler's task to the connection's thread.
private final class ResponseBox: @unchecked Sendable {
    private let lock = NSLock()
    private var response: HTTPResponse?
    func set(_ value: HTTPResponse) { lock.withLock { response = value } }
    func get() -> HTTPResponse? { lock.withLock { response } }
}

extension HTTPResponse {
    /// Head and body, as written to the socket.
    func wire() -> Data { head() + body }
}
