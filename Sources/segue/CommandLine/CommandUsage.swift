/// A command's usage text, from its declarations: the usage line (the options in brackets, wrapped), what it does,
/// the option list with each option's help, and the notes.
///
///     print(CommandUsage(ValidateCommand.self).text)
struct CommandUsage {
    let command: any SegueCommand.Type
    static let width = 110

    init(_ command: any SegueCommand.Type) { self.command = command }

    var text: String {
        var blocks = [usageLines.joined(separator: "\n")]
        if !command.about.isEmpty { blocks.append(command.about) }
        if !command.options.isEmpty { blocks.append((["options:"] + optionLines).joined(separator: "\n")) }
        if !command.notes.isEmpty { blocks.append(command.notes) }
        return blocks.joined(separator: "\n\n")
    }

    /// `usage: segue NAME SYNOPSIS [--option VALUE] …`, wrapped under the synopsis; a command with several forms
    /// has them as written.
    var usageLines: [String] {
        let head = "usage: segue \(command.name)"
        let indent = String(repeating: " ", count: head.count + 1)
        func form(_ text: String) -> String { text.isEmpty ? "" : " " + text }
        guard command.synopsis.count == 1 else {
            return command.synopsis.enumerated().map { index, text in
                (index == 0 ? head : "       segue \(command.name)") + form(text)
            }
        }
        var lines = [head + form(command.synopsis[0])]
        for option in command.options.map(\.bracketed) {
            if lines[lines.count - 1].count + 1 + option.count > Self.width {
                lines.append(indent + option)
            } else {
                lines[lines.count - 1] += " " + option
            }
        }
        return lines
    }

    /// Each option's label, then its help aligned in one column.
    var optionLines: [String] {
        let column = (command.options.map(\.label.count).max() ?? 0) + 4
        return command.options.flatMap { option in
            option.help.enumerated().map { index, line in
                let label = index == 0 ? "  " + option.label : ""
                return label.padding(toLength: column, withPad: " ", startingAt: 0) + line
            }
        }
    }
}
