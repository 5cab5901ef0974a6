/// A string with `${expression}` parts, such as an alert message `"Sent ${count} photos"`.
///
/// `$${` writes a literal `${`. A string without `${` is one plain text segment.
///
///     let template = try Template.parse("Hi, ${user.name}!")
///     template.segments.count  // 3: "Hi, ", user.name, "!"
public struct Template: Sendable, Hashable {
    public var segments: [Segment]

    /// A run of plain text or one interpolated expression.
    public enum Segment: Sendable, Hashable {
        /// Text as it will appear (escapes resolved); the range covers its source bytes.
        case text(String, TextRange)
        /// An expression; the range covers the whole `${…}`, the expression's own range the inside.
        case expression(Expression, TextRange)
    }

    public init(segments: [Segment]) {
        self.segments = segments
    }

    /// The interpolated expressions, in order.
    public var expressions: [Expression] {
        segments.compactMap {
            if case .expression(let expression, _) = $0 { return expression }
            return nil
        }
    }

    /// The template with every expression's names bound (`Expression.resolvingNames`).
    public func resolvingNames(_ id: (String) -> Int?) -> Template {
        Template(
            segments: segments.map { segment in
                guard case .expression(let expression, let range) = segment else { return segment }
                return .expression(expression.resolvingNames(id), range)
            })
    }

    /// The text, when the template has no expressions.
    public var literalText: String? {
        var text = ""
        for segment in segments {
            guard case .text(let part, _) = segment else { return nil }
            text += part
        }
        return text
    }

    /// Splits a string into text and expressions; an unclosed or empty `${` is an error at it.
    public static func parse(_ source: String) throws(ExpressionDiagnostic) -> Template {
        let bytes = Array(source.utf8)
        let dollar = UInt8(ascii: "$")
        let brace = UInt8(ascii: "{")
        var segments: [Segment] = []
        var text: [UInt8] = []
        var textStart = 0
        var index = 0
        func flushText(upTo end: Int) {
            if end > textStart {
                segments.append(.text(String(decoding: text, as: UTF8.self), TextRange(textStart, end)))
            }
            text = []
        }
        while index < bytes.count {
            if bytes[index] == dollar, index + 2 < bytes.count, bytes[index + 1] == dollar, bytes[index + 2] == brace {
                text += [dollar, brace]
                index += 3
            } else if bytes[index] == dollar, index + 1 < bytes.count, bytes[index + 1] == brace {
                flushText(upTo: index)
                let (expression, end) = try interpolation(in: bytes, at: index)
                segments.append(.expression(expression, TextRange(index, end)))
                index = end
                textStart = end
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        flushText(upTo: bytes.count)
        return Template(segments: segments)
    }

    /// Parses the expression of the `${` at `start`; returns it and the offset just after its `}`.
    private static func interpolation(
        in bytes: [UInt8], at start: Int
    ) throws(ExpressionDiagnostic) -> (Expression, Int) {
        let opener = TextRange(start, start + 2)
        var parser = try Parser(bytes: bytes, offset: start + 2)
        switch parser.current.kind {
        case .rightBrace:
            throw ExpressionDiagnostic(
                code: "X011", "empty `${}`; put an expression inside, or write `$${` for a literal `${`",
                at: opener.union(parser.current.range))
        case .end:
            throw unclosed(opener)
        default: break
        }
        let expression = try parser.parseExpression()
        switch parser.current.kind {
        case .rightBrace: return (expression, parser.current.range.end)
        case .end: throw unclosed(opener)
        default:
            throw ExpressionDiagnostic(
                code: "X006",
                "expected `}` to close `${` at \(parser.column(of: start)), found \(parser.current.kind.quoted)",
                at: parser.current.range, notes: [.init("`${` opened here", at: opener)])
        }
    }

    private static func unclosed(_ opener: TextRange) -> ExpressionDiagnostic {
        ExpressionDiagnostic(
            code: "X010", "unclosed `${`; add `}` after the expression, or write `$${` for a literal `${`",
            at: opener)
    }
}
