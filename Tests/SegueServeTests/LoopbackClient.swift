import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw TCP client for the server tests: sends exactly the bytes given (malformed, oversized, slow) and reads what
/// comes back until the server closes or the deadline passes. It waits with `Task.sleep`, never blocking one of
/// the few threads the server's handlers need.
final class LoopbackClient {
    let descriptor: Int32

    init(port: UInt16) throws {
        #if os(Linux)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
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

    /// How long a test waits for an answer. Long on purpose: the server answers on Swift's cooperative pool, which
    /// CPU-bound suites running in parallel (the explorer's, in a debug build, on 2 cores) can hold for minutes; a
    /// healthy server answers in milliseconds, so only a broken one costs this wait.
    static let patience: Double = 600

    /// Everything received until the server closes, or until `seconds` pass.
    func receive(for seconds: Double = LoopbackClient.patience, until stop: (String) -> Bool = { _ in false }) async
        -> String
    {
        var received = Data()
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptorSet, 1, 0) > 0 else {
                try? await Task.sleep(nanoseconds: 20_000_000)
                continue
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
            if stop(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// The status code of the first response line, e.g. 404.
    static func status(of response: String) -> Int? {
        let parts = response.split(separator: " ", maxSplits: 2)
        return parts.count >= 2 ? Int(parts[1]) : nil
    }

    /// One request, answered and closed.
    static func exchange(port: UInt16, _ request: String) async throws -> String {
        let client = try LoopbackClient(port: port)
        client.send(request)
        return await client.receive()
    }
}
