import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connected TCP socket with deadlines: every read and write waits in `poll` for at most the time left, so no
/// client can hold a connection's thread past its limits.
struct Socket {
    let descriptor: Int32

    enum Wait {
        case ready
        case timedOut
        case closed
    }

    /// Reads what has arrived (up to `capacity` bytes), waiting until `deadline`; an empty result means the peer
    /// closed the connection.
    func read(capacity: Int = 4096, until deadline: ContinuousClock.Instant) -> [UInt8]? {
        guard wait(for: Int16(POLLIN), until: deadline) == .ready else { return nil }
        var buffer = [UInt8](repeating: 0, count: capacity)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, capacity, 0) }
        guard count >= 0 else { return nil }
        return Array(buffer[0..<count])
    }

    /// Writes all of `data` by `deadline`; false when the peer is gone or too slow.
    func write(_ data: Data, until deadline: ContinuousClock.Instant) -> Bool {
        var offset = 0
        while offset < data.count {
            guard wait(for: Int16(POLLOUT), until: deadline) == .ready else { return false }
            let sent = data.withUnsafeBytes { bytes in
                send(descriptor, bytes.baseAddress?.advanced(by: offset), data.count - offset, Self.noSignal)
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    func wait(for events: Int16, until deadline: ContinuousClock.Instant) -> Wait {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .timedOut }
            let milliseconds = Int32(
                min(
                    max(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 1), 60_000
                ))
            var descriptorSet = pollfd(fd: descriptor, events: events, revents: 0)
            let result = poll(&descriptorSet, 1, milliseconds)
            if result < 0, errno == EINTR { continue }
            if result < 0 { return .closed }
            if result == 0 { continue }
            if descriptorSet.revents & Int16(POLLNVAL) != 0 { return .closed }
            if descriptorSet.revents & events != 0 { return .ready }
            if descriptorSet.revents & Int16(POLLERR | POLLHUP) != 0 { return .closed }
        }
    }

    /// Whether the client has hung up (or sent more, which no client of an event stream does), asked without
    /// waiting: an event stream checks it between events, so a closed tab frees its place at once.
    func peerHungUp() -> Bool {
        #if os(Linux)
            // POLLRDHUP (0x2000, which Glibc's module does not export without _GNU_SOURCE): the peer closed its end.
            let asked = Int16(POLLIN) | 0x2000
        #else
            let asked = Int16(POLLIN)
        #endif
        var descriptorSet = pollfd(fd: descriptor, events: asked, revents: 0)
        guard poll(&descriptorSet, 1, 0) > 0 else { return false }
        return descriptorSet.revents != 0
    }

    /// Sends what is written, then reads and drops what the client still sends (briefly), so closing with unread
    /// bytes does not reset the connection before the client has read the answer.
    func drain() {
        shutdown(descriptor, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + .milliseconds(500)
        var drained = 0
        while drained < 1 << 20, let chunk = read(capacity: 16384, until: deadline), !chunk.isEmpty {
            drained += chunk.count
        }
    }

    /// `drain`, then `close`.
    func finish() {
        drain()
        close()
    }

    /// Ends the connection both ways without giving up the descriptor: the thread serving it sees it closed and
    /// finishes; only that thread closes the descriptor.
    func interrupt() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        #if canImport(Glibc)
            Glibc.close(descriptor)
        #elseif canImport(Musl)
            Musl.close(descriptor)
        #else
            Darwin.close(descriptor)
        #endif
    }

    /// An IPv4 address as text (`127.0.0.1`): a client's, which the per-client limits count by, or an interface's.
    static func text(of address: in_addr) -> String {
        var raw = address
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        guard inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    #if os(Linux)
        static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        static let noSignal: Int32 = 0
    #endif
}
