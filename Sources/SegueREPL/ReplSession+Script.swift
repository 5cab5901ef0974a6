import SegueDiagnostics

extension ReplSession {
    /// How a command read without a terminal is echoed before its reply, so transcripts read like a session.
    public static func echo(_ line: String) -> String {
        "\n> " + TerminalText.escaped(line.trimmingCharacters(in: .whitespaces), lineBreaks: false)
    }

    /// Runs a script of command lines as `segue repl` does without a terminal: the first screen, then each
    /// non-blank line echoed with its reply; stops at `quit`. Returns the transcript and how many commands failed.
    public func transcript(of lines: [String]) async -> (text: String, failures: Int) {
        var output = [await start()]
        var failures = 0
        for line in lines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            output.append(Self.echo(line))
            let reply = await execute(line)
            if reply.failed { failures += 1 }
            if !reply.text.isEmpty { output.append(reply.text) }
            if reply.quit { break }
        }
        return (output.joined(separator: "\n") + "\n", failures)
    }
}
