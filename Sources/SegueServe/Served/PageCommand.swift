import Foundation
import SegueDiagnostics
import SegueDriver
import SegueYAML

/// What the page posts to `/input`: a step in a scenario's words, as JSON (JSON being YAML's flow style, the
/// scenario reader reads it), a list of them taken in order (return in a field: its text, then `submit`), or
/// `"dismiss_alert"` for a tap on the alert shown, which scenarios and the REPL do by themselves before the next step.
///
///     {"tap": "options[0]"}                      → tap options[0]
///     {"fill": {"name": "Анна Мария"}}           → fill name Анна Мария
///     {"pick": {"kind": "return flight"}}        → pick kind return flight
///     {"pan": {"photo": [0.3, 0.6]}}             → pan photo 0.3 0.6
///     [{"fill": {"query": "tea"}}, {"submit": "query"}]  → fill query tea, then submit query
///     "back"                                     → back
public enum PageCommand: Sendable, Hashable {
    case steps([UserStep])
    case dismissAlert

    /// Why a posted body is not an input.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Reads a posted body; a problem names its line and column in the body.
    public static func decode(_ body: Data) throws(Problem) -> PageCommand {
        let loaded = YAMLLoader().load(SourceFile(path: "input", bytes: Array(body)))
        guard !loaded.diagnostics.hasErrors, let node = loaded.root else {
            throw Problem(
                description: "the input is not JSON of the form {\"tap\": \"donate\"}"
                    + (loaded.diagnostics.first.map { ": \($0.range): \($0.message)" } ?? ""))
        }
        if node.scalar?.text == "dismiss_alert" { return .dismissAlert }
        guard let list = node.sequence else { return .steps(try Self.steps(node)) }
        guard !list.isEmpty else { throw Problem(description: "a list of steps needs at least one") }
        var steps: [UserStep] = []
        for item in list { steps += try Self.steps(item) }
        return .steps(steps)
    }

    /// The steps one posted step says.
    private static func steps(_ node: Node) throws(Problem) -> [UserStep] {
        let read: [UserStep]?
        do {
            read = try UserStep.read(node)
        } catch {
            throw Problem(description: "\(error)")
        }
        guard let steps = read else {
            let word = node.scalar?.text ?? node.mapping?.first?.name ?? ""
            let words = UserStep.scenarioWords + ["dismiss_alert"]
            throw Problem(
                description: "unknown step `\(word)`; one of: \(words.joined(separator: ", "))")
        }
        return steps
    }
}
