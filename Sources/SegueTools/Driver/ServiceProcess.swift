import Foundation

/// One started service process with its pipes: requests go to its stdin, its stdout and stderr arrive as lines.
/// Dropping the last reference terminates the process, so no service process outlives the run that started it.
final class ServiceProcess: @unchecked Sendable {
    /// A line, or nil at the end of the stream.
    typealias Lines = AsyncStream<String?>

    /// The longest line read; a longer one is cut there and counts as garbage.
    static let lineLimit = 1 << 20

    let process: Process
    private let input: FileHandle
    let output: Lines
    let errors: Lines

    /// Starts `arguments` (a program with a `/` relative to `directory`, else found on `PATH`) in `directory`.
    init(arguments: [String], directory: String, environment: [String: String]) throws {
        Self.ignoreBrokenPipes
        let process = Process()
        let program = arguments.first ?? ""
        if program.contains("/") {
            let path = program.hasPrefix("/") ? program : directory + "/" + program
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = Array(arguments.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        self.process = process
        input = stdin.fileHandleForWriting
        output = Self.lines(of: stdout.fileHandleForReading)
        errors = Self.lines(of: stderr.fileHandleForReading)
    }

    deinit { stop() }

    /// Writes one line; false when the process no longer reads (it exited).
    func write(_ line: String) -> Bool {
        do {
            try input.write(contentsOf: Data((line + "\n").utf8))
            return true
        } catch {
            return false
        }
    }

    /// SIGTERM, then SIGKILL when it is still running a second later.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The exit status once it has exited (waiting up to a second for it), else nil.
    func exitStatus() -> Int32? {
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// A write to a pipe whose reader exited must fail, not kill Segue with SIGPIPE.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Reads `handle` on a thread of its own (blocking reads cost no CPU), one line at a time, then nil.
    private static func lines(of handle: FileHandle) -> Lines {
        let (stream, continuation) = Lines.makeStream()
        let thread = Thread {
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 10) {
                    continuation.yield(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
                if buffer.count > lineLimit {
                    continuation.yield(String(decoding: buffer.prefix(lineLimit), as: UTF8.self))
                    buffer.removeAll()
                }
            }
            if !buffer.isEmpty { continuation.yield(String(decoding: buffer, as: UTF8.self)) }
            continuation.yield(nil)
            continuation.finish()
        }
        thread.name = "segue-service-pipe"
        thread.start()
        return stream
    }
}
