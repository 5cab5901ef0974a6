import SegueDiagnostics
import SegueExpression
import SegueModel

/// The variable names read inside a part of the model's expressions and `${…}` templates, with their file ranges.
///
/// Every `ExpressionText` in the value is found by reflection, so an element kind or key added to the model later
/// is covered without a change here.
enum ExpressionNames {
    /// The record type names a type annotation uses (`Entry` in `list<Entry>`), where written; a quoted
    /// annotation, whose range does not match its text byte for byte, is left out.
    static func types(in value: Any, file: SourceFile) -> [(name: String, range: SourceRange)] {
        let builtin: Set<String> = ["string", "int", "number", "bool", "date", "list", "any", "file", "map"]
        var result: [(String, SourceRange)] = []
        for type in ModelReflection.all(TypeText.self, in: value) {
            let start = type.range.start.offset
            let bytes = Array(type.text.utf8)
            guard type.range.path == file.path, start >= 0, start + bytes.count <= file.bytes.count,
                Array(file.bytes[start..<(start + bytes.count)]) == bytes
            else { continue }
            for match in type.text.matches(of: /[A-Za-z_]\w*/) where !builtin.contains(String(match.output)) {
                let offset = start + type.text[..<match.range.lowerBound].utf8.count
                let range = SourceRange(
                    path: file.path, start: file.location(ofOffset: offset),
                    end: file.location(ofOffset: offset + match.output.utf8.count))
                result.append((String(match.output), range))
            }
        }
        return result
    }

    /// Each name an expression reads (`latest` in `items: latest`, `count` in `"${count} left"`), where written.
    static func reads(in value: Any, file: SourceFile?) -> [(name: String, range: SourceRange)] {
        let texts = ModelReflection.all(ExpressionText.self, in: value)
        var result: [(String, SourceRange)] = []
        for text in texts where text.node != nil {
            for (name, range) in names(in: text) {
                result.append((name, text.sourceRange(ofTextOffset: range.start, length: range.length, in: file)))
            }
        }
        return result
    }

    /// Each field read from one implicit record (`name` in `form.name`, `recording` in `state.recording`), where written.
    static func members(of base: ImplicitName, in value: Any, file: SourceFile?) -> [(name: String, range: SourceRange)]
    {
        var result: [(String, SourceRange)] = []
        for text in ModelReflection.all(ExpressionText.self, in: value) where text.node != nil {
            for expression in parsed(text) {
                visit(expression) { node in
                    guard case .member(let inner, let name, let nameRange) = node.kind,
                        case .name(base.rawValue) = inner.kind
                    else { return }
                    result.append(
                        (name, text.sourceRange(ofTextOffset: nameRange.start, length: nameRange.length, in: file)))
                }
            }
        }
        return result
    }

    /// The expressions of an expression or template text; none when it does not parse.
    static func parsed(_ text: ExpressionText) -> [Expression] {
        switch text.kind {
        case .expression: (try? Expression.parse(text.text)).map { [$0] } ?? []
        case .template: (try? Template.parse(text.text))?.expressions ?? []
        }
    }

    /// Calls `body` on the expression and every expression inside it.
    static func visit(_ expression: Expression, _ body: (Expression) -> Void) {
        body(expression)
        for child in expression.kind.children { visit(child, body) }
    }

    private static func names(in text: ExpressionText) -> [(String, TextRange)] {
        var result: [(String, TextRange)] = []
        for expression in parsed(text) {
            visit(expression) { node in
                if case .name(let name) = node.kind { result.append((name, node.range)) }
            }
        }
        return result
    }
}
