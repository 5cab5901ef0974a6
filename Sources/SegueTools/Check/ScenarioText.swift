import Foundation
import SegueExpression
import SegueRuntime

/// How a counterexample's steps are written in a scenario file: strings and values as JSON, which YAML reads as
/// flow scalars and mappings (docs/scenarios.md).
///
///     ScenarioText.quoted("two words")  // "\"two words\""
enum ScenarioText {
    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
    }

    static func json(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) } ?? "null"
    }

    /// The `next:` step that scripts `outcome` for the next call of `call`.
    static func next(call: String, _ outcome: ServiceOutcome) -> String {
        switch outcome {
        case .ok(let value): return "next: { call: \(call), ok: \(json(value)) }"
        case .error(let error):
            return "next: { call: \(call), error: { code: \(quoted(error.code)), message: \(quoted(error.message)) } }"
        case .cancelled: return "next: { call: \(call), cancelled: true }"
        }
    }
}
