import Foundation
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel
import SegueRuntime
import SegueServices

/// Whether a run may start the processes a flow's custom services name (`command:`); docs/security.md.
public enum CommandPolicy: Sendable, Hashable {
    /// Start them at their first call: the flow is trusted (`--trust`, or its folder is on the `TrustList`).
    case start
    /// Build no services for a flow that has one: `repl`, `test` and `serve` on a flow that is not trusted. The
    /// command line refuses before this with its own message; this is the default, so nothing starts by accident.
    case refuse
    /// Build the services, but answer every call of a command's service with the error `not_started`, giving this
    /// reason: `segue render`, which only reads a flow.
    case skip(because: String)
}

/// What a run of a flow reaches outside Segue: the processes its custom services start and the real servers its
/// `api` services call. `segue repl`, `test` and `serve` print `lines` before anything starts.
///
///     let reach = FlowReach(flow: flow, options: options)
///     reach.lines   // ["service `python` runs `python3 library.py` in /home/ann/app/flows", …]
public struct FlowReach: Sendable, Hashable {
    /// One process a custom service starts at its first call.
    public struct Command: Sendable, Hashable {
        public var service: String
        public var arguments: [String]
        /// Where it runs and its relative program is found: the flow file's folder.
        public var directory: String
    }

    public var commands: [Command]
    /// The real server each `api` service calls, by service name (none: every board is local).
    public var servers: [String: APIServerAddress]
    /// Why the server address could not be read (`SEGUE_API_URL` or a config file that is not an address).
    public var serverProblem: String?

    public init(
        flow: Flow, options: ServiceOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        commands = flow.services.compactMap { declaration in
            guard declaration.kind == .custom, declaration.fixture == nil, let command = declaration.command else {
                return nil
            }
            return Command(
                service: declaration.name.text, arguments: command.arguments,
                directory: TrustList.realPath(command.directory) ?? command.directory)
        }
        servers = [:]
        let apis = flow.services.filter { $0.kind == .api }.map(\.name.text)
        guard !apis.isEmpty else { return }
        do {
            guard let address = try options.apiServer(environment: environment) else { return }
            for name in apis { servers[name] = address }
        } catch {
            serverProblem = "\(error)"
        }
    }

    /// Nothing outside Segue: no command and no server.
    public var isLocal: Bool { commands.isEmpty && servers.isEmpty }

    /// One line per command and per server, for standard error, with control characters escaped.
    public var lines: [String] {
        let commandLines = commands.map {
            "service `\($0.service)` runs `\(Self.shellText($0.arguments))` in \($0.directory)"
        }
        let serverLines = servers.sorted { $0.key < $1.key }.map { "service " + $0.value.banner(service: $0.key) }
        return (commandLines + serverLines).map { TerminalText.escaped($0, lineBreaks: false) }
    }

    /// The first command or server of `other` this reach does not have, as a line; nil when it has them all (a
    /// reloaded flow may run on what was named at the start).
    public func unnamed(in other: FlowReach) -> String? {
        let named = Set(lines)
        return other.lines.first { !named.contains($0) }
    }

    /// The folders whose trust the run needs, each once: each command's folder, then each data directory whose
    /// `config.json` chose a server (`configFolders`).
    public var folders: [String] {
        (commands.map(\.directory) + configFolders).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// The data directories (real paths) whose `config.json` chose a server. `segue repl`'s default data directory
    /// is `.segue/` in the working directory, where a cloned repository can carry its own: a server it names is
    /// called only when that folder is trusted, as a command is started.
    public var configFolders: [String] {
        servers.values.compactMap { address -> String? in
            guard case .configFile(let path) = address.source else { return nil }
            let folder = PathName.directory(of: path)
            return TrustList.realPath(folder) ?? PathName.absolute(folder)
        }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// A command's words as a shell would need them: a word with a space, a quote or a shell character quoted.
    public static func shellText(_ arguments: [String]) -> String {
        arguments.map { word in
            let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./=:,+@%".unicodeScalars
                    .contains(scalar)
            }
            return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }.joined(separator: " ")
    }
}

/// A custom service whose process a run does not start (`CommandPolicy.skip`): every call fails with
/// `not_started` and the reason, so the flow takes its `error` branch and nothing outside Segue runs.
struct NotStartedService: FlowService {
    let name: String
    let operations: [String]
    let reason: String

    func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome {
        .error(ServiceError(service: name, code: "not_started", message: "service `\(name)` was not started: \(reason)"))
    }
}
