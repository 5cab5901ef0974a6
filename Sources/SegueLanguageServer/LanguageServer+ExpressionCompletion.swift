import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueJSON
import SegueModel

extension LanguageServer {
    /// Inside an expression or `${…}`: the names in scope with their types and the built-in functions with their
    /// signatures, or after `x.` the fields of `x`'s type (`entry.`, `device.`, `theme.`, `form.`, `state.`); nil
    /// when the cursor is not in an expression.
    func expressionCompletion(
        _ document: OpenDocument, location: SourceLocation, before: String, context: CursorContext
    ) -> [JSON]? {
        let fragment = ExpressionFragment(before: before)
        let index = expressionIndex(document)
        let site = index.site(at: location.offset, line: location.line, in: document.path)
        if let site {
            if site.text.kind == .template, !fragment.inTemplate { return nil }
        } else if !fragment.inTemplate {
            guard case .value(let key) = context.slot, let place = context.place,
                Vocabulary.key(key, at: place)?.type == .expression
            else { return nil }
        }
        guard fragment.isName else { return [] }
        let scope = index.scope(of: site ?? index.nearestSite(before: location.line, in: document.path))
        if let base = fragment.base {
            return fields(of: base, in: scope).filter { $0.field.name.hasPrefix(fragment.prefix) }.map { found in
                [
                    "label": .string(found.field.name), "kind": JSON(CompletionKind.field.rawValue),
                    "detail": .string("\(found.field.type)" + (found.computed ? " (computed)" : "")),
                ]
            }
        }
        var items: [JSON] = []
        for name in scope.visibleNames where name.hasPrefix(fragment.prefix) {
            var item: [String: JSON] = ["label": .string(name), "kind": JSON(CompletionKind.variable.rawValue)]
            if let type = scope.type(of: name) { item["detail"] = .string("\(type)") }
            if let implicit = ImplicitName(rawValue: name) {
                item["documentation"] = ["kind": "markdown", "value": .string(implicit.doc)]
            }
            items.append(.object(item))
        }
        for name in scope.functionNames where name.hasPrefix(fragment.prefix) {
            guard let function = scope.function(named: name) else { continue }
            items.append([
                "label": .string(name), "kind": JSON(CompletionKind.function.rawValue),
                "detail": .string(function.signature),
                "documentation": [
                    "kind": "markdown", "value": .string("`\(function.signature)`: a function of this flow"),
                ],
            ])
        }
        for function in BuiltinFunction.allCases where function.rawValue.hasPrefix(fragment.prefix) {
            items.append([
                "label": .string(function.rawValue), "kind": JSON(CompletionKind.function.rawValue),
                "detail": .string(function.signature),
                "documentation": ["kind": "markdown", "value": .string("`\(function.signature)`")],
            ])
        }
        return items
    }

    /// The fields of the type of the expression `base` (written before a `.`), stored then computed; none when it
    /// has no fields.
    private func fields(of base: String, in scope: any TypeScope) -> [(field: RecordType.Field, computed: Bool)] {
        guard let expression = try? Expression.parse(base),
            case .success(let type) = TypeChecker(scope: scope).check(expression),
            case .record(let record) = type.unwrapped
        else { return [] }
        return record.fields.map { ($0, false) } + record.computed.map { ($0, true) }
    }
}
