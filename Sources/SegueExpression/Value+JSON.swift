import SegueJSON

/// The one conversion between the flow language's values and JSON: what services answer, fixtures and JSON
/// defaults hold, `segue serve`'s page posts and the REPL's JSON arguments are read by `JSONReader` and become
/// values here; values written as JSON (`json(x)`, a service process's request) go back the same way.
///
///     Value(json: try JSON.parse(#"{"n": 1, "x": 2.5}"#))   // .record(["n": .int(1), "x": .number(2.5)])
///     Value.list([.int(1), .string("a")]).json             // [1,"a"]
extension Value {
    /// An object becomes a record, an array a list; `.int` and `.number` stay apart.
    public init(json: JSON) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .list(items.map(Value.init(json:)))
        case .object(let members): self = .record(members.mapValues(Value.init(json:)))
        }
    }

    /// The value as a JSON tree (a number that is not finite is written `null`).
    public var jsonValue: JSON {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .list(let items): .array(items.map(\.jsonValue))
        case .record(let fields): .object(fields.mapValues(\.jsonValue))
        }
    }

    /// Reads a JSON text into a value (`JSONReader`'s rules: duplicate keys refused, integers kept apart).
    public static func parse(json text: String) throws(JSONSyntaxError) -> Value {
        Value(json: try JSON.parse(text))
    }

    /// The value as compact JSON, as ECMAScript's `JSON.stringify` writes it: no spaces, strings in double quotes
    /// with `\"`, `\\` and control characters escaped, a record's keys in sorted order (records keep no other),
    /// a whole number without a fraction, a number that is not finite `null` (`JSONWriter`).
    ///
    ///     Value.list([.int(1), .string("a"), .record(["k": .number(2.5)])]).json  // [1,"a",{"k":2.5}]
    public var json: String { jsonValue.text }
}
