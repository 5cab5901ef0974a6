let segueVersion = "0.1.0"

/// `segue help [COMMAND]`: the command list, or one command's usage.
enum HelpCommand: SynchronousCommand {
    static let name = "help"
    static let summary = "Show the commands, or one command's usage"
    static let usage = "usage: segue help [COMMAND]"

    static func runSynchronously(_ arguments: [String]) -> Int32 {
        if let first = arguments.first {
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
