import SegueJSON

/// A JSON document with object keys in the order written, so generated files are stable and diffable.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// Pretty-printed with two-space indents and a final newline, as editors and `git diff` like it.
    public func rendered() -> String {
        var out = ""
        write(to: &out, indent: 0)
        return out + "\n"
    }

    private func write(to out: inout String, indent: Int) {
        let pad = String(repeating: " ", count: indent + 2)
        let closing = String(repeating: " ", count: indent)
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .number(let value):
            out += JSONWriter.number(value)
        case .string(let value): out += Self.quoted(value)
        case .array(let items):
            guard !items.isEmpty else { return out += "[]" }
            out += "[\n"
            for (position, item) in items.enumerated() {
                out += pad
                item.write(to: &out, indent: indent + 2)
                out += position == items.count - 1 ? "\n" : ",\n"
            }
            out += closing + "]"
        case .object(let members):
            guard !members.isEmpty else { return out += "{}" }
            out += "{\n"
            for (position, member) in members.enumerated() {
                out += pad + Self.quoted(member.0) + ": "
                member.1.write(to: &out, indent: indent + 2)
                out += position == members.count - 1 ? "\n" : ",\n"
            }
            out += closing + "}"
        }
    }

    static func quoted(_ text: String) -> String { JSONWriter.quoted(text) }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.int(let a), .number(let b)), (.number(let b), .int(let a)): return Double(a) == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { member in b.contains { $0.0 == member.0 && $0.1 == member.1 } }
        default: return false
        }
    }
}
