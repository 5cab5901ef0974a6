import SegueExpression

/// Functions the runtime adds to the expression language because they need the device: `line_count`.
///
/// Calls to them are replaced by their values before the expression is evaluated, so the evaluator's own
/// function table stays as it is; their arguments are therefore evaluated eagerly.
public enum RuntimeFunctions {
    /// The functions and how they are called, for checkers and completion.
    public static let signatures: [String: String] = [
        "line_count": "line_count(text: string, width: number, font_size: number = 17) -> int"
    ]

    /// Whether the expression calls a runtime function anywhere.
    public static func isUsed(in expression: Expression) -> Bool {
        switch expression.kind {
        case .literal, .name: return false
        case .list(let items): return items.contains(where: isUsed)
        case .record(let fields): return fields.contains { isUsed(in: $0.value) }
        case .member(let base, _, _): return isUsed(in: base)
        case .index(let base, let index): return isUsed(in: base) || isUsed(in: index)
        case .call(let function, _, let arguments):
            return signatures[function] != nil || arguments.contains(where: isUsed)
        case .unary(_, let operand): return isUsed(in: operand)
        case .binary(_, let left, let right): return isUsed(in: left) || isUsed(in: right)
        case .conditional(let condition, let then, let otherwise):
            return isUsed(in: condition) || isUsed(in: then) || isUsed(in: otherwise)
        }
    }

    /// The expression with every runtime function call replaced by its value.
    static func resolve<Scope: RuntimeScope>(_ expression: Expression, in scope: Scope) -> Result<
        Expression, EvaluationError
    > {
        Result { () throws(EvaluationError) -> Expression in try replaced(expression, scope) }
    }

    private static func replaced<Scope: RuntimeScope>(_ expression: Expression, _ scope: Scope) throws(EvaluationError)
        -> Expression
    {
        let kind: Expression.Kind
        switch expression.kind {
        case .literal, .name: return expression
        case .list(let items):
            var resolved: [Expression] = []
            for item in items { resolved.append(try replaced(item, scope)) }
            kind = .list(resolved)
        case .record(let fields):
            var resolved = fields
            for index in fields.indices { resolved[index].value = try replaced(fields[index].value, scope) }
            kind = .record(resolved)
        case .member(let base, let name, let range): kind = .member(try replaced(base, scope), name: name, nameRange: range)
        case .index(let base, let index): kind = .index(try replaced(base, scope), try replaced(index, scope))
        case .call(let function, let range, let arguments):
            var resolved: [Expression] = []
            for argument in arguments { resolved.append(try replaced(argument, scope)) }
            if function == "line_count" {
                return Expression(.literal(try lineCount(resolved, scope, at: expression.range)), at: expression.range)
            }
            kind = .call(function: function, functionRange: range, arguments: resolved)
        case .unary(let op, let operand): kind = .unary(op, try replaced(operand, scope))
        case .binary(let op, let left, let right): kind = .binary(op, try replaced(left, scope), try replaced(right, scope))
        case .conditional(let condition, let then, let otherwise):
            kind = .conditional(try replaced(condition, scope), then: try replaced(then, scope), else: try replaced(otherwise, scope))
        }
        return Expression(kind, at: expression.range)
    }

    private static func lineCount<Scope: RuntimeScope>(_ arguments: [Expression], _ scope: Scope, at range: TextRange)
        throws(EvaluationError) -> Value
    {
        guard arguments.count == 2 || arguments.count == 3 else {
            throw EvaluationError(
                .invalidArgument, "line_count takes 2 or 3 arguments, found \(arguments.count)", at: range)
        }
        var values: [Value] = []
        for argument in arguments {
            switch Evaluator(scope: scope).evaluate(argument) {
            case .success(let value): values.append(value)
            case .failure(let error): throw error
            }
        }
        guard let text = values[0].stringValue else {
            throw EvaluationError(.typeMismatch, "line_count's text must be a string", at: arguments[0].range)
        }
        guard let width = values[1].numberValue, width > 0 else {
            throw EvaluationError(.invalidArgument, "line_count's width must be a positive number", at: arguments[1].range)
        }
        var fontSize = TextMeasure.bodyFontSize
        if values.count == 3 {
            guard let size = values[2].numberValue, size > 0 else {
                throw EvaluationError(
                    .invalidArgument, "line_count's font size must be a positive number", at: arguments[2].range)
            }
            fontSize = size
        }
        return .int(TextMeasure.lineCount(text, width: width, fontSize: fontSize * scope.textScale))
    }
}
