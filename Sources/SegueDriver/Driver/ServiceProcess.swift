import Foundation
import SegueRuntime

/// One started service process (a `ChildProcess`): requests go to its stdin, and what it writes arrives as lines in
/// the order it wrote them (a stderr line written before an answer comes before it). Dropping the last reference
/// stops the process, so no service process outlives the run that started it.
final class ServiceProcess: @unchecked Sendable {
    /// A line of stdout (an answer) or of stderr (something it said); the stream ends when both pipes close.
    enum Line: Sendable, Equatable {
        case answer(String)
        case said(String)
    }

    /// The longest line read; a longer one is cut there and counts as garbage.
    static let lineLimit = 1 << 20

    private let child: ChildProcess
    let lines: AsyncStream<Line>

    /// Starts `arguments` (a program with a `/` relative to `directory`, else found on `PATH`) in `directory`.
    init(arguments: [String], directory: String, environment: [String: String]) throws {
        let program = arguments.first ?? ""
        let executable: URL
        let rest: [String]
        if program.contains("/") {
            executable = URL(fileURLWithPath: program.hasPrefix("/") ? program : directory + "/" + program)
            rest = Array(arguments.dropFirst())
        } else {
            executable = URL(fileURLWithPath: "/usr/bin/env")
            rest = arguments
        }
        child = try ChildProcess(
            executable: executable, arguments: rest, directory: directory, environment: environment)
        lines = Self.lines(of: child.output)
    }

    deinit {
        let child = child
        Task { await child.stop() }
    }

    var isRunning: Bool { child.isRunning }

    /// Writes one line; false when the process no longer reads (it exited).
    func write(_ line: String) -> Bool {
        child.write(Data((line + "\n").utf8))
    }

    /// SIGTERM, then SIGKILL when it is still running a second later; its exit status once it has exited.
    @discardableResult
    func stop() async -> Int32 {
        await child.stop()
    }

    /// Splits each pipe's bytes into lines, keeping the order in which they arrived.
    private static func lines(of output: AsyncStream<ChildProcess.Output>) -> AsyncStream<Line> {
        AsyncStream { continuation in
            let task = Task {
                var answers = LineBuffer()
                var said = LineBuffer()
                for await chunk in output {
                    switch chunk {
                    case .standardOutput(let bytes):
                        for line in answers.take(bytes) { continuation.yield(.answer(line)) }
                    case .standardError(let bytes): for line in said.take(bytes) { continuation.yield(.said(line)) }
                    }
                }
                if let rest = said.rest { continuation.yield(.said(rest)) }
                if let rest = answers.rest { continuation.yield(.answer(rest)) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Bytes of one pipe cut into lines, a line longer than `lineLimit` cut there.
    private struct LineBuffer {
        private var buffer = Data()

        mutating func take(_ bytes: Data) -> [String] {
            buffer.append(bytes)
            var lines: [String] = []
            while let newline = buffer.firstIndex(of: 10) {
                lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                buffer.removeSubrange(buffer.startIndex...newline)
            }
            if buffer.count > lineLimit {
                lines.append(String(decoding: buffer.prefix(lineLimit), as: UTF8.self))
                buffer.removeAll()
            }
            return lines
        }

        /// What is left after the last line end, if anything.
        var rest: String? { buffer.isEmpty ? nil : String(decoding: buffer, as: UTF8.self) }
    }
}
