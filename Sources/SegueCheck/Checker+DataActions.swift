import SegueDiagnostics
import SegueExpression
import SegueModel

/// Actions on data: where `set:` and the list actions write (a variable, `form.field`, then `.field` and `[index]`
/// steps), `let:` values, and `append`/`insert`/`remove_at`/`replace_at`.
extension CheckRun {
    /// `let: { name: value }`: each value is typed in the scope so far, and the rest of the list reads the name.
    mutating func checkBind(_ assignments: [Assignment], in scope: Scope) -> Scope {
        var scope = scope
        for assignment in assignments {
            let name = assignment.name
            let type = check(assignment.value, in: scope, role: "`\(name.text)`") ?? .any
            var symbol: SymbolID?
            if AssignmentPath(name.text).map({ !$0.steps.isEmpty }) ?? true {
                report(
                    .error(
                        CheckCode.invalidName, "`let:` names a value with a plain name, not `\(name.text)`",
                        at: name.range,
                        notes: [DiagnosticNote("to change a field or an item of a variable, use `set:`")]))
            } else if scope.typeScope.type(of: name.text) != nil {
                report(
                    .error(
                        CheckCode.duplicateDeclaration,
                        "`\(name.text)` already names a value here; a `let:` value needs a name of its own",
                        at: name.range))
            } else {
                symbol = declareLocal(name)
            }
            scope = scope.binding(name.text, type, as: symbol)
        }
        return scope
    }

    /// `append: people` + `value:`, `insert:`/`replace_at:` + `at:` + `value:`, `remove_at:` + `at:`: the target is a list
    /// `set:` could write, the position an `int`, the value an item of the list.
    mutating func checkListEdit(_ edit: ListEdit, in scope: Scope) {
        let verb = edit.operation.rawValue
        var element: ValueType? = .any
        if let type = targetType(edit.target, in: scope), type != .any {
            if case .list(let item) = type.unwrapped {
                element = item
                if case .optional = type {
                    report(
                        .warning(
                            CheckCode.optionalOperand,
                            "`\(edit.target.text)` may be null (it is `\(type)`), and `\(verb)` then fails; "
                                + "give it a list first", at: edit.target.range))
                }
            } else {
                element = nil
                report(
                    .error(
                        CheckCode.assignmentTypeMismatch,
                        "`\(verb)` changes a list, but `\(edit.target.text)` is `\(type)`", at: edit.target.range,
                        notes: [DiagnosticNote("to give it a new value, use `set: { \(edit.target.text): … }`")]))
            }
        }
        if let position = edit.position {
            check(position, in: scope, expecting: .int, role: "the position of `\(verb)`", strict: true)
        }
        if let value = edit.value {
            check(
                value, in: scope, expecting: element, role: "the item `\(verb)` puts in `\(edit.target.text)`",
                code: CheckCode.assignmentTypeMismatch, strict: true)
        }
    }

    /// The type of an assignment target (`count`, `form.name`, `person.address.city`, `people[i].surname`),
    /// reporting unknown variables, fields and bad steps; nil when unknown.
    mutating func targetType(_ name: Name, in scope: Scope) -> ValueType? {
        guard let path = AssignmentPath(name.text) else {
            report(
                .error(
                    CheckCode.unknownVariable,
                    "`\(name.text)` is not a place `set:` can write: write a data variable, then `.field` or "
                        + "`[index]` steps (`people[i].surname`)", at: name.range))
            return nil
        }
        if path.root == ImplicitName.form.rawValue, path.steps.count == 1, case .field(let field, _) = path.steps[0] {
            return formFieldType(field, of: name, in: scope)
        }
        guard let type = rootType(path.root, of: name, in: scope) else { return nil }
        var current = type
        var holder = path.root
        // Kept for the resolved write only when every position parsed (one that did not was reported).
        var steps: [WriteStep]? = []
        defer { if !path.steps.isEmpty, let steps { writeSteps[name.range] = steps } }
        for (position, step) in path.steps.enumerated() {
            if current == .any {
                let rest = checkPositions(path.steps[position...], of: name, in: scope)
                if let done = steps, let rest { steps = done + rest } else { steps = nil }
                return .any
            }
            switch step {
            case .field(let field, let offset):
                let range = subrange(of: name, from: offset, length: field.utf8.count)
                guard let fieldType = fieldType(field, of: current, holder: holder, at: range, in: scope, name: name)
                else { return nil }
                current = fieldType
                holder += "." + field
                steps?.append(.field(field))
            case .index(let text, let offset):
                let range = subrange(of: name, from: offset, length: text.utf8.count)
                let (itemType, syntax) = itemType(text, of: current, holder: holder, at: range, in: scope)
                guard let itemType else { return nil }
                current = itemType
                holder += "[\(text)]"
                if let syntax { steps?.append(.item(syntax, text: text)) } else { steps = nil }
            }
        }
        return current
    }

    private mutating func formFieldType(_ field: String, of name: Name, in scope: Scope) -> ValueType? {
        let range = subrange(of: name, from: 5, length: field.utf8.count)
        if let owner = scope.formOwners[field] { refer(.element, Name(field, at: range), in: owner) }
        if scope.photoFields.contains(field) { return .optional(types.lenient("Photo")) }
        if scope.fields.contains(field) { return .string }
        let suggestion = Suggestion.closest(to: field, in: scope.fields)
        let message =
            scope.fields.isEmpty
            ? "`\(name.text)`, but this screen has no form fields"
            : "the form has no field `\(field)`" + Suggestion.didYouMean(field, in: scope.fields)
        report(
            .error(
                CheckCode.unknownField, message, at: range,
                fixIts: suggestion.map { [FixIt(range: range, replacement: $0)] } ?? []))
        return nil
    }

