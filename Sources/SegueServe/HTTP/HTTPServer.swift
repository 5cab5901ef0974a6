import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on POSIX sockets: one thread accepts, one thread serves each connection (within
/// `limits`, per client address: `ConnectionTable`), the handler runs on threads of its own (`ServeExecutor`),
/// every response closes its connection, and event streams stay open until the page goes.
///
///     let server = HTTPServer(host: "127.0.0.1", port: 0)
///     let port = try server.listen()
///     server.serve { request in .text("hello") }
///     server.stop()
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    public let host: String
    public let limits: HTTPLimits
    private let requestedPort: UInt16
    private let table: ConnectionTable
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var stopping = false
    private var acceptThread: Thread?
    private let stopped = DispatchSemaphore(value: 0)
    /// Where the handler runs: threads of the server's own, never Swift's cooperative pool, which CPU-bound work
    /// elsewhere in the process may hold for minutes.
    let executor = ServeExecutor(name: "segue-serve-handler")

    /// Which requests are answered with an event stream, so they count as streams from their arrival.
    private let asksForStream: @Sendable (HTTPRequest) -> Bool

    public init(
        host: String = "127.0.0.1", port: UInt16, limits: HTTPLimits = HTTPLimits(),
        streams asksForStream: @escaping @Sendable (HTTPRequest) -> Bool = { _ in false }
    ) {
        self.host = host
        self.requestedPort = port
        self.limits = limits
        self.table = ConnectionTable(limits: limits)
        self.asksForStream = asksForStream
    }

    /// Connections being read or answered now (event streams apart).
    public var activeConnections: Int { table.connections }

    /// Event streams open now.
    public var openEventStreams: Int { table.streams }

    /// Waits until no event stream is open (a closed tab's stream is let go when its socket is found closed), at
    /// most `timeout` seconds; whether none is. Blocks the calling thread.
    public func waitUntilNoEventStreams(timeout: Double) -> Bool {
        table.waitUntilNoStreams(timeout: timeout)
    }

    /// Binds and listens; returns the port (the one chosen when asked for 0). Nothing is answered before `serve`.
    public func listen() throws(HTTPServerError) -> UInt16 {
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
        guard bound == 0, systemListen(descriptor, 64) == 0 else {
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
        return UInt16(bigEndian: actual.sin_port)
    }

    /// Accepts on a thread of its own from now on, answering each request with `handler`; after `listen`.
    public func serve(_ handler: @escaping Handler) {
        let descriptor = lock.withLock { listener }
        precondition(descriptor >= 0, "HTTPServer.serve before listen")
        let thread = Thread { [self] in acceptLoop(descriptor, handler: handler) }
        thread.name = "segue-serve-accept"
        lock.withLock { acceptThread = thread }
        thread.start()
    }

    /// Stops accepting, waits for the accept thread, and lets open connections finish on their own deadlines.
    public func stop() {
        let (accepting, idle) = lock.withLock {
            let was = (accepting: !stopping && acceptThread != nil, idle: !stopping && acceptThread == nil)
            stopping = true
            return was
        }
        let descriptor = lock.withLock { listener }
        if accepting {
            // Wakes the accept thread where it waits: a listening socket shut down reads as ready, and its accept
            // fails (Linux; elsewhere the poll below still ends within a second).
            _ = shutdown(descriptor, Int32(SHUT_RDWR))
            stopped.wait()
        }
        if idle, descriptor >= 0 { Socket(descriptor: descriptor).close() }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func acceptLoop(_ descriptor: Int32, handler: @escaping Handler) {
        let socket = Socket(descriptor: descriptor)
        while !isStopping {
            // Waits for a client without looking again on a timer: `stop` shuts the socket down, which ends the
            // wait. The second is only for systems where a shut-down listener does not wake a poll.
            #if os(Linux)
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let result = poll(&ready, 1, -1)
                if result < 0, errno == EINTR { continue }
                if result < 0 || ready.revents & Int16(POLLNVAL) != 0 || isStopping { break }
            #else
                guard socket.wait(for: Int16(POLLIN), until: .now + .seconds(1)) == .ready else { continue }
            #endif
            var peer = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let client = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(descriptor, $0, &length) }
            }
            guard client >= 0 else { continue }
            let connection = Socket(descriptor: client)
            guard let id = table.admit(connection, from: Socket.text(of: peer.sin_addr)) else {
                // Over the limit: a short answer, then the connection is closed at once.
                _ = connection.write(
                    HTTPResponse.text("too many connections\n", status: .unavailable).wire(), until: .now + .seconds(1))
                // Drained on a short-lived thread of its own, so a flood cannot stall accepting.
                Thread { connection.finish() }.start()
                continue
            }
            let thread = Thread { [self] in
                serve(connection, id: id, handler: handler)
                connection.drain()
                table.remove(id)
                connection.close()
            }
            thread.name = "segue-serve-connection"
            thread.start()
        }
        socket.close()
        stopped.signal()
    }

    private func serve(_ connection: Socket, id: Int, handler: @escaping Handler) {
        let response: HTTPResponse
        switch read(connection) {
        case .none: return
        case .failure(let status, let message)?: response = HTTPResponse.text(message + "\n", status: status)
        case .request(let request)?:
            table.answering(id, stream: asksForStream(request))
            response = answer(request, with: handler)
        }
        let deadline = ContinuousClock.now + .seconds(limits.writeTimeout)
        guard let events = response.events else {
            _ = connection.write(response.wire(), until: deadline)
            return
        }
        defer { events.cancel() }
        table.streaming(id, events: events)
        guard connection.write(response.head(), until: deadline) else { return }
        stream(events, to: connection)
    }

    /// Writes each event as it comes and a keep-alive comment when none came for `eventKeepAlive` seconds, until
    /// the client hangs up (looked at every `hangUpCheck` seconds, so a closed tab frees its stream at once), a
    /// write fails, the stream is closed to make room, or the server stops.
    private func stream(_ events: EventSubscription, to connection: Socket) {
        var lastWrite = ContinuousClock.now
        while !isStopping, let batch = events.next(timeout: limits.hangUpCheck) {
            if connection.peerHungUp() { return }
            let text: String
            if !batch.isEmpty {
                text = batch.joined()
            } else if lastWrite.duration(to: .now) >= .seconds(limits.eventKeepAlive) {
                text = ": keep-alive\n\n"
            } else {
                continue
            }
            guard connection.write(Data(text.utf8), until: .now + .seconds(limits.writeTimeout)) else { return }
            lastWrite = .now
        }
    }

    private enum Received {
        case request(HTTPRequest)
        case failure(HTTPStatus, String)
    }

    /// Reads one request within the limits (`HTTPRequestReader`) and its deadlines; nil when the client left
    /// without sending one.
    private func read(_ connection: Socket) -> Received? {
        var reader = HTTPRequestReader(limits: limits)
        let headDeadline = ContinuousClock.now + .seconds(limits.headerTimeout)
        var bodyDeadline: ContinuousClock.Instant?
        while true {
            let chunk = connection.read(until: bodyDeadline ?? headDeadline)
            if bodyDeadline != nil, chunk?.isEmpty != false {
                return .failure(.requestTimeout, "the body took too long to arrive")
            }
            guard let chunk else {
                return reader.isEmpty && ContinuousClock.now < headDeadline
                    ? nil : .failure(.requestTimeout, "the request took too long to arrive")
            }
            if chunk.isEmpty { return nil }
            switch reader.receive(chunk) {
            case .incomplete:
                if reader.hasHead, bodyDeadline == nil {
                    bodyDeadline = ContinuousClock.now + .seconds(limits.bodyTimeout)
                }
            case .failure(let status, let message): return .failure(status, message)
            case .request(let request): return .request(request)
            }
        }
    }

    /// Runs the async handler on the server's executor and waits on this connection's thread for its answer.
    private func answer(_ request: HTTPRequest, with handler: @escaping Handler) -> HTTPResponse {
        let box = ResponseBox()
        let done = DispatchSemaphore(value: 0)
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

/// The system's `listen`, which `HTTPServer.listen()` hides inside the class.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.listen(descriptor, backlog)
    #elseif canImport(Musl)
        Musl.listen(descriptor, backlog)
    #else
        Darwin.listen(descriptor, backlog)
    #endif
}
