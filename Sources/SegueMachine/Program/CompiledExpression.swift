import SegueDiagnostics
import SegueExpression

/// An expression or `${…}` template parsed once at compile time, with where it was written.
public struct CompiledExpression: Sendable {
    public enum Body: Sendable {
        case expression(Expression)
        case template(Template)
        /// A template without `${…}`, or a literal: no evaluation needed.
        case constant(Value)
    }

    /// Its syntax tree; once the program is compiled every name in it is bound (`Program.bindNames`).
    public internal(set) var body: Body
    public var source: String
    public var range: SourceRange
    /// The names it reads (data, implicit names, named values; not functions or fields), from its syntax tree:
    /// `segue check` and the compiler ask this, never the source text.
    public let names: Set<String>
    /// The syntax tree compiled into closures that read the machine's slots (`Program.compileExpressions`, after the
    /// names are bound); nil only for a constant.
    var evaluation: CompiledEvaluation?

    init(body: Body, source: String, range: SourceRange) {
        self.body = body
        self.source = source
        self.range = range
        switch body {
        case .constant: names = []
        case .expression(let expression): names = expression.referencedNames
        case .template(let template): names = template.expressions.reduce(into: []) { $0.formUnion($1.referencedNames) }
        }
    }

    /// The value in `scope`, the syntax tree walked; templates give strings. Failures carry the file position.
    /// The machine runs the compiled `evaluation` instead (`evaluate(in: MachineScope)`).
    func interpreted<Scope: ValueScope>(in scope: Scope) -> Result<Value, ExpressionFailure> {
        let result: Result<Value, EvaluationError>
        switch body {
        case .constant(let value): return .success(value)
        case .expression(let expression): result = Evaluator(scope: scope).evaluate(expression)
        case .template(let template): result = Evaluator(scope: scope).evaluate(template).map(Value.string)
        }
        return result.mapError(failure)
    }

    func failure(_ error: EvaluationError) -> ExpressionFailure {
        ExpressionFailure(
            kind: error.kind.rawValue, message: error.message, source: source, offset: error.range.start,
            length: error.range.length, range: range)
    }
}

/// A run-time expression error (division by zero, a field of null), with the expression and where it was written.
///
/// The machine routes it like a failed call: the screen's `on_error`, the flow's, then the default error alert.
public struct ExpressionFailure: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// `divisionByZero`, `nullValue`, `typeMismatch`, … (`EvaluationError.Kind`'s names).
    public var kind: String
    public var message: String
    /// The expression's text.
    public var source: String
    /// Where inside `source` it failed, in UTF-8 bytes.
    public var offset: Int
    public var length: Int
    /// Where the expression is written in the flow file.
    public var range: SourceRange

    public var description: String { "\(range): \(message) in `\(source)`" }

    /// The failure as the `ServiceError` a flow's error handlers see (`error.code`, `error.message`).
    public var serviceError: ServiceError {
        ServiceError(
            service: "expression", code: kind, message: "\(message) in `\(source)` at \(range)",
            details: [
                "expression": .string(source), "offset": .int(offset), "line": .int(range.start.line),
                "column": .int(range.start.column),
            ], origin: range)
    }
}
