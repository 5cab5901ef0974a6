import SegueExpression
import SegueModel
import SegueRuntime

/// What the flow's expressions that decide something (not opaque: `OpaqueExpressions`) read of `form`, from their
/// syntax trees: each field named as `form.NAME`, whether a bare `form` reads them all, and the texts each field is
/// compared with (`form.login == 'admin'`, `starts_with(form.code, 'RU')`), a whole and a decimal number and a
/// non-number for a field read as one (`number(form.celsius)`, `parse_number(form.celsius)`), and texts of the
/// lengths around one a length is compared with (`len(form.code) == 4`: 3, 4 and 5 letters), which `segue check`
/// types besides the texts its rules suggest (docs/check.md, "Form values"). A field with `change:` actions is read
/// by them on every edit, one with `submit:` actions by them on return (as `event.value`): it is observed, and takes
/// the number texts when the flow reads an `event.value` as a number.
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
        for screen in program.screens {
            for element in screen.elements
            where element.kind == .field && (element.tap != nil || element.submit != nil) {
                guard let field = element.field, screen.fields.indices.contains(field) else { continue }
                fields.insert(screen.fields[field].name)
                if readsEventAsNumber { note(Self.numberTexts, for: screen.fields[field].name) }
            }
        }
    }

    /// Whether some expression reads `event.value` as a number (`parse_number(event.value)`).
    private var readsEventAsNumber = false

    /// Whether some expression that decides something reads the field's text (not only whether its rules hold).
    func observes(_ field: String) -> Bool { whole || fields.contains(field) }

    private mutating func scan(_ expression: Expression) {
        if Self.isForm(expression) {
            whole = true
            return
        }
        switch expression.kind {
        case .member(let base, let name, _) where Self.isForm(base):
            fields.insert(name)
            return
        case .binary(let op, let left, let right)
        where [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .contains].contains(op):
            noteComparison(left, right)
            noteComparison(right, left)
            noteLength(left, right)
            noteLength(right, left)
        case .call(let function, _, let arguments)
        where ["number", "int", "parse_number"].contains(function) && arguments.count == 1:
            if let field = Self.formField(arguments[0]) { note(Self.numberTexts, for: field) }
            if case .member(let base, "value", _) = arguments[0].kind, base.kind.readName == ImplicitName.event.rawValue {
                readsEventAsNumber = true
            }
        case .call(let function, _, let arguments)
        where ["starts_with", "ends_with", "contains", "matches"].contains(function) && arguments.count == 2:
            // A pattern is not a text to type; its refusing `!` comes from the field's own rule.
            if function != "matches" { noteComparison(arguments[0], arguments[1]) }
        default: break
        }
        for child in expression.kind.children { scan(child) }
    }

    /// A whole number, a decimal one and a text that is no number: what a field read as a number can hold.
    static let numberTexts = ["12", "-1.5", "1a"]

    /// `field` compared with a text literal: that text is worth typing.
    private mutating func noteComparison(_ field: Expression, _ other: Expression) {
        guard let name = Self.formField(field), case .literal(.string(let text)) = other.kind else { return }
        note([text], for: name)
    }

    /// `len(field)` compared with a whole number `n`: texts of `n - 1`, `n` and `n + 1` letters.
    private mutating func noteLength(_ length: Expression, _ other: Expression) {
        guard case .call("len", _, let arguments) = length.kind, arguments.count == 1,
            let name = Self.formField(arguments[0]), case .literal(.int(let count)) = other.kind,
            count >= 0, count < 10_000
        else { return }
        note([count - 1, count, count + 1].filter { $0 >= 0 }.map { String(repeating: "a", count: $0) }, for: name)
    }

    private mutating func note(_ texts: [String], for field: String) {
        for text in texts where !(literals[field]?.contains(text) ?? false) { literals[field, default: []].append(text) }
    }

    /// The field `expression` reads as `form.NAME`, if it is one.
    private static func formField(_ expression: Expression) -> String? {
        guard case .member(let base, let name, _) = expression.kind, isForm(base) else { return nil }
        return name
    }

    private static func isForm(_ expression: Expression) -> Bool {
        expression.kind.readName == ImplicitName.form.rawValue
    }
}
