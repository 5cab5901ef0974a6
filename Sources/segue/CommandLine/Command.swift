import Foundation
import SegueDiagnostics

/// One `segue` subcommand. Exit codes: 0 success, 1 the input has errors (or tests failed), 2 usage or I/O trouble.
/// Its options are declared once (`options`); the parser, the usage, docs/cli.md and the shell completions read them.
protocol SegueCommand {
    static var name: String { get }
    /// One line for `segue help`.
    static var summary: String { get }
    /// What follows `segue NAME` in the usage line (`FLOW…`); a command used in several ways has a line each.
    static var synopsis: [String] { get }
    /// What the command does: the paragraphs between the usage line and the options.
    static var about: String { get }
    static var options: [CommandOption] { get }
    /// After the options: exit status, examples, where to read more.
    static var notes: String { get }
    static func run(_ arguments: [String]) async -> Int32
}

extension SegueCommand {
    /// The full usage text for `segue help NAME` and `segue NAME --help`.
    static var usage: String { CommandUsage(Self.self).text }
}

/// A command that never waits: `main` runs it without starting Swift concurrency's threads, which costs start-up
/// time (about 1 ms of CPU and four threads) that `segue validate` in a CI step or pre-commit hook would pay on
/// every run.
protocol SynchronousCommand: SegueCommand {
    static func runSynchronously(_ arguments: [String]) -> Int32
}

extension SynchronousCommand {
    static func run(_ arguments: [String]) async -> Int32 { runSynchronously(arguments) }
}

/// A usage mistake: printed with the command's usage line, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Writes to standard error, after whatever standard output still buffers, so the two never interleave mid-line
/// when both go to one terminal or file (a summary after the last caret line, not glued to it).
func printError(_ text: String) {
    fflush(nil)  // every output stream: standard output is the one that buffers
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

/// Parsed `--flag value`, `--flag=value` and `--switch` options plus positional arguments.
struct ParsedArguments {
    var positional: [String] = []
    var options: [String: String] = [:]
    var switches: Set<String> = []

    /// Reads `arguments` against `declared`: an option with a `value` takes one (`--format json`, `--format=json`),
    /// a switch does not; anything else starting with `-` is a usage error, and `--` ends the options.
    init(_ arguments: [String], options declared: [CommandOption]) throws {
        // Every spelling of an option is set, so `-o` and `--output` read alike.
        let spelled = Dictionary(
            declared.flatMap { option in option.names.map { ($0, option) } }, uniquingKeysWith: { first, _ in first })
        let valueOptions = Set(spelled.filter { $0.value.value != nil }.keys)
        let switchOptions = Set(spelled.filter { $0.value.value == nil }.keys)
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if valueOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("option \(name) needs a value")
                }
                for spelling in spelled[name]?.names ?? [name] { options[spelling] = value }
            } else if switchOptions.contains(name), inlineValue == nil {
                switches.formUnion(spelled[name]?.names ?? [name])
            } else {
                let known = (Array(valueOptions) + Array(switchOptions)).sorted()
                let hint = closestOption(to: name, in: known).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError("unknown option \(name)\(hint)")
            }
        }
        try Self.takeRoot(options["--root"])
    }

    /// `--root DIR`, the project root every flow the command reads is confined to (`ProjectRoot`), set here for
    /// the whole command: it must be a folder.
    private static func takeRoot(_ root: String?) throws {
        guard let root else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("--root \(root) is not a folder")
        }
        ProjectRoot.commandLine = root
    }
}

private func closestOption(to name: String, in options: [String]) -> String? {
    options.first { $0.hasPrefix(name) || name.hasPrefix($0) } ?? Suggestion.closest(to: name, in: options)
}
