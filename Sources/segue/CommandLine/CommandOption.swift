/// One option of a command, declared once: the parser, the usage, `segue help`, docs/cli.md's option tables and
/// the shell completions all read it.
///
///     CommandOption("--format", value: "FORMAT", help: "human (default), json, github or sarif",
///                   completion: .words(["human", "json", "github", "sarif"]))
struct CommandOption: Sendable {
    /// What a shell offers for the option's value.
    enum Completion: Sendable, Equatable {
        /// Any text: nothing to offer.
        case text
        case file
        case directory
        case words([String])
    }

    /// The spellings, the long one first: `["--output", "-o"]`.
    var names: [String]
    /// The value's placeholder (`FILE`, `N`); nil for a switch.
    var value: String?
    /// What it does: one or more lines of the usage's option list.
    var help: [String]
    var completion: Completion

    init(_ names: String..., value: String? = nil, help: String..., completion: Completion? = nil) {
        self.names = names
        self.value = value
        self.help = help
        self.completion = completion ?? (value == nil ? .text : .file)
    }

    init(names: [String], value: String?, help: [String], completion: Completion) {
        self.names = names
        self.value = value
        self.help = help
        self.completion = completion
    }

    var name: String { names[0] }

    /// `--format FORMAT`, `-o, --output FILE`: how the option list names it.
    var label: String {
        let spelled = names.sorted { $0.count < $1.count }.joined(separator: ", ")
        return value.map { "\(spelled) \($0)" } ?? spelled
    }

    /// `[--format human|json|github|sarif]`, `[--out DIR]` in the usage line: a few words are named there.
    var bracketed: String {
        let spelled = names.sorted { $0.count < $1.count }.joined(separator: "|")
        var shown = value
        if case .words(let words) = completion, words.count <= 5 { shown = words.joined(separator: "|") }
        return "[" + (shown.map { "\(spelled) \($0)" } ?? spelled) + "]"
    }
}

extension CommandOption {
    /// `--root DIR`, taken by every command that reads flows (set once for the command: `ParsedArguments`).
    static let root = CommandOption(
        "--root", value: "DIR",
        help: "files the flow names (imports, fixtures, pictures, …) are read only inside DIR, never",
        "through a link out of it (default: the folder of the file named)", completion: .directory)

    /// `--locale CODE`: the built-in texts' locale.
    static let locale = CommandOption(
        "--locale", value: "CODE", help: "built-in texts (rule messages, the error alert, the back button) in this locale",
        "instead of the flow's `locale:`: en, ru", completion: .words(["en", "ru"]))

    /// `--format` of the commands that print diagnostics.
    static let diagnosticsFormat = ["human", "json", "github", "sarif"]
}
