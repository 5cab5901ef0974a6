import Foundation
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueRuntime

/// Says what one command changed, from the steps' traces: screens entered and exited, transitions, calls with
/// their outcomes, alerts, errors and ignored inputs with the reason.
///
///     ChangePrinter(style: .plain).render(steps: driver.lastSteps, calls: newCalls)
///     // • present main → donate
///     // • call store.products {ids: [...]} → ok: 3 items
public struct ChangePrinter: Sendable {
    public var style: ReplStyle
    /// Paths under this directory are shown relative to it (`recordings/takes/1.wav`), so output is the same
    /// whichever temporary directory a run uses.
    public var dataDirectory: String?

    public init(style: ReplStyle, dataDirectory: String? = nil) {
        self.style = style
        self.dataDirectory = dataDirectory
    }

    /// An invoked session's own change, indented under its id (`[worker] enter state chart.busy`).
    private func sessionLine(_ id: String, _ entry: TraceEntry) -> [String] {
        switch entry {
        case .action, .eventConsumed, .timerFired: return []
        case .session(let inner, let deeper): return sessionLine(id + "/" + inner, deeper)
        default: return [style.dim("  [\(id)] \(entry.description)")]
        }
    }

    /// The most lines one command prints of what happened; a longer run ends with how many were left out.
    public static let lineLimit = 200

    /// One line per change, at most `lineLimit` and the event limit's; empty when nothing happened worth saying.
    public func render(steps: [Step], calls: [ServiceCallRecord]) -> [String] {
        var lines: [String] = []
        // A chart that loops prints its first lines and one line for the rest, never millions.
        var leftOut = 0
        func add(_ line: String) {
            if lines.count < Self.lineLimit { lines.append(line) } else { leftOut += 1 }
        }
        var remaining = calls[...]
        var started: [Int: ServiceCallRecord] = [:]
        for entry in steps.flatMap(\.trace) {
            switch entry {
            case .transition(let kind, let from, let to):
                add("• \(kind.rawValue) \(from ?? "–") → \(to ?? "–")")
            case .screenEntered(let screen, _): add(style.dim("  enter \(screen)"))
            case .screenExited(let screen, _): add(style.dim("  exit \(screen)"))
            case .stateEntered(let screen, let state): add(style.dim("  enter state \(screen).\(state)"))
            case .stateExited(let screen, let state): add(style.dim("  exit state \(screen).\(state)"))
            case .callStarted(let id, let service, let operation):
                let record = remaining.popFirst()
                started[id] = record
                let arguments =
                    record.map {
                        $0.arguments.isEmpty
                            ? "" : Self.short(Value.record($0.arguments).literal, hiding: dataDirectory)
                    } ?? ""
                add("• call \(service).\(operation)" + (arguments.isEmpty ? "" : " \(arguments)"))
            case .outcome(let id, let branch):
                let answer = started[id].map { Self.describe($0.outcome, hiding: dataDirectory) } ?? branch
                let taken = answer.hasPrefix(branch) ? "" : " → \(branch) branch"
                add("  ↳ " + paint(answer) + taken)
                // Where a server's data broke the endpoint's result contract: the alert only says it was not as expected.
                if case .error(let error)? = started[id]?.outcome, let problem = error.details["problem"]?.stringValue {
                    add(style.dim("    where: \(problem)"))
                }
            case .outcomeDropped(_, let reason): add(style.yellow("  ↳ dropped: \(reason)"))
            case .callCancelled(_, let service, let operation, let reason):
                add(style.yellow("• cancel \(service).\(operation): \(reason)"))
            case .alertShown(let title): add("• alert \"\(title)\"")
            case .error(let message, let handledBy, _):
                add(style.red("• error \"\(message)\" → \(handledBy)"))
            case .ignored(let what, let reason): add(style.yellow("• ignored \(what): \(reason)"))
            case .note, .doneRaised, .flowEnded: add("• \(entry.description)")
            case .eventLimit:
                // Why it stopped is always said, after the lines left out.
                if leftOut > 0 { lines.append(style.dim("• … \(leftOut) more lines left out")) }
                leftOut = 0
                lines.append("• \(entry.description)")
            case .resultHandedBack(let from, let to, let value):
                add(
                    "• result " + Self.short(value.literal, hiding: dataDirectory) + " handed back by \(from) to \(to)")
            case .session(let id, let inner): sessionLine(id, inner).forEach(add)
            case .sessionStarted, .sessionEnded: add("• \(entry.description)")
            case .action, .eventConsumed, .timerFired: break
            }
        }
        for effect in steps.flatMap(\.effects) {
            switch effect {
            case .openURL(let url): add("• open url \(url)")
            case .emit(let event, let payload):
                add("• emit " + Self.short(OutputEvent(event: event, payload: payload).description))
            case .play(let mode, let line): add("• play \(mode) from line \(line)")
            case .stopPlayback: add("• stop playback")
            default: break
            }
        }
        if leftOut > 0 { lines.append(style.dim("• … \(leftOut) more lines left out")) }
        return lines
    }

    /// `ok: 3 items`, `error 12: Операция невозможна…`, `cancelled`.
    public static func describe(_ outcome: ServiceOutcome, hiding directory: String? = nil) -> String {
        switch outcome {
        case .ok(.list(let items)): return "ok: \(Plural.english(items.count, "item"))"
        case .ok(.null): return "ok"
        case .ok(let value): return "ok: " + short(value.literal, hiding: directory)
        case .error(let error): return "error \(error.code): \(error.message)"
        case .cancelled: return "cancelled"
        }
    }

    /// Long values are cut to one readable line; paths in the data directory are shown as `showingPaths` says.
    static func short(_ text: String, limit: Int = 90, hiding directory: String? = nil) -> String {
        let flat = showingPaths(in: text.replacingOccurrences(of: "\n", with: " "), dataDirectory: directory)
        return flat.count <= limit ? flat : String(flat.prefix(limit - 1)) + "…"
    }

    /// `text` with the data directory's files named from the current folder when the directory is inside it
    /// (`.segue/photos/a.jpg`, a path the person can open from there); the files of a directory elsewhere (the
    /// temporary one of a run that keeps nothing) are named within it (`recordings/takes/…`).
    static func showingPaths(
        in text: String, dataDirectory: String?, from folder: String = FileManager.default.currentDirectoryPath
    ) -> String {
        guard let dataDirectory else { return text }
        let absolute = PathName.absolute(dataDirectory, from: folder)
        let here = PathName.absolute(folder)
        let shown = absolute.hasPrefix(here + "/") ? String(absolute.dropFirst(here.count + 1)) + "/" : ""
        return text.replacingOccurrences(of: absolute + "/", with: shown)
    }

    private func paint(_ text: String) -> String {
        text.hasPrefix("error") ? style.red(text) : text.hasPrefix("cancelled") ? style.yellow(text) : style.green(text)
    }
}
