import Foundation

/// docs/cli.md's reference of every command's options, from the declarations, between `<!-- cli: options -->` and
/// `<!-- /cli -->`: `segue help --docs docs/cli.md` rewrites it, `--check` fails when it is stale
/// (scripts/check-cli.sh, run by CI).
enum CommandDocs {
    static let start = "<!-- cli: options -->"
    static let end = "<!-- /cli -->"

    /// The generated part: per command its usage lines and a table of its options.
    static var markdown: String {
        var lines = ["<!-- Generated from each command's declared options by `segue help --docs docs/cli.md`. -->"]
        for command in CommandList.all where !command.options.isEmpty {
            lines += ["", "### `segue \(command.name)`", "", "```"] + CommandUsage(command).usageLines + ["```", ""]
            lines += ["| option | what it does |", "|---|---|"]
            for option in command.options {
                let help = option.help.joined(separator: " ").replacingOccurrences(of: "|", with: "\\|")
                lines.append("| `\(option.label.replacingOccurrences(of: "|", with: "\\|"))` | \(help) |")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Rewrites the part of `path` between the markers; with `check`, only says whether it is current (exit 1 when
    /// not).
    static func rewrite(_ path: String, check: Bool) -> Int32 {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            printError("segue help: cannot read \(path)")
            return 2
        }
        guard let open = text.range(of: start),
            let close = text.range(of: end, options: .backwards, range: open.upperBound..<text.endIndex)
        else {
            printError("segue help: \(path) has no `\(start)` … `\(end)` markers")
            return 2
        }
        let updated = text.replacingCharacters(in: open.upperBound..<close.lowerBound, with: "\n" + markdown + "\n")
        if check {
            guard updated == text else {
                printError("segue help: \(path)'s option tables are out of date; run `segue help --docs \(path)`")
                return 1
            }
            return 0
        }
        do {
            try updated.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            printError("segue help: cannot write \(path): \(error.localizedDescription)")
            return 2
        }
        return 0
    }
}
