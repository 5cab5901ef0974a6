/// Computes the value of expressions and templates, reading variables through a scope.
///
/// Evaluation is total: every failure (overflow, division by zero, null access…) is an `EvaluationError`.
///
///     let evaluator = Evaluator(scope: ValueBindings(["count": .int(2)]))
///     evaluator.evaluate(try Expression.parse("count * 10"))  // .success(.int(20))
public struct Evaluator<Scope: ValueScope> {
    public var scope: Scope

    public init(scope: Scope) {
        self.scope = scope
    }

    public func evaluate(_ expression: Expression) -> Result<Value, EvaluationError> {
        Result { () throws(EvaluationError) -> Value in try value(of: expression) }
    }

    /// The template's text, each expression's value written as `Value.description` (strings bare), `null` as nothing.
    public func evaluate(_ template: Template) -> Result<String, EvaluationError> {
        Result { () throws(EvaluationError) -> String in
            var text = ""
            for segment in template.segments {
                switch segment {
                case .text(let part, _): text += part
                case .expression(let expression, _):
                    ValueOperations.append(try value(of: expression), to: &text)
                }
            }
            return text
        }
    }

    /// The expression's value, throwing instead of returning a `Result` (for callers that chain evaluations).
    public func value(of expression: Expression) throws(EvaluationError) -> Value {
        switch expression.kind {
        case .literal(let value):
            return value
        case .name(let name):
            if let value = scope.value(of: name) { return value }
            return try ValueOperations.computed(name, scope.computedValue(of: name), at: expression.range)
        case .resolved(let name):
            if let value = scope.value(of: name) { return value }
            return try ValueOperations.computed(name.name, scope.computedValue(of: name), at: expression.range)
        case .list(let items):
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try value(of: item)) }
            return .list(values)
        case .record(let fields):
            var values: [String: Value] = [:]
            for field in fields { values[field.name] = try value(of: field.value) }
            return .record(values)
        case .member(let base, let name, _):
            if case .resolved(let resolved) = base.kind, let field = scope.field(name, of: resolved) { return field }
            return try ValueOperations.member(name, of: try value(of: base), base: base)
        case .computedField(let base, let name, _, let computed):
            return try ValueOperations.computedField(
                name, of: try value(of: base), base: base, computed, at: expression.range)
        case .index(let base, let index):
            return try ValueOperations.element(
                of: try value(of: base), base: base, at: try value(of: index), index: index)
        case .call(let function, let functionRange, let arguments):
            guard let builtin = BuiltinFunction(rawValue: function) else {
                guard let flowFunction = scope.flowFunction(named: function) else {
                    throw EvaluationError(.unknownFunction, "unknown function `\(function)`", at: functionRange)
                }
                return try call(flowFunction, arguments, at: expression.range)
            }
            var values: [Value] = []
            for argument in arguments {
                // A function argument (`p => …`) is applied by the call itself, once per item.
                if case .lambda = argument.kind { values.append(.null) } else { values.append(try value(of: argument)) }
            }
            return try call(builtin, values, arguments: arguments, at: expression.range)
        case .lambda:
            throw EvaluationError(
                .typeMismatch, "a function `\(expression)` is only an argument of a call", at: expression.range)
        case .labeled(_, _, let labeled):
            return try value(of: labeled)
        case .unary(let op, let operand):
            return try ValueOperations.unary(op, try value(of: operand), at: operand.range)
        case .binary(let op, let left, let right):
            return try binary(op, left, right)
        case .conditional(let condition, let then, let otherwise):
            return try bool(condition, for: ValueOperations.conditionRole)
                ? try value(of: then) : try value(of: otherwise)
        }
    }

    /// Evaluates an operand that must be a `bool`.
    /// `role` is spelled only when the operand is not a bool (it is on the path of every `&&`, `||` and `?:`).
    func bool(_ expression: Expression, for role: @autoclosure () -> String) throws(EvaluationError) -> Bool {
        try ValueOperations.bool(try value(of: expression), for: role(), at: expression.range)
    }

    /// `&&` and `||` evaluate their right side only when the left does not decide, `??` only when the left is null.
    func binary(_ op: BinaryOperator, _ left: Expression, _ right: Expression) throws(EvaluationError) -> Value {
        switch op {
        case .and, .or:
            if let decided = try ValueOperations.decided(op, by: try value(of: left), at: left.range) { return decided }
            return try ValueOperations.rightSide(op, try value(of: right), at: right.range)
        case .coalesce:
            let first = try value(of: left)
            return ValueOperations.fallsBack(first) ? try value(of: right) : first
        default:
            return try ValueOperations.binary(op, try value(of: left), try value(of: right), left: left, right: right)
        }
    }
}

extension Expression {
    /// Evaluates the expression, reading variables from `scope`.
    public func evaluate<Scope: ValueScope>(in scope: Scope) -> Result<Value, EvaluationError> {
        Evaluator(scope: scope).evaluate(self)
    }
}

extension Template {
    /// The text with every `${…}` replaced by its value.
    public func evaluate<Scope: ValueScope>(in scope: Scope) -> Result<String, EvaluationError> {
        Evaluator(scope: scope).evaluate(self)
    }
}
