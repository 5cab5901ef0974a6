import Foundation

/// A run-time value of the flow language: what data variables hold, expressions produce and services exchange.
///
/// It has JSON's shape plus a distinction between integers and numbers, so `count: 50` stays an `int`.
public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case list([Value])
    case record([String: Value])
}

extension Value: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let list = try? container.decode([Value].self) {
            self = .list(list)
        } else {
            self = .record(try container.decode([String: Value].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        case .record(let value): try container.encode(value)
        }
    }
}

extension Value: CustomStringConvertible {
    /// The value as a flow author would write it: strings bare, records with sorted keys.
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .string(let value): return value
        case .list(let items): return "[" + items.map(\.literal).joined(separator: ", ") + "]"
        case .record(let fields):
            return "{"
                + fields.sorted { $0.key < $1.key }.map { "\(Value.key($0.key)): \($0.value.literal)" }
                .joined(separator: ", ") + "}"
        }
    }

    /// A record's or map's key as a record literal writes it: bare when it is a name (`Hamlet`), else quoted
    /// (`"two words"`, `"donate.small"`), so what the REPL prints can be typed back.
    static func key(_ text: String) -> String {
        let isName =
            text.first.map { $0 == "_" || $0.isLetter } == true
            && text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
        return isName && !["true", "false", "null", "in"].contains(text) ? text : Value.string(text).literal
    }

    /// Like `description`, but strings are quoted and escaped as an expression would write them.
    public var literal: String {
        guard case .string(let value) = self else { return description }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

extension Value {
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .number(let value) where value == value.rounded() && abs(value) < 9e18: return Int(value)
        default: return nil
        }
    }

    public var numberValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var listValue: [Value]? {
        if case .list(let value) = self { return value }
        return nil
    }

    public var recordValue: [String: Value]? {
        if case .record(let value) = self { return value }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// A field of a record, or nil.
    public subscript(field: String) -> Value? {
        recordValue?[field]
    }
}
