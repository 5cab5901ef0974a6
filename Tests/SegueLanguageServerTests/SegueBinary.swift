import Foundation

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

/// `segue lsp` as a child process, spoken to over its standard input and output.
final class ServerProcess {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var framer = MessageFramerBuffer()

    init(arguments: [String] = ["lsp", "--debounce", "0.05"]) throws {
        process.executableURL = URL(fileURLWithPath: SegueBinary.path ?? "/nonexistent/segue")
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Writes these messages in one write, so the server reads them as one batch.
    func write(_ messages: [String]) {
        var data = Data()
        for message in messages { data += Data("Content-Length: \(message.utf8.count)\r\n\r\n\(message)".utf8) }
        input.fileHandleForWriting.write(data)
    }

    func closeInput() { try? input.fileHandleForWriting.close() }

    /// The next message the server sends, parsed as JSON.
    func next() throws -> [String: Any] {
        while true {
            if let body = framer.next() {
                return try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CocoaError(.fileReadUnknown) }
            framer.bytes += chunk
        }
    }

    /// Messages until one satisfies `match`.
    func next(where match: ([String: Any]) -> Bool) throws -> [String: Any] {
        while true {
            let message = try next()
            if match(message) { return message }
        }
    }

    func wait() -> (status: Int32, log: String) {
        process.waitUntilExit()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, log)
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
