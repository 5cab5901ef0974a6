import SegueExpression
import SegueYAML

extension Node {
    /// The subtree as a plain value: scalars by their core-schema type, sequences as lists, mappings as records
    /// (the first of duplicate keys wins; the loader reports duplicates).
    public var plainValue: Value {
        switch content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .int(let value): return .int(value)
            case .float(let value): return .number(value)
            case .string(let value): return .string(value)
            }
        case .sequence(let items): return .list(items.map(\.plainValue))
        case .mapping(let entries):
            var fields: [String: Value] = [:]
            for entry in entries where fields[entry.name] == nil { fields[entry.name] = entry.value.plainValue }
            return .record(fields)
        }
    }
}
