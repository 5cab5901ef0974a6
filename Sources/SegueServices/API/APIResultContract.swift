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
        if let problem = pageProblem(data, arguments: arguments, endpoint: endpoint) { return problem }
        return problem(data, type, path: "Data")
    }

    /// What the flow gets of `data`: a list result keeps the items that keep the contract, and each item left out
    /// is named with its index and what broke (`Data[3].text: 800 characters, the contract allows 550`), so one bad
    /// entry does not take the page with it. Anything else breaking it, a page longer than asked for, or a list
    /// with no item left, is the whole result's problem.
    ///
    ///     contract.screened(.list([good, tooLong, good]), arguments: [:], endpoint: list)
    ///     // .success((.list([good, good]), [LeftOut(index: 1, problem: "Data[1].text: 800 characters, …")]))
    public func screened(_ data: Value, arguments: [String: Value], endpoint: APIEndpoint)
        -> Result<(data: Value, leftOut: [LeftOut]), Refusal>
    {
        if let problem = pageProblem(data, arguments: arguments, endpoint: endpoint) {
            return .failure(Refusal(problem))
        }
        guard case .list(let items) = data, let element = Self.element(of: type) else {
            return problem(data, type, path: "Data").map { .failure(Refusal($0)) } ?? .success((data, []))
        }
        var kept: [Value] = []
        var leftOut: [LeftOut] = []
        for (index, item) in items.enumerated() {
            if let problem = problem(item, element, path: "Data[\(index)]") {
                leftOut.append(LeftOut(index: index, problem: problem))
            } else {
                kept.append(item)
            }
        }
        if kept.isEmpty, let first = leftOut.first { return .failure(Refusal(first.problem)) }
        return .success((.list(kept), leftOut))
    }

    /// An item of a list result left out: its index in the server's list, and what broke.
    public struct LeftOut: Sendable, Hashable {
        public var index: Int
        public var problem: String

        public init(index: Int, problem: String) {
            self.index = index
            self.problem = problem
        }
    }

    /// Why a whole result is refused.
    public struct Refusal: Error, Sendable, Hashable {
        public var problem: String
        init(_ problem: String) { self.problem = problem }
    }

    /// The element type of a list result (`list<Entry>` or `list<Entry>?`), or nil when the result is no list.
    private static func element(of type: ValueType) -> ValueType? {
        switch type {
        case .list(let element): element
        case .optional(let wrapped): element(of: wrapped)
        default: nil
        }
    }

    /// A page longer than the `count` it was asked for.
    private func pageProblem(_ data: Value, arguments: [String: Value], endpoint: APIEndpoint) -> String? {
        guard let name = pageSizeParameter, case .list(let items) = data else { return nil }
        let declared = endpoint.parameters.first { $0.name == name }
        guard let limit = (arguments[name] ?? declared?.defaultValue)?.intValue, items.count > limit else { return nil }
        return "Data: \(items.count) items for \(name)=\(limit)"
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
        case (.date, .string(let text)):
            // A date travels as its ISO text, which must name a real day.
            return CalendarDay(iso: text) == nil ? "\(path): \(String(value.literal.prefix(40))) is not a day (yyyy-MM-dd)" : nil
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
