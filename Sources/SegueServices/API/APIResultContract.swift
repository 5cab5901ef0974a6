import SegueExpression
import SegueRuntime

/// What an endpoint's `ok` data must be: its declared `result:` type, and the contract's limits (no string longer
/// than the service lets a client send in a parameter of the same name, no page longer than the `count` asked for).
///
///     let contract = APIResultContract(type: .list(entry), fieldLimits: ["text": 550], pageSizeParameter: "count")
///     contract.problem(in: data, arguments: ["count": .int(50)])   // "Data[3].name: expected string, found 123"
///
/// A server that sends something else gets an error outcome with a message for the user, not a screen of nulls.
public struct APIResultContract: Sendable, Hashable {
    public var type: ValueType
    /// Longest string, in Characters, for a record field of this name anywhere in the data.
    public var fieldLimits: [String: Int]
    /// The parameter whose value bounds a list result's length (`count` for a page).
    public var pageSizeParameter: String?

    public init(type: ValueType, fieldLimits: [String: Int] = [:], pageSizeParameter: String? = nil) {
        self.type = type
        self.fieldLimits = fieldLimits
        self.pageSizeParameter = pageSizeParameter
    }

    /// The first way `data` breaks the contract, as a path and what was wrong; nil when it keeps it.
    public func problem(in data: Value, arguments: [String: Value], endpoint: APIEndpoint) -> String? {
        if let name = pageSizeParameter, case .list(let items) = data {
            let declared = endpoint.parameters.first { $0.name == name }
            if let limit = (arguments[name] ?? declared?.defaultValue)?.intValue, items.count > limit {
                return "Data: \(items.count) items for \(name)=\(limit)"
            }
        }
        return problem(data, type, path: "Data")
    }

    private func problem(_ value: Value, _ type: ValueType, path: String) -> String? {
        switch (type, value) {
        case (.any, _), (.optional, .null), (.null, .null), (.bool, .bool), (.int, .int), (.number, .int),
            (.number, .number):
            return nil
        case (.optional(let wrapped), _):
            return problem(value, wrapped, path: path)
        case (.string, .string(let text)):
            let field = path.split(separator: ".").last.map(String.init) ?? ""
            if let limit = fieldLimits[field], text.count > limit {
                return "\(path): \(text.count) characters, the contract allows \(limit)"
            }
            return nil
        case (.list(let element), .list(let items)):
            for (index, item) in items.enumerated() {
                if let problem = problem(item, element, path: "\(path)[\(index)]") { return problem }
            }
            return nil
        case (.map(let element), .record(let fields)):
            for key in fields.keys.sorted() {
                guard let fieldValue = fields[key] else { continue }
                if let problem = problem(fieldValue, element, path: "\(path).\(key)") { return problem }
            }
            return nil
        case (.record(let record), .record(let fields)):
            for field in record.fields {
                guard let fieldValue = fields[field.name] else {
                    if field.type.allowsNull { continue }
                    return "\(path).\(field.name): missing"
                }
                if let problem = problem(fieldValue, field.type, path: "\(path).\(field.name)") { return problem }
            }
            return nil
        default:
            return "\(path): expected \(type), found \(String(value.literal.prefix(40)))"
        }
    }
}
