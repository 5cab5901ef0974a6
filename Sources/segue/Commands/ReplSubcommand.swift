import Foundation
import SegueCheck
import SegueDiagnostics
import SegueDriver
import SegueMachine
import SegueREPL

/// `segue repl FLOW`: step through a flow interactively, or run a script of REPL commands.
enum ReplSubcommand: SegueCommand {
    static let name = "repl"
    static let summary = "Step through a flow: tap, fill, tick, undo — with completion and history"
    static let synopsis = ["FLOW"]
    static let about = """
        Shows the flow's top screen after every command, with what changed. Type `help` inside
        for the commands; Tab completes commands, element ids, fields, events and services.
        """
    static let options = [
        CommandOption(
            "--data-dir", value: "DIR",
            help: "where flow data, the local board, purchases, defaults and takes are kept",
            "between runs (default .segue/)", completion: .directory),
        CommandOption("--fresh", help: "use a new temporary data directory (nothing kept)"),
        CommandOption(
            "--storekit", value: "FILE", help: "the StoreKit configuration, instead of the store's `configuration:`",
            "(without either the store has no products)"),
        CommandOption(
            "--sample-photo", value: "FILE", help: "the photo `photos.pick` returns, instead of the service's",
            "`sample_photo:`"),
        CommandOption(
            "--api-url", value: "URL", help: "a real wall-of-honor server instead of the local board", completion: .text
        ),
        CommandOption(
            "--audio-input", value: "FILE",
            help: "a WAV file recordings are taken from, instead of the audio service's",
            "`input:` (without either: a generated voice)"),
        CommandOption("--real-time", help: "record and play in real time instead of virtual time (`tick`)"),
        CommandOption.device("a device profile: iphone7, iphonese, iphone15, … (`device` inside lists them)"),
        CommandOption("--script", value: "FILE", help: "read commands from FILE instead of the terminal"),
        CommandOption.locale,
        RunTrust.declaredOption,
        CommandOption.root,
    ]
    static let notes = """
        Without a terminal (a pipe or --script) commands are read without prompts and echoed
        as `> command`; the exit status is 1 if any command failed, else 0.

        example: segue repl flows/donate.yaml
                 printf 'tap donate\\ntap options[0]\\n' | segue repl flows/donate.yaml --fresh
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: Self.options)
        } catch {
            printError("segue repl: \(error)\n\(usage)")
            return 2
        }
        guard parsed.positional.count == 1, let path = parsed.positional.first else {
            printError("segue repl: name one flow file\n\(usage)")
            return 2
        }
        if parsed.switches.contains("--fresh"), parsed.options["--data-dir"] != nil {
            printError("segue repl: --fresh and --data-dir cannot be used together")
            return 2
        }
        guard let device = deviceOption(parsed.options["--device"], command: "repl") else { return 2 }
        guard case .success(let locale) = localeOption(parsed.options["--locale"], command: "repl") else { return 2 }
        let options = ServiceOptions(
            dataDirectory: parsed.switches.contains("--fresh") ? nil : (parsed.options["--data-dir"] ?? ".segue"),
            storeKitFile: parsed.options["--storekit"], apiURL: parsed.options["--api-url"],
            audioInput: parsed.options["--audio-input"], realTime: parsed.switches.contains("--real-time"),
            boardEntries: 12, samplePhoto: parsed.options["--sample-photo"])
        let color = isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let session: ReplSession
        do {
            session = try await ReplSession.open(
                path: path, options: options, device: device, style: ReplStyle(color: color), locale: locale
            ) { reach in
                RunTrust.policy(
                    for: [(path, reach)], trusted: parsed.switches.contains(RunTrust.option), command: "repl")
            }
        } catch {
            if case .refused = error { return 2 }
            if case .invalidFlow(let result) = error {
                let renderer = DiagnosticRenderer(format: .human, color: isatty(2) == 1, sources: result.sources)
                printError(renderer.render(result.diagnostics))
                printError("segue repl: \(error.description)")
                return result.isUnreadable ? 2 : 1
            }
            printError("segue repl: \(error.description)")
            return 2
        }
        let editor: LineEditor
        do {
            editor = try LineEditor(script: parsed.options["--script"]) { line, word in
                session.completions(line: line, word: word)
            }
        } catch {
            printError("segue repl: \(error)")
            session.embedded.removeTemporaryFiles()
            return 2
        }
        let status = await ReplLoop(session: session, editor: editor).run()
        session.embedded.removeTemporaryFiles()
        return status
    }
}
