import CReadline
import Foundation
import SegueDiagnostics

/// Reads command lines: with readline (editing, history kept between runs, tab completion) on a terminal, or plain
/// lines without prompts from a pipe or a script, so piped sessions are deterministic.
final class LineEditor {
    /// Whole-line completion: given the text before the cursor, the words that may come next.
    typealias Completer = (_ line: String, _ word: String) -> [String]

    let interactive: Bool
    private let historyPath: String?
    private let input: FileHandle?
    private var pending = Data()
    private var endOfInput = false

    /// `script`: read commands from this file instead of standard input (never interactive).
    init(script: String?, completer: @escaping Completer) throws {
        if let script {
            guard let handle = FileHandle(forReadingAtPath: script) else {
                throw UsageError("cannot read the script file \(script)")
            }
            input = handle
            interactive = false
        } else {
            input = isatty(0) == 1 ? nil : FileHandle.standardInput
            interactive = isatty(0) == 1
        }
        historyPath = interactive ? LineEditor.defaultHistoryPath() : nil
        if interactive {
            CompletionBridge.completer = completer
            // Word breaks leave `options[0]` and `lines[2].play` whole, so element ids complete as one word.
            segue_readline_setup("segue", " \t\n\"'{}:,", segueAttemptCompletion)
            if let historyPath {
                try? FileManager.default.createDirectory(
                    atPath: PathName.directory(of: historyPath), withIntermediateDirectories: true)
                read_history(historyPath)
            }
        }
    }

    /// The next line without its newline, or nil at the end of the input.
    func readLine(prompt: String) -> String? {
        if interactive {
            guard let raw = readline(prompt) else { return nil }
            defer { free(raw) }
            let line = String(cString: raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty {
                // Completion leaves a trailing space; the history keeps the command as typed without it.
                add_history(trimmed)
                if let historyPath { Self.save(historyPath) }
            }
            return line
        }
        return readPlainLine()
    }

    private func readPlainLine() -> String? {
        guard let input else { return nil }
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let lineData = pending[pending.startIndex..<newline]
                pending.removeSubrange(pending.startIndex...newline)
                var line = String(decoding: lineData, as: UTF8.self)
                if line.hasSuffix("\r") { line.removeLast() }
                return line
            }
            if endOfInput {
                guard !pending.isEmpty else { return nil }
                let line = String(decoding: pending, as: UTF8.self)
                pending.removeAll()
                return line
            }
            let chunk = input.availableData
            if chunk.isEmpty { endOfInput = true } else { pending.append(chunk) }
        }
    }

    /// Lines kept in the history file.
    static let historyLimit: Int32 = 1000

    /// Appends the newest line; `append_history` fails on a file that does not exist yet, so the first one writes it.
    private static func save(_ path: String) {
        if FileManager.default.fileExists(atPath: path) {
            append_history(1, path)
            history_truncate_file(path, historyLimit)
        } else {
            write_history(path)
        }
    }

    /// `$XDG_STATE_HOME/segue/history`, else `~/.local/state/segue/history`.
    static func defaultHistoryPath() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment["SEGUE_HISTORY"], !override.isEmpty { return override }
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() + "/.local/state")
        return state + "/segue/history"
    }
}

/// Readline calls plain C functions, so the completer is reached through this one process-wide slot.
enum CompletionBridge {
    nonisolated(unsafe) static var completer: LineEditor.Completer?
    nonisolated(unsafe) static var matches: [String] = []
}

private func segueCompletionGenerator(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
    let index = Int(state)
    guard index < CompletionBridge.matches.count else { return nil }
    return strdup(CompletionBridge.matches[index])
}

private func segueAttemptCompletion(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
{
    let word = text.map { String(cString: $0) } ?? ""
    let buffer = segue_readline_line_buffer().map { String(cString: $0) } ?? ""
    let prefix = String(buffer.utf8.prefix(Int(start))) ?? ""
    CompletionBridge.matches = (CompletionBridge.completer?(prefix, word) ?? []).filter { $0.hasPrefix(word) }
    segue_readline_completion_over()
    return rl_completion_matches(text, segueCompletionGenerator)
}
