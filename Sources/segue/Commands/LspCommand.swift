import Foundation
import SegueJSON
import SegueLanguageServer

/// `segue lsp`: the language server an editor starts, speaking LSP over standard input and output.
enum LspCommand: SegueCommand {
    static let name = "lsp"
    static let summary = "Run the language server for editors (LSP over stdin/stdout)"
    static let synopsis = [""]
    static let about = """
        Speaks the Language Server Protocol (3.17, JSON-RPC with Content-Length framing) on
        standard input and output, for an editor to start. Logs go to standard error.
        It publishes the diagnostics of `segue validate` as you type (after a pause of
        --debounce seconds, 0.15 by default), including problems in imported files, and
        answers completion, hover, go to definition, references, rename, document symbols
        and quick fixes. Once a flow has no error, `segue check`'s exploration of it runs in
        the background (at most --check-time seconds, 5 by default; 300,000 states; 512 MiB),
        cancelled by the next edit, and its findings are published beside the diagnostics.
        Set-up for Neovim, Helix, VS Code and Sublime Text: docs/editors.md.
        """
    static let options = [
        CommandOption(
            "--debounce", value: "SECONDS", help: "wait this long after the last edit before checking (default 0.15)",
            completion: .text),
        CommandOption(
            "--check-time", value: "SECONDS",
            help: "explore each flow in the background this long at most after an edit (default 5; 0: never)",
            completion: .text),
        CommandOption(
            "--root", value: "DIR",
            help: "files a flow names (imports, fixtures) are read only inside DIR, never through",
            "a link out of it (default: the workspace root the editor sends, else each file's folder)",
            completion: .directory),
    ]
    static let notes = """
        exit status: 0 after `shutdown` then `exit`, 1 when the input ends without them

        example: nvim's  vim.lsp.start({ name = "segue", cmd = { "segue", "lsp" } })
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: Self.options)
        } catch {
            printError("segue lsp: \(error)\n\(usage)")
            return 2
        }
        guard parsed.positional.isEmpty else {
            printError("segue lsp: takes no file names (the editor sends the files)\n\(usage)")
            return 2
        }
        var debounce = 0.15
        if let text = parsed.options["--debounce"] {
            guard let value = Double(text), value >= 0 else {
                printError("segue lsp: --debounce takes seconds, like 0.15")
                return 2
            }
            debounce = value
        }
        var check = BackgroundCheckSettings()
        if let text = parsed.options["--check-time"] {
            guard let value = Double(text), value >= 0, value.isFinite else {
                printError("segue lsp: --check-time takes seconds, like 5 (0: no background check)")
                return 2
            }
            check.seconds = value
        }
        printError("segue lsp: serving on stdin/stdout")
        return StdioServer(debounce: debounce, check: check.seconds > 0 ? check : nil).run()
    }
}
