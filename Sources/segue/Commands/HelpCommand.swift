let segueVersion = "0.1.0"

/// `segue help [COMMAND]`: the command list, or one command's usage; `--docs FILE` writes docs/cli.md's option
/// tables from the same declarations.
enum HelpCommand: SynchronousCommand {
    static let name = "help"
    static let summary = "Show the commands, or one command's usage"
    static let synopsis = ["[COMMAND]", "--docs FILE [--check]"]
    static let about = ""
    static let options = [
        CommandOption(
            "--docs", value: "FILE",
            help: "rewrite the option tables between the `cli: options` markers in FILE (docs/cli.md)"),
        CommandOption("--check", help: "with --docs: write nothing; exit 1 when the tables are stale"),
    ]
    static let notes = ""

    static func runSynchronously(_ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: options)
        } catch {
            printError("segue help: \(error)\n\(usage)")
            return 2
        }
        if let docs = parsed.options["--docs"] { return CommandDocs.rewrite(docs, check: parsed.switches.contains("--check")) }
        if let first = parsed.positional.first {
            guard let selected = CommandList.named(first) else {
                printError("segue help: unknown command `\(first)`")
                return 2
            }
            print(selected.usage)
            return 0
        }
        var text = """
            segue \(segueVersion): describe app flows in YAML and run them headless.

            usage: segue COMMAND [ARGUMENTS]

            commands:

            """
        let width = CommandList.all.map { $0.name.count }.max() ?? 0
        for command in CommandList.all {
            text +=
                "  " + command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nRun `segue help COMMAND` for a command's options."
        print(text)
        return 0
    }
}
