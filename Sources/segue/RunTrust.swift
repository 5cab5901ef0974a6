import Foundation
import SegueDiagnostics
import SegueDriver

/// `segue repl`, `test` and `serve`: before anything starts, every command and server the flows will use is named
/// on standard error, one line each; commands start only from a trusted flow (`--trust`, or each command's folder
/// on the `TrustList`: `segue trust DIR`). docs/security.md.
enum RunTrust {
    /// The option every command that runs a flow takes.
    static let option = "--trust"

    /// `--trust` as `segue repl` and `serve` declare it (`test` says it of several flows).
    static let declaredOption = CommandOption(
        option, help: "start the flow's service commands (`command:`) although its folder is not trusted",
        "(`segue trust DIR`); each command and server is named on standard error first (docs/security.md)")

    /// Prints the lines and decides: `.start` when the flows may start their commands (or have none), nil when
    /// one may not (the refusal, saying how to trust it, is printed).
    static func policy(
        for flows: [(path: String, reach: FlowReach)], trusted: Bool, command: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> CommandPolicy? {
        let several = Set(flows.map(\.path)).count > 1
        var printed: Set<String> = []
        for (path, reach) in flows {
            for line in reach.lines {
                let shown = several ? "\(TerminalText.escaped(path, lineBreaks: false)): \(line)" : line
                if printed.insert(shown).inserted { printError("segue \(command): \(shown)") }
            }
            if let problem = reach.serverProblem {
                printError("segue \(command): \(TerminalText.escaped(problem, lineBreaks: false))")
            }
        }
        let folders = flows.flatMap(\.reach.folders).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard !trusted, !folders.isEmpty else { return .start }
        let list = TrustList.defaultFile(environment: environment).map(TrustList.init(file:))
        var untrusted: [String] = []
        var listProblem: String?
        for folder in folders {
            do {
                if try list?.trusts(folder: folder) != true { untrusted.append(folder) }
            } catch {
                listProblem = error.description
                untrusted.append(folder)
            }
        }
        guard !untrusted.isEmpty else { return .start }
        if let listProblem { printError("segue \(command): \(listProblem)") }
        let shown = untrusted.map { TerminalText.escaped($0, lineBreaks: false) }
        let many = shown.count > 1
        let configs = Set(flows.flatMap(\.reach.configFolders))
        // A data directory's `config.json` chose a server: it is the server, not a command, that waits for trust.
        let forServer = untrusted.filter { configs.contains($0) }.count
        let what =
            switch forServer {
            case 0: "not starting the commands above"
            case untrusted.count: "not calling the server above"
            default: "not starting the commands or calling the server above"
            }
        printError(
            """
            segue \(command): \(what): \(many ? "these folders are" : "the folder \(shown[0]) is") not trusted\(many ? ": " + shown.joined(separator: ", ") : "")
              read them first; then run again with --trust (this run only), or trust the folder: \
            \(shown.map { "segue trust \(FlowReach.shellText([$0]))" }.joined(separator: "; ")) (docs/security.md)
            """)
        return nil
    }
}
