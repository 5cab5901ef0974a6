import SegueExpression
import SegueModel
import SegueRuntime

/// What the flow's expressions that decide something (not opaque: `OpaqueExpressions`) read of `form`, from their
/// syntax trees: each field named as `form.NAME`, whether a bare `form` reads them all, and the texts each field is
/// compared with (`form.login == 'admin'`, `starts_with(form.code, 'RU')`), which `segue check` types besides the
/// texts its rules suggest (docs/check.md, "Form values").
///
///     FormReads(outcomes: sampler).literals["login"]   // ["admin"]
struct FormReads {
    /// Field names read as `form.NAME`.
    private(set) var fields: Set<String> = []
    /// A bare `form` (passed whole, compared whole) reads every field.
    private(set) var whole = false
    /// Per field, the texts it is compared with, in the order met.
    private(set) var literals: [String: [String]] = [:]

    init(outcomes: OutcomeSampler) {
        let program = outcomes.program
        let opaque = OpaqueExpressions(outcomes: outcomes).indices
        for (index, compiled) in program.expressions.enumerated() where !opaque.contains(index) {
            switch compiled.body {
            case .expression(let expression): scan(expression)
            case .template(let template): template.expressions.forEach { scan($0) }
            case .constant: continue
            }
        }
    }

    /// Whether some expression that decides something reads the field's text (not only whether its rules hold).
    func observes(_ field: String) -> Bool { whole || fields.contains(field) }

    private mutating func scan(_ expression: Expression) {
        switch expression.kind {
        case .name(ImplicitName.form.rawValue):
            whole = true
            return
        case .member(let base, let name, _) where Self.isForm(base):
            fields.insert(name)
            return
        case .binary(let op, let left, let right)
        where [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .contains].contains(op):
            noteComparison(left, right)
            noteComparison(right, left)
        case .call(let function, _, let arguments)
        where ["starts_with", "ends_with", "contains", "matches"].contains(function) && arguments.count == 2:
            // A pattern is not a text to type; its refusing `!` comes from the field's own rule.
            if function != "matches" { noteComparison(arguments[0], arguments[1]) }
        default: break
        }
        for child in expression.kind.children { scan(child) }
    }

    /// `field` compared with a text literal: that text is worth typing.
    private mutating func noteComparison(_ field: Expression, _ other: Expression) {
        guard case .member(let base, let name, _) = field.kind, Self.isForm(base),
            case .literal(.string(let text)) = other.kind,
            !(literals[name]?.contains(text) ?? false)
        else { return }
        literals[name, default: []].append(text)
    }

    private static func isForm(_ expression: Expression) -> Bool {
        if case .name(ImplicitName.form.rawValue) = expression.kind { return true }
        return false
    }
}
