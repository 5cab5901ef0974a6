import SegueExpression
import SegueMachine
import SegueModel

/// The record fields a flow never looks at, so `segue check` samples a record only in the shapes the flow can tell
/// apart: a field no expression names, in a flow where no expression looks at a whole record (compares two values
/// that are not literals, turns one into text, takes `values(…)` of a map), is never read, so a sample with it set
/// and one with it null are one sample (docs/check.md, "What is represented by samples").
///
///     UnobservedFields(outcomes: sampler).names  // ["trim_start", "trim_end"]: a take's trim nothing reads
struct UnobservedFields {
    /// Field names of the sampled record types that no expression can observe; empty when a whole record can be.
    let names: Set<String>

    init(outcomes: OutcomeSampler, launch: MachineState) {
        let program = outcomes.program
        let opaque = OpaqueExpressions(outcomes: outcomes).indices
        var alertTexts: Set<Int> = []
        for instruction in program.code {
            guard case .alert(let alert) = instruction else { continue }
            for text in [alert.title, alert.message] { if let text { alertTexts.insert(text) } }
        }
        var named: Set<String> = []
        for value in launch.data { Self.texts(in: value, into: &named) }
        var wholeValues = false
        for (index, compiled) in program.expressions.enumerated() {
            // A drawn text or a call's argument shows a record but decides nothing; an alert's text is looked at
            // only for the word `null`, which a record's fields never render alone (`trim_end: null}`).
            let observing = !opaque.contains(index) && !alertTexts.contains(index)
            switch compiled.body {
            case .expression(let expression):
                Self.scan(expression, observing: observing, named: &named, whole: &wholeValues)
            case .template(let template):
                for case .expression(let expression, _) in template.segments {
                    Self.scan(expression, observing: observing, named: &named, whole: &wholeValues)
                    if observing, !Self.isLiteral(expression) { wholeValues = true }
                }
            case .constant(let value):
                if case .string(let text) = value { named.insert(text) }
            }
        }
        guard !wholeValues else {
            names = []
            return
        }
        var fields: Set<String> = []
        for record in outcomes.samples.records.values { fields.formUnion(record.map(\.0)) }
        names = fields.subtracting(named)
    }

    /// Collects the member names and string literals `expression` uses (a field read as `take.trim_end` or as
    /// `index_by(takes, 'line')`), and whether it looks at a whole value.
    private static func scan(_ expression: Expression, observing: Bool, named: inout Set<String>, whole: inout Bool) {
        switch expression.kind {
        case .member(_, let name, _): named.insert(name)
        case .computedField(_, let name, _, let computed):
            // Reading a computed field reads what its expression (and the siblings it uses) reads.
            named.insert(name)
            for body in computed.bodies.values { scan(body, observing: observing, named: &named, whole: &whole) }
        case .name(let name): named.insert(name)
        case .resolved(let resolved): named.insert(resolved.name)
        case .literal(.string(let text)): named.insert(text)
        case .binary(let operation, let left, let right) where observing:
            if [.equal, .notEqual].contains(operation), !isLiteral(left), !isLiteral(right) { whole = true }
            if operation == .contains, !isLiteral(left) { whole = true }
            // Joining texts could spell a field's name for a computed `record[key]`.
            if operation == .add, !isNumber(left), !isNumber(right) { whole = true }
        case .call(let function, _, let arguments) where observing:
            if ["string", "format", "values"].contains(function) { whole = true }
            if function == "contains", arguments.count == 2, !isLiteral(arguments[1]) { whole = true }
        default: break
        }
        for child in expression.kind.children { scan(child, observing: observing, named: &named, whole: &whole) }
    }

    private static func isNumber(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .literal(.int), .literal(.number): true
        default: false
        }
    }

    /// Every text inside `value`: a computed `record[key]` can only name a field whose name is one of the flow's texts.
    private static func texts(in value: Value, into named: inout Set<String>) {
        switch value {
        case .string(let text): named.insert(text)
        case .list(let items): for item in items { texts(in: item, into: &named) }
        case .record(let fields):
            for (key, field) in fields {
                named.insert(key)
                texts(in: field, into: &named)
            }
        default: break
        }
    }

    private static func isLiteral(_ expression: Expression) -> Bool {
        if case .literal = expression.kind { return true }
        return false
    }
}
