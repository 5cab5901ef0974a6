import SegueExpression
import SegueJSON
import SegueYAML

/// Strings and values as steps write them: JSON, which is also YAML's flow style, so the same text is a scenario
/// file's scalar or mapping and what `segue serve`'s page posts.
///
///     StepText.quoted("two words")                      // "\"two words\""
///     StepText.flow(.record(["code": .string("12")]))   // { code: "12" }
package enum StepText {
    /// A JSON string, which YAML reads as a double-quoted scalar.
    package static func quoted(_ text: String) -> String { JSONWriter.quoted(text) }

    /// Compact JSON with sorted keys, for a REPL line (a number that is not finite is `null`).
    package static func json(_ value: Value) -> String { value.json }

    /// YAML's flow style as people write it (`{ code: "12", details: [2, 3] }`): keys sorted, a key that is a
    /// plain name left bare, every string quoted.
    package static func flow(_ value: Value) -> String {
        switch value {
        case .list(let items): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .record(let fields):
            guard !fields.isEmpty else { return "{}" }
            let entries = fields.sorted { $0.key < $1.key }.map { "\(key($0.key)): \(flow($0.value))" }
            return "{ " + entries.joined(separator: ", ") + " }"
        default: return json(value)
        }
    }

    /// A mapping's key: bare when YAML reads it back as that same string (`name`, `take_volume`), else quoted
    /// (`"lines[0].volume"`, `"true"`).
    package static func key(_ text: String) -> String {
        YAMLEmitter.isPlain(text) ? text : quoted(text)
    }
}
