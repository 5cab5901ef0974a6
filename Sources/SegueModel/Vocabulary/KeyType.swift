/// The kind of value a key takes: what the decoder reads, the JSON Schema allows and the docs name.
///
///     .wholeNumber(minimum: 1)            // `max_lines: 3`
///     .oneOf(["top", "bottom"])           // `anchor: top`
///     .mapping(of: .object(.variable))    // `data: { count: { type: int } }`
public indirect enum KeyType: Sendable, Equatable {
    /// An identifier: `donate_form`.
    case name
    /// Plain text, never interpolated: `Error`.
    case string
    /// Text of a fixed shape: `board.add_entry` (`service.operation`), `/entries` (a path).
    case matching(pattern: String, shape: String)
    /// An expression (docs/expressions.md); YAML numbers, booleans and null are literals.
    case expression
    /// Text that may interpolate `${…}`.
    case template
    case bool
    /// Nothing or `true`: `- dismiss`, `dismiss: true`.
    case flag
    /// `true` only: `{ required: true }`.
    case yes
    case wholeNumber(minimum: Int?)
    /// A number; `above` is an exclusive lower bound, `atLeast` an inclusive one.
    case number(atLeast: Double?, above: Double?)
    /// `3s`, `500ms`, `1.5s`, `2m`, a number of seconds, or an expression giving seconds.
    case duration
    /// A type: `string`, `int`, `list<Entry>`, `Entry?`.
    case typeText
    /// One of fixed words: `top`, `bottom`.
    case oneOf([String])
    /// Exactly this whole number: `segue: 1`.
    case constant(Int)
    /// YAML null: an event without payload.
    case nothing
    /// Any YAML value.
    case any
    /// An action list, or one action standing alone.
    case actions
    /// A list of elements.
    case elements
    /// A record type's fields (`name: type`), and under `let` its computed fields (`name: expr`).
    case recordFields
    /// Names (keys chosen by the author) to values of one type.
    case mapping(of: KeyType)
    case list(of: KeyType)
    /// A mapping whose keys the vocabulary lists at this place.
    case object(KeyPlace)
    /// Any of these shapes: a type, or `{ type:, default: }`.
    case either([KeyType])

    /// How the docs name the type: `whole number ≥ 1`, `list of elements`.
    public var summary: String {
        switch self {
        case .name: return "name"
        case .string: return "string"
        case .matching(_, let shape): return shape
        case .expression: return "expr"
        case .template: return "text"
        case .bool: return "bool"
        case .flag: return "nothing or `true`"
        case .yes: return "`true`"
        case .wholeNumber(let minimum): return minimum.map { "int ≥ \($0)" } ?? "int"
        case .number(let atLeast, let above):
            if let above { return "number > \(Self.format(above))" }
            return atLeast.map { "number ≥ \(Self.format($0))" } ?? "number"
        case .duration: return "duration"
        case .typeText: return "type"
        case .oneOf(let words): return words.map { "`\($0)`" }.joined(separator: ", ")
        case .constant(let value): return "`\(value)`"
        case .nothing: return "nothing"
        case .any: return "any YAML"
        case .actions: return "actions"
        case .elements: return "elements"
        case .recordFields: return "mapping of field → type, `let`: mapping of name → expr"
        case .mapping(let value): return "mapping of name → \(value.summary)"
        case .list(let item): return "list of \(item.summary)"
        case .object(let place): return place.summary
        case .either(let shapes):
            var seen: [String] = []
            for summary in shapes.map(\.summary) where !seen.contains(summary) { seen.append(summary) }
            return seen.joined(separator: " or ")
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
