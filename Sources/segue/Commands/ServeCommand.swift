import Foundation
import SegueDiagnostics
import SegueRuntime
import SegueServe

/// `segue serve FLOW`: the flow as a clickable phone in the browser, on the embedded services, following edits.
enum ServeCommand: SegueCommand {
    static let name = "serve"
    static let summary = "Run a flow in the browser: a clickable phone, the state beside it, live reload"
    static let synopsis = ["FLOW"]
    static let about = """
        Serves one page that shows the flow's top screen at the device's size, takes taps, typing,
        sliders, back and swipe-down as inputs to the real machine (on the embedded services, as
        `segue repl --fresh` has them), and shows the navigation stack, data, the last step's trace,
        diagnostics and the transition diagram beside it. Undo, redo and a timeline slider move
        through the steps; the session saves as a REPL trace or as a scenario for `segue test`.
        When the flow file or an import changes it is checked again: errors are shown and the flow
        as it was keeps running; a flow that compiles is replayed to the same step.

        Open the address it prints: it carries this run's token (?token=…), which the page keeps
        as a cookie; a request without it, or naming the server by another host, is refused.
        """
    static let options = [
        CommandOption("--port", value: "N", help: "the port to listen on (default 8765; 0 picks a free one)", completion: .text),
        CommandOption.device("a device profile: iphone7, iphonese, iphone15, … (default iPhone 15)"),
        CommandOption(
            "--open", help: "open the page in the default browser (the token is then on xdg-open's command line,",
            "which other local users can read)"),
        CommandOption(
            "--host", value: "H", help: "the address to listen on (default 127.0.0.1); anything else lets other",
            "machines with the token drive the flow and is warned about", completion: .text),
        CommandOption.locale,
        RunTrust.declaredOption,
        CommandOption.root,
    ]
    static let notes = """
        Stop it with Ctrl-C. See docs/serve.md.

        example: segue serve flows/donate.yaml
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: Self.options)
        } catch {
            printError("segue serve: \(error)\n\(usage)")
            return 2
        }
        guard parsed.positional.count == 1, let path = parsed.positional.first else {
            printError("segue serve: name one flow file\n\(usage)")
            return 2
        }
        var port: UInt16 = 8765
        if let text = parsed.options["--port"] {
            guard let number = UInt16(text) else {
                printError("segue serve: --port takes a number from 0 to 65535, not `\(text)`")
                return 2
            }
            port = number
        }
        guard let device = deviceOption(parsed.options["--device"], command: "serve") else { return 2 }
        guard case .success(let locale) = localeOption(parsed.options["--locale"], command: "serve") else { return 2 }
        let host = parsed.options["--host"] ?? "127.0.0.1"
        if !["127.0.0.1", "localhost"].contains(host) {
            printError(
                "segue serve: warning: listening on \(host): anyone who can reach this address and sees the token (sent unencrypted) can drive the flow and its services"
            )
        }
        let server: FlowServer
        do {
            server = try await FlowServer.start(
                path: path, host: host, port: port, device: device, locale: locale
            ) { reach in
                RunTrust.policy(
                    for: [(path, reach)], trusted: parsed.switches.contains(RunTrust.option), command: "serve")
            }
        } catch {
            if case .flow(.refused) = error { return 2 }
            if case .flow(.invalidFlow(let result)) = error {
                let renderer = DiagnosticRenderer(format: .human, color: isatty(2) == 1, sources: result.sources)
                printError(renderer.render(result.diagnostics))
                printError("segue serve: \(error.description)")
                return result.isUnreadable ? 2 : 1
            }
            printError("segue serve: \(error.description)")
            return 2
        }
        let interrupts = Interrupts()
        // Written unbuffered: a script reading the address from a pipe gets it at once.
        FileHandle.standardOutput.write(Data("segue serve: \(path) at \(server.pageURL) (Ctrl-C stops)\n".utf8))
        if parsed.switches.contains("--open") { openBrowser(server.pageURL) }
        await interrupts.wait()
        server.stop()
        server.served.removeTemporaryFiles()
        return 0
    }

    private static func openBrowser(_ address: String) {
        let opener = ["/usr/bin/xdg-open", "/usr/bin/open"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let opener else {
            printError("segue serve: no xdg-open here to open a browser; open \(address) yourself")
            return
        }
        do {
            // Not waited for: the opener hands the address to the browser and ends by itself.
            _ = try ChildProcess(executable: URL(fileURLWithPath: opener), arguments: [address])
        } catch {
            printError("segue serve: could not open a browser: \(error.localizedDescription); open \(address) yourself")
        }
    }

    /// Catches Ctrl-C and SIGTERM from the moment it is made (a plain signal handler writing to a pipe: a
    /// dispatch source starts listening a moment later, and a signal in between would be lost); `wait` returns at
    /// the first.
    private struct Interrupts {
        let reader: Int32

        init() {
            var ends: [Int32] = [-1, -1]
            _ = pipe(&ends)
            reader = ends[0]
            interruptWriter = ends[1]
            for number in [SIGINT, SIGTERM] {
                signal(number) { _ in
                    var byte: UInt8 = 1
                    _ = write(interruptWriter, &byte, 1)
                }
            }
        }

        func wait() async {
            let reader = self.reader
            await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
                Thread {
                    var byte: UInt8 = 0
                    _ = read(reader, &byte, 1)
                    resume.resume()
                }.start()
            }
        }
    }
}

/// Where the signal handler writes; set once, before the handler is installed.
nonisolated(unsafe) private var interruptWriter: Int32 = -1