    /// The variable a path starts at; a local value (`let:`, an item, a parameter) is named as one, not as unknown.
    private mutating func rootType(_ root: String, of name: Name, in scope: Scope) -> ValueType? {
        let range = subrange(of: name, from: 0, length: root.utf8.count)
        if scope.variables[root] == nil, scope.typeScope.type(of: root) != nil {
            report(
                .error(
                    CheckCode.unknownVariable,
                    "`\(root)` is a local value here (a `let:` value, an item, a parameter or an implicit name), "
                        + "which `set:` cannot change", at: range,
                    notes: [
                        DiagnosticNote(
                            "`set:` writes data variables and form fields, and their fields and items "
                                + "(`people[i].surname`); a later `let:` can name a new value")
                    ]))
            return nil
        }
        if let hiding = scope.symbol(of: root), hiding.kind == .parameter {
            // Reads here see the parameter, so a write to the variable it hides would seem to change nothing.
            report(
                .error(
                    CheckCode.unknownVariable,
                    "`\(root)` is a parameter here, which `set:` cannot change; it hides the data variable "
                        + "`\(root)` from this screen's reads", at: range,
                    notes: [DiagnosticNote("rename the parameter or the variable, so each name says which one it is")]))
            return nil
        }
        return variableType(Name(root, at: range), in: scope)
    }

    private mutating func fieldType(
        _ field: String, of current: ValueType, holder: String, at range: SourceRange, in scope: Scope, name: Name
    ) -> ValueType? {
        guard case .record(let record) = current.unwrapped else {
            report(
                .error(
                    CheckCode.unknownField, "`\(holder)` is `\(current)`, which has no field `\(field)` to set",
                    at: range,
                    notes: [DiagnosticNote("`set:` writes a field of a record; give `\(holder)` a whole value")]))
            return nil
        }
        warnIfOptional(current, holder: holder, writing: "its field `\(field)`", at: range, in: scope, whole: "record")
        guard let fieldType = record.field(field) else {
            if refuseSettingComputedField(field, of: record, in: name) { return nil }
            let names = record.fields.map(\.name)
            let suggestion = Suggestion.closest(to: field, in: names)
            report(
                .error(
                    CheckCode.unknownField,
                    "`\(record)` has no field `\(field)`" + Suggestion.didYouMean(field, in: names), at: range,
                    fixIts: suggestion.map { [FixIt(range: range, replacement: $0)] } ?? []))
            return nil
        }
        return fieldType
    }

    /// The steps after a value of type `any` (`stuff[i + 1].x`): each position typed as an expression, so it reaches
    /// the compiler parsed, a syntax error reported here.
    private mutating func checkPositions(_ steps: ArraySlice<AssignmentPath.Step>, of name: Name, in scope: Scope)
        -> [WriteStep]?
    {
        var written: [WriteStep]? = []
        for step in steps {
            switch step {
            case .field(let field, _):
                written?.append(.field(field))
            case .index(let text, let offset):
                let range = subrange(of: name, from: offset, length: text.utf8.count)
                let position = ExpressionText(text, kind: .expression, id: Self.unnumbered, node: nil, range: range)
                let syntax = parseAndType(position, in: scope, role: "the position in `\(name.text)`").syntax
                if let syntax { written?.append(.item(syntax, text: text)) } else { written = nil }
            }
        }
        return written
    }

    /// The number of a text the checker makes (a position inside a `set:` key): none of the flow's; its syntax goes
    /// to the compiler in the resolved write (`WriteStep`), never through `lowered`.
    static let unnumbered = ExpressionID(-1)

    /// `list[i]` (an `int` position) or `map[key]` (a `string` key) inside a target: the item's type, and the
    /// position as parsed (nil when it does not parse, which is reported).
    private mutating func itemType(
        _ text: String, of current: ValueType, holder: String, at range: SourceRange, in scope: Scope
    ) -> (type: ValueType?, syntax: LoweredExpression?) {
        let index = ExpressionText(text, kind: .expression, id: Self.unnumbered, node: nil, range: range)
        switch current.unwrapped {
        case .list(let element):
            warnIfOptional(current, holder: holder, writing: "an item", at: range, in: scope, whole: "list")
            let checked = parseAndType(
                index, in: scope, expecting: .int, role: "the position in `\(holder)`", strict: true)
            return (element, checked.syntax)
        case .map(let element):
            warnIfOptional(current, holder: holder, writing: "a key", at: range, in: scope, whole: "map")
            let checked = parseAndType(
                index, in: scope, expecting: .string, role: "the key in `\(holder)`", strict: true)
            return (element, checked.syntax)
        default:
            report(
                .error(
                    CheckCode.unknownField,
                    "`\(holder)` is `\(current)`, which has no items to set; `[…]` writes an item of a list or a map",
                    at: range))
            return (nil, nil)
        }
    }

    private mutating func warnIfOptional(
        _ current: ValueType, holder: String, writing what: String, at range: SourceRange, in scope: Scope,
        whole: String
    ) {
        guard case .optional = current, !scope.nonNull.contains(holder) else { return }
        report(
            .warning(
                CheckCode.optionalOperand,
                "`\(holder)` may be null (it is `\(current)`), and setting \(what) then fails; "
                    + "check it first or set the whole \(whole)", at: range))
    }
}
