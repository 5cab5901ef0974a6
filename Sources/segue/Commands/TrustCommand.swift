import Foundation
import SegueDiagnostics
import SegueDriver

/// `segue trust [DIR]`: lets the flows in a folder start their services' commands in `repl`, `test` and `serve`,
/// as `direnv allow` does for an `.envrc`; `--revoke DIR` takes it back, `--list` shows the list.
enum TrustCommand: SynchronousCommand {
    static let name = "trust"
    static let summary = "Let a folder's flows start their services' commands (or --revoke, --list)"
    static let synopsis = ["[DIR]", "--revoke DIR", "--list"]
    static let about = """
        A flow's custom service can name a program to run (`command:`). `segue repl`, `test` and
        `serve` start one only from a flow in a trusted folder, or with --trust for one run; they
        name every command and server first. `segue trust DIR` (default: the current folder) puts
        DIR's real path, links resolved, on the list: its flows and those in folders below it may
        then start their commands. Trust the folder, not its future: a later `git pull` may change
        what the commands are. The list is $XDG_CONFIG_HOME/segue/trusted, else
        ~/.config/segue/trusted, one folder a line. `/` and the home folder are refused.
        """
    static let options = [
        CommandOption(
            "--revoke", value: "DIR", help: "take DIR off the list (a folder trusted through a parent stays trusted:",
            "revoke the parent)", completion: .directory),
        CommandOption("--list", help: "print the trusted folders"),
    ]
    static let notes = """
        See docs/security.md.
        exit status: 0 done, 2 usage, a folder that cannot be trusted, or a list that cannot be used
        """

    static func runSynchronously(_ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: Self.options)
        } catch {
            printError("segue trust: \(error)\n\(usage)")
            return 2
        }
        guard let file = TrustList.defaultFile() else {
            printError("segue trust: neither XDG_CONFIG_HOME nor HOME names a folder for the trust list")
            return 2
        }
        let list = TrustList(file: file)
        let revoke = parsed.options["--revoke"]
        let listing = parsed.switches.contains("--list")
        guard parsed.positional.count <= 1, [revoke != nil, listing, !parsed.positional.isEmpty].filter({ $0 }).count <= 1
        else {
            printError("segue trust: name one folder, or use --revoke DIR or --list alone\n\(usage)")
            return 2
        }
        do {
            if listing {
                for folder in try list.folders() { print(TerminalText.escaped(folder, lineBreaks: false)) }
            } else if let revoke {
                try self.revoke(revoke, list)
            } else {
                let (folder, added) = try list.trust(parsed.positional.first ?? ".")
                let shown = TerminalText.escaped(folder, lineBreaks: false)
                print(
                    added
                        ? "trusted \(shown): its flows, and those below it, may start their services' commands"
                        : "\(shown) was already trusted")
            }
            return 0
        } catch {
            printError("segue trust: \(error)")
            return 2
        }
    }

    private static func revoke(_ folder: String, _ list: TrustList) throws(TrustList.Problem) {
        if let removed = try list.revoke(folder) {
            print("no longer trusted: \(TerminalText.escaped(removed, lineBreaks: false))")
        } else if let parent = try list.entry(covering: folder) {
            throw TrustList.Problem(
                "\(TerminalText.escaped(folder)) is not on the list, but it is trusted through "
                    + "\(TerminalText.escaped(parent)): revoke that")
        } else {
            print("\(TerminalText.escaped(folder, lineBreaks: false)) was not trusted")
        }
    }
}
