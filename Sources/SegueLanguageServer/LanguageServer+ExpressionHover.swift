import Foundation
import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueJSON
import SegueModel

extension LanguageServer {
    /// Inside an expression: the type of the innermost part under the cursor (as the checker infers it), a name's
    /// declaration, a function's signature, and the whole expression's type; nil outside expressions.
    func expressionHover(_ document: OpenDocument, offset: Int) -> JSON? {
        let index = expressionIndex(document)
        let line = document.file.location(ofOffset: offset).line
        guard index.isFresh, let site = index.site(at: offset, line: line, in: document.path),
            let textOffset = Self.textOffset(of: offset, in: site.text, file: document.file)
        else { return nil }
        var innermost: SegueExpression.Expression?
        for expression in Self.parsed(site.text) {
            Self.visit(expression) { node in
                guard node.range.start <= textOffset, textOffset < node.range.end else { return }
                if innermost.map({ node.range.length <= $0.range.length }) ?? true { innermost = node }
            }
        }
        guard let node = innermost else { return nil }
        let scope = index.scope(of: site)
        let written = Self.slice(site.text.text, node.range)
        var type: ValueType?
        if case .success(let found) = TypeChecker(scope: scope).check(node) { type = found }
        var text = MarkdownText.code(written) + (type.map { ": " + MarkdownText.code("\($0)") } ?? "")
        switch node.kind {
        case .name(let name):
            if let implicit = ImplicitName(rawValue: name) { text += "\n\n\(implicit.doc)" }
            if let found = document.symbols.occurrences(at: offset, in: document.path).first {
                text +=
                    "\n\n\(found.id.kind.rawValue) " + MarkdownText.code(found.id.name)
                    + declarationNote(of: found, in: document)
            }
            if case .record(let record)? = type?.unwrapped, record.name != nil {
                text += "\n\n" + MarkdownText.code(record.name ?? "") + " has " + Self.fieldList(record)
            }
        case .call(let function, let functionRange, _)
        where functionRange.start <= textOffset && textOffset < functionRange.end:
            if let builtin = BuiltinFunction(rawValue: function) {
                text += "\n\n`\(builtin.signature)`"
            } else if let own = scope.function(named: function) {
                text += "\n\n`\(own.signature)`: a function of this flow"
            }
        default: break
        }
        if site.text.kind == .expression, node.range.length < site.text.text.utf8.count, let whole = site.type {
            text += "\n\nthe whole expression: " + MarkdownText.code("\(whole)")
        }
        let range = site.text.sourceRange(
            ofTextOffset: node.range.start, length: node.range.length, in: document.file)
        return ["contents": ["kind": "markdown", "value": .string(text)], "range": document.positions.range(range)]
    }

    /// The expressions of an expression or template text; none when it does not parse.
    private static func parsed(_ text: ExpressionText) -> [SegueExpression.Expression] {
        switch text.kind {
        case .expression: (try? SegueExpression.Expression.parse(text.text)).map { [$0] } ?? []
        case .template: (try? Template.parse(text.text))?.expressions ?? []
        }
    }

    /// Calls `body` on the expression and every expression inside it.
    private static func visit(_ expression: SegueExpression.Expression, _ body: (SegueExpression.Expression) -> Void) {
        body(expression)
        for child in expression.kind.children { visit(child, body) }
    }

    /// `text: string, author: string` for a record's fields, then its computed ones (`full_name: string` (computed)).
    static func fieldList(_ record: RecordType) -> String {
        let fields =
            record.fields.map { MarkdownText.code("\($0.name): \($0.type)") }
            + record.computed.map { MarkdownText.code("\($0.name): \($0.type)") + " (computed)" }
        return fields.isEmpty ? "no fields" : fields.joined(separator: ", ")
    }

    /// The byte offset inside an expression's text of a byte offset of its file.
    static func textOffset(of offset: Int, in text: ExpressionText, file: SourceFile) -> Int? {
        let count = text.text.utf8.count
        guard count <= 4096 else { return nil }
        var found: Int?
        for candidate in 0..<max(count, 1) {
            let range = text.sourceRange(ofTextOffset: candidate, length: 1, in: file)
            if range.start.offset > offset { break }
            found = candidate
        }
        return found
    }

    /// The part of an expression's text a range covers.
    static func slice(_ text: String, _ range: TextRange) -> String {
        let bytes = Array(text.utf8)
        let start = min(max(range.start, 0), bytes.count)
        let end = min(max(range.end, start), bytes.count)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
