import Foundation
import SegueRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw TCP client for the server tests: sends exactly the bytes given (malformed, oversized, slow) and reads what
/// comes back until the server closes or the deadline passes. It waits in `poll` for the socket itself, on a thread
/// of its own (`BlockingWork`), never blocking one of the pool's few threads other suites need.
final class LoopbackClient: Sendable {
    let descriptor: Int32

    /// Connects to 127.0.0.1:`port` from `source` (any 127.x.y.z address is this machine: a second client address
    /// for the per-client limits).
    init(port: UInt16, from source: String = "127.0.0.1") throws {
        #if os(Linux)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(descriptor) }

    func send(_ text: String) { send(Data(text.utf8)) }

    func send(_ data: Data) {
        _ = data.withUnsafeBytes { bytes in
            #if os(Linux)
                Glibc.send(descriptor, bytes.baseAddress, data.count, Int32(MSG_NOSIGNAL))
            #else
                Darwin.send(descriptor, bytes.baseAddress, data.count, 0)
            #endif
        }
    }

    /// How long a test waits for an answer: the server answers on threads of its own, never Swift's cooperative
    /// pool (which CPU-bound suites running in parallel can hold for minutes on 2 cores), so a healthy server
    /// answers in milliseconds and only a broken one costs this wait.
    static let patience: Double = 30

    /// Everything received until the server closes, `stop` says enough, or `seconds` pass.
    func receive(
        for seconds: Double = LoopbackClient.patience, until stop: @escaping @Sendable (String) -> Bool = { _ in false }
    ) async -> String {
        await BlockingWork.run(named: "loopback-client") { self.receiveBlocking(for: seconds, until: stop) }
    }

    /// `receive`, waiting on this thread instead of suspending: for a test that holds every thread of the pool.
    func receiveBlocking(for seconds: Double = LoopbackClient.patience, until stop: (String) -> Bool = { _ in false })
        -> String
    {
        var received = Data()
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while read(into: &received, until: deadline) > 0, !stop(String(decoding: received, as: UTF8.self)) {}
        return String(decoding: received, as: UTF8.self)
    }

    /// Appends what arrives, waiting for it until `deadline`: how many bytes, 0 when the deadline passed, or -1 once
    /// the server closed.
    private func read(into received: inout Data, until deadline: ContinuousClock.Instant) -> Int {
        var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            let (seconds, attoseconds) = max(left, .zero).components
            let ready = poll(&descriptorSet, 1, Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return 0 }
            break
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return -1 }
        received.append(contentsOf: buffer[0..<count])
        return count
    }

    /// Whether the server has closed the connection (within `seconds`; 0 looks at what has arrived by now), reading
    /// and dropping what it sent.
    func closedByServer(within seconds: Double = LoopbackClient.patience) async -> Bool {
        await BlockingWork.run(named: "loopback-client") {
            var received = Data()
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while true {
                let count = self.read(into: &received, until: deadline)
                if count < 0 { return true }
                if count == 0 { return false }
            }
        }
    }

    /// The value of header `name` in a response, e.g. `Location`.
    static func header(_ name: String, in response: String) -> String? {
        let head = response.components(separatedBy: "\r\n\r\n").first ?? ""
        let prefix = name.lowercased() + ":"
        return head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix(prefix) }
            .map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
    }

    /// The status code of the first response line, e.g. 404.
    static func status(of response: String) -> Int? {
        let parts = response.split(separator: " ", maxSplits: 2)
        return parts.count >= 2 ? Int(parts[1]) : nil
    }

    /// One request, answered and closed, waiting on this thread.
    static func exchangeBlocking(port: UInt16, _ request: String) -> String {
        guard let client = try? LoopbackClient(port: port) else { return "" }
        client.send(request)
        return client.receiveBlocking()
    }

    /// One request, answered and closed.
    static func exchange(port: UInt16, _ request: String) async throws -> String {
        let client = try LoopbackClient(port: port)
        client.send(request)
        return await client.receive()
    }
}
