import SegueDiagnostics
import SegueExpression
import SegueModel

/// The variable names read inside a part of the model's expressions and `${…}` templates, with their file ranges.
///
/// Every `ExpressionText` in the value is found by reflection, so an element kind or key added to the model later
/// is covered without a change here.
enum ExpressionNames {
    /// Each name an expression reads (`latest` in `items: latest`, `count` in `"${count} left"`), where written.
    static func reads(in value: Any, file: SourceFile?) -> [(name: String, range: SourceRange)] {
        var texts: [ExpressionText] = []
        collect(value, into: &texts, depth: 0)
        var result: [(String, SourceRange)] = []
        for text in texts where text.node != nil {
            for (name, range) in names(in: text) {
                result.append((name, text.sourceRange(ofTextOffset: range.start, length: range.length, in: file)))
            }
        }
        return result
    }

    private static func collect(_ value: Any, into texts: inout [ExpressionText], depth: Int) {
        if let text = value as? ExpressionText {
            texts.append(text)
            return
        }
        // Leaves that hold no expressions, and the YAML nodes inside names and ranges.
        if depth > 40 || value is String || value is Name || value is SourceRange || value is TypeText
            || value is Value
        {
            return
        }
        for child in Mirror(reflecting: value).children { collect(child.value, into: &texts, depth: depth + 1) }
    }

    private static func names(in text: ExpressionText) -> [(String, TextRange)] {
        var expressions: [Expression] = []
        switch text.kind {
        case .expression:
            if let expression = try? Expression.parse(text.text) { expressions = [expression] }
        case .template:
            if let template = try? Template.parse(text.text) { expressions = template.expressions }
        }
        var result: [(String, TextRange)] = []
        func visit(_ expression: Expression) {
            if case .name(let name) = expression.kind { result.append((name, expression.range)) }
            expression.kind.children.forEach(visit)
        }
        expressions.forEach(visit)
        return result
    }
}
