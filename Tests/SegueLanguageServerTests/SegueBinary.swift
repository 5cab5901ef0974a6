import Foundation
import SegueRuntime

/// The built `segue` binary and a way to start it with pipes, for the tests that run the real server.
enum SegueBinary {
    /// Next to the test bundle (`swift build --build-tests` builds it), or in .build/debug.
    static let path: String? = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates =
            [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("segue").path }
            + [ServerHarness.root + "/.build/debug/segue"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Neovim, for the real-client test; nil when it is not installed.
    static let neovim: String? = ["/usr/bin/nvim", "/usr/local/bin/nvim", "/opt/homebrew/bin/nvim"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}

/// `segue lsp` as a child process, spoken to over its standard input and output; what it writes is awaited, never
/// read on a thread of the cooperative pool.
final class ServerProcess {
    private let child: ChildProcess
    private var output: AsyncStream<ChildProcess.Output>.AsyncIterator
    private var framer = MessageFramerBuffer()
    private var log = Data()

    init(arguments: [String] = ["lsp", "--debounce", "0.05"]) throws {
        child = try ChildProcess(
            executable: URL(fileURLWithPath: SegueBinary.path ?? "/nonexistent/segue"), arguments: arguments)
        output = child.output.makeAsyncIterator()
    }

    /// Writes these messages in one write, so the server reads them as one batch.
    func write(_ messages: [String]) {
        var data = Data()
        for message in messages { data += Data("Content-Length: \(message.utf8.count)\r\n\r\n\(message)".utf8) }
        _ = child.write(data)
    }

    func closeInput() { child.closeInput() }

    /// The next message the server sends, parsed as JSON.
    func next() async throws -> [String: Any] {
        while true {
            if let body = framer.next() {
                return try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
            }
            switch await output.next() {
            case .standardOutput(let bytes)?: framer.bytes += bytes
            case .standardError(let bytes)?: log += bytes
            case nil: throw CocoaError(.fileReadUnknown)
            }
        }
    }

    /// Messages until one satisfies `match`.
    func next(where match: ([String: Any]) -> Bool) async throws -> [String: Any] {
        while true {
            let message = try await next()
            if match(message) { return message }
        }
    }

    /// Its exit status and everything it wrote on standard error, once it has exited.
    func wait() async -> (status: Int32, log: String) {
        while let chunk = await output.next() {
            if case .standardError(let bytes) = chunk { log += bytes }
        }
        return (await child.exitStatus(), String(decoding: log, as: UTF8.self))
    }
}

/// The test's own reading of Content-Length frames, independent of the server's.
struct MessageFramerBuffer {
    var bytes = Data()

    mutating func next() -> Data? {
        guard let separator = bytes.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let header = String(decoding: bytes[bytes.startIndex..<separator.lowerBound], as: UTF8.self)
        guard let length = header.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            bytes.count - (separator.upperBound - bytes.startIndex) >= length
        else { return nil }
        let body = bytes[separator.upperBound..<(separator.upperBound + length)]
        bytes = Data(bytes[(separator.upperBound + length)...])
        return Data(body)
    }
}
