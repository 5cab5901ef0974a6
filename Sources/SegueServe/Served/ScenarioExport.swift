import Foundation
import SegueDiagnostics
import SegueExpression
import SegueRuntime
import SegueTools

/// Writes a served session as a scenario file (docs/scenarios.md): each command a step, each call that failed or
/// was cancelled scripted with `next:` before it, and after each step what the page showed (screen, stack, alert),
/// so `segue test` checks that the flow still does what was clicked.
struct ScenarioExport {
    /// Why the session cannot be written as a scenario.
    struct Problem: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// The flow file as the scenario names it (absolute, so the scenario runs wherever it is saved).
    var flowPath: String
    var session: ReplSession
    /// Demo entries the local board started with.
    var boardEntries: Int

    func yaml() throws(Problem) -> String {
        let entries = session.timelineEntries.prefix(session.timelinePosition + 1)
        let machine = Machine(program: session.program)
        let flow = PathName.absolute(flowPath)
        var lines = [
            "scenario: \(Self.quote("clicked through \(session.program.flowID) in segue serve"))",
            "flow: \(Self.quote(flow))",
            "device: \(Self.quote(entries.first?.device.name ?? session.device.name))",
        ]
        if boardEntries > 0 { lines.append("board: \(boardEntries)") }
        lines.append("steps:")
        for (index, entry) in entries.enumerated() {
            if index == 0 {
                lines.append("  - launch")
            } else {
                for call in entry.calls { lines += Self.next(call) }
                lines.append("  - " + (try step(entry.command)))
            }
            lines.append("  - expect: " + Self.expectation(machine.view(of: entry.state), alert: entry.state.alert))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func step(_ line: String) throws(Problem) -> String {
        let command: ReplCommand
        do {
            command = try ReplCommand.parse(line)
        } catch {
            throw Problem(description: "`\(line)` is not a command a scenario can hold: \(error.description)")
        }
        let q = Self.quote
        switch command {
        case .tap(let name): return "tap: \(q(name))"
        case .select(let list, let index): return "tap: \(q("\(list)[\(index)]"))"
        case .fill(let field, let text): return "fill: { \(q(field)): \(q(text)) }"
        case .clear(let field): return "clear: \(q(field))"
        case .slide(let slider, let value): return "slide: { \(q(slider)): \(Value.number(value).description) }"
        case .pick(let picker, let option): return "pick: { \(q(picker)): \(q(option)) }"
        case .pinch(let field, let zoom): return "pinch: { \(q(field)): \(Value.number(zoom).description) }"
        case .pan(let field, let x, let y):
            return "pan: { \(q(field)): [\(Value.number(x).description), \(Value.number(y).description)] }"
        case .scroll(let list): return "scroll_to_end: \(q(list))"
        case .back: return "back"
        case .dismiss: return "dismiss"
        case .send(let event, let payload): return "{ send: \(q(event)), with: \(payload ?? "{}") }"
        case .tick(let duration): return "tick: \(q(duration.description))"
        case .reset: return "restart"
        case .device:
            throw Problem(description: "the session changed the device; a scenario runs on one device")
        default:
            throw Problem(description: "`\(line)` is not a step of a scenario")
        }
    }

    /// A failed or cancelled call, scripted so the scenario takes the same branch; ok calls are left to the
    /// embedded services, which answer the same way each run.
    static func next(_ call: ServiceCallRecord) -> [String] {
        switch call.outcome {
        case .ok: return []
        case .cancelled: return ["  - next: { call: \(quote(call.name)), cancelled: true }"]
        case .error(let error):
            return [
                "  - next: { call: \(quote(call.name)), error: { code: \(quote(error.code)), message: \(quote(error.message)) } }"
            ]
        }
    }

    static func expectation(_ view: ScreenView?, alert: AlertState?) -> String {
        var keys: [String] = []
        if let view {
            keys.append("screen: \(quote(view.screen))")
            keys.append("stack: \(quote(ScreenSummary.breadcrumb(view)))")
        }
        if let alert {
            var fields = ["image: \(quote(alert.image))", "title: \(quote(alert.title))"]
            if let message = alert.message { fields.append("message: \(quote(message))") }
            keys.append("alert: { \(fields.joined(separator: ", ")) }")
        } else {
            keys.append("alert: none")
        }
        return "{ " + keys.joined(separator: ", ") + " }"
    }

    /// A YAML double-quoted scalar (JSON's string syntax is valid YAML).
    static func quote(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
