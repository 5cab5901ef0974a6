import SegueExpression
import SegueModel

/// A few values of a declared type that stand for all of them: what `segue check` answers a call's `ok` with.
///
/// A list is empty, one item or a full page; a record comes with every optional field set and with none.
///
///     SampleValues(flow: flow).values(of: "list<Entry>")  // [[], [entry], [entry, entry without url, …]]
struct SampleValues {
    /// Record types by name: the flow's own and the built-in services' (`Product`, `Take`, …).
    let records: [String: [(String, String)]]
    /// How many items a full page has when the call does not say (`count:`, `limit:`, …).
    var pageSize = 3
    /// The most items a sampled page has, whatever the call asks for.
    static let largestPage = 200
    /// Record fields no expression of the flow can look at (`UnobservedFields`): sampled only in their simplest
    /// value, so a record that differs only there is one sample.
    var unobserved: Set<String> = []

    init(flow: Flow) {
        var records = BuiltinOperations.recordTypes
        for type in flow.types { records[type.name.text] = type.fields.map { ($0.name.text, $0.type.text) } }
        self.records = records
    }

    /// The representative values of `type`, at most a handful, the simplest first. A list answering the first
    /// page is empty, one item or a full page (`page.size` items); a page after the first is empty or one item, so
    /// every page after a full one ends the list (docs/check.md, "Paging").
    func values(of type: String, depth: Int = 0, page: PageRequest = .first) -> [Value] {
        if depth == 0, !page.echo.isEmpty, !type.hasPrefix("list<") {
            return values(of: type, depth: 1, page: page).map { Self.echoing(page.echo, in: $0) }
        }
        let text = type.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("?") { return [.null] + values(of: String(text.dropLast()), depth: depth, page: page) }
        if text.hasPrefix("list<"), text.hasSuffix(">") {
            let element = String(text.dropFirst(5).dropLast())
            var items = depth > 2 ? [] : values(of: element, depth: depth + 1)
            // Records a service answers unprompted carry the texts its calls give it (`ServiceEcho`).
            if depth == 0, page.echoesItems { items = items.map { Self.echoing(page.echo, in: $0) } }
            guard let first = items.last else { return [.list([])] }
            guard depth > 0 || !page.later else { return [.list([]), .list([first])] }
            let size = depth == 0 ? min(page.size ?? pageSize, Self.largestPage) : pageSize
            guard size > 1 else { return [.list([]), .list([first])] }
            let full = (0..<size).map { items[$0 % items.count] }
            return [.list([]), .list([first]), .list(full)]
        }
        switch text {
        case "string", "file": return [.string("sample")]
        case "int": return [.int(1)]
        case "number": return [.number(1.5)]
        case "bool": return [.bool(true), .bool(false)]
        case "null": return [.null]
        case "any": return [.null]
        default: break
        }
        guard let fields = records[text], depth <= 2 else { return [.null] }
        // Every optional field set, then none (the first value of a field's samples is its simplest).
        var full: [String: Value] = [:]
        var bare: [String: Value] = [:]
        for (name, fieldType) in fields {
            let samples = values(of: fieldType, depth: depth + 1)
            bare[name] = samples.first ?? .null
            full[name] = unobserved.contains(name) ? bare[name] : samples.last ?? .null
        }
        return full == bare ? [.record(full)] : [.record(full), .record(bare)]
    }

    /// A sampled record with the call's text arguments in the fields of the same name (`line`, `character`).
    static func echoing(_ echo: [String: Value], in value: Value) -> Value {
        guard case .record(var fields) = value else { return value }
        for (name, argument) in echo where fields[name] != nil { fields[name] = argument }
        return .record(fields)
    }
}
