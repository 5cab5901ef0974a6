import Foundation

/// A JSON value: what the language server, the services (API responses, fixtures, JSON defaults), `segue serve`'s
/// posted bodies and the tools read and write. The one JSON value type of the project; `Value(json)` and
/// `Value.json` (SegueExpression) convert to and from the flow language's values.
///
/// An integer written without a fraction or exponent that fits `Int` is `.int`; every other number is `.number`.
///
///     let message = try JSON.parse(Data(#"{"id":1,"method":"initialize"}"#.utf8))
///     message["method"]?.string   // "initialize"
///     message["id"]               // .int(1)
public indirect enum JSON: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    public init(_ value: Int) { self = .int(value) }

    /// Reads one JSON document (`JSONReader`'s rules); throws `JSONSyntaxError` with the byte offset, line and column.
    public static func parse(_ data: Data, limits: JSONReader.Limits = .standard) throws(JSONSyntaxError) -> JSON {
        try JSONReader.read(data, limits: limits)
    }

    /// Reads one JSON document from text.
    public static func parse(_ text: String, limits: JSONReader.Limits = .standard) throws(JSONSyntaxError) -> JSON {
        try JSONReader.read(Data(text.utf8), limits: limits)
    }

    /// Compact UTF-8 with sorted keys, so messages are stable for tests and logs (`JSONWriter`).
    public func encoded() -> Data { Data(JSONWriter.bytes(of: self)) }

    /// Compact text with sorted keys: `{"a":[1,2.5,"x"]}`.
    public var text: String { String(decoding: JSONWriter.bytes(of: self), as: UTF8.self) }

    /// Two-space indents, sorted keys and a final newline, for files people read and diff.
    public var prettyText: String { String(decoding: JSONWriter.bytes(of: self, pretty: true), as: UTF8.self) }

    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    public var string: String? { if case .string(let value) = self { value } else { nil } }

    /// An `.int`, or a `.number` that is whole and fits `Int` exactly.
    public var int: Int? {
        switch self {
        case .int(let value): value
        case .number(let value): Int(exactly: value)
        default: nil
        }
    }

    /// Any number as a `Double`.
    public var double: Double? {
        switch self {
        case .int(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var array: [JSON]? { if case .array(let value) = self { value } else { nil } }
    public var object: [String: JSON]? { if case .object(let value) = self { value } else { nil } }
}
