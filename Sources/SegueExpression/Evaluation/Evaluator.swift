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
                    let part = try value(of: expression)
                    if !part.isNull { text += part.description }
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
            return try computed(name, scope.computedValue(of: name), at: expression.range)
        case .resolved(let name):
            if let value = scope.value(of: name) { return value }
            return try computed(name.name, scope.computedValue(of: name), at: expression.range)
        case .list(let items):
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try value(of: item)) }
            return .list(values)
        case .record(let fields):
            var values: [String: Value] = [:]
            for field in fields { values[field.name] = try value(of: field.value) }
            return .record(values)
        case .member(let base, let name, let nameRange):
            if case .resolved(let resolved) = base.kind, let field = scope.field(name, of: resolved) { return field }
            return try member(name, of: try value(of: base), base: base, at: nameRange)
        case .computedField(let base, let name, _, let computed):
            return try computedField(name, of: try value(of: base), base: base, computed, at: expression.range)
        case .index(let base, let index):
            return try element(of: try value(of: base), base: base, at: try value(of: index), index: index)
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
            throw EvaluationError(.typeMismatch, "a function `\(expression)` is only an argument of a call", at: expression.range)
        case .labeled(_, _, let labeled):
            return try value(of: labeled)
        case .unary(let op, let operand):
            return try unary(op, try value(of: operand), at: operand.range)
        case .binary(let op, let left, let right):
            return try binary(op, left, right)
        case .conditional(let condition, let then, let otherwise):
            return try bool(condition, for: "the condition of `?:`") ? try value(of: then) : try value(of: otherwise)
        }
    }

    /// A name no variable holds: the named value computed now, or the error that says why there is none.
    private func computed(_ name: String, _ result: Result<Value, EvaluationError>?, at range: TextRange)
        throws(EvaluationError) -> Value
    {
        switch result {
        case .success(let value): return value
        case .failure(let inner): throw EvaluationError(inner.kind, "computing `\(name)`: \(inner.message)", at: range)
        case nil: throw EvaluationError(.unknownName, "unknown name `\(name)`", at: range)
        }
    }

    /// Evaluates an operand that must be a `bool`.
    /// `role` is spelled only when the operand is not a bool (it is on the path of every `&&`, `||` and `?:`).
    func bool(_ expression: Expression, for role: @autoclosure () -> String) throws(EvaluationError) -> Bool {
        let result = try value(of: expression)
        guard case .bool(let flag) = result else {
            throw EvaluationError(
                result.isNull ? .nullValue : .typeMismatch, "\(role()) must be a bool, but it is \(result.kindName)",
                at: expression.range)
        }
        return flag
    }

    private func member(_ name: String, of base: Value, base expression: Expression, at range: TextRange)
        throws(EvaluationError) -> Value
    {
        switch base {
        case .record(let fields): return fields[name] ?? .null
        case .null:
            throw EvaluationError(
                .nullValue, "`\(expression)` is null, so `.\(name)` cannot be read", at: expression.range)
        default:
            throw EvaluationError(
                .typeMismatch, "`\(expression)` is \(base.kindName), which has no field `\(name)`", at: expression.range
            )
        }
    }

    /// A computed field of the record `base` is: its expression over the record's fields, computed now.
    private func computedField(
        _ name: String, of base: Value, base expression: Expression, _ computed: ComputedFields, at range: TextRange
    ) throws(EvaluationError) -> Value {
        // Null and non-records fail as any field read does.
        guard case .record(let fields) = base else { return try member(name, of: base, base: expression, at: range) }
        switch computed.value(of: name, in: fields) {
        case .success(let value): return value
        case .failure(let inner):
            throw EvaluationError(inner.kind, "computing `\(expression).\(name)`: \(inner.message)", at: range)
        case nil:
            throw EvaluationError(.unknownName, "`\(computed.record)` has no computed field `\(name)`", at: range)
        }
    }

    private func element(
        of base: Value, base baseExpression: Expression, at index: Value, index indexExpression: Expression
    )
        throws(EvaluationError) -> Value
    {
        switch (base, index) {
        case (.list(let items), _):
            guard let position = index.intValue else {
                throw EvaluationError(
                    .typeMismatch, "a list index must be an int, not \(index.kindName)", at: indexExpression.range)
            }
            guard items.indices.contains(position) else {
                throw EvaluationError(
                    .indexOutOfRange, "index \(position) is out of range for a list of \(items.count) items",
                    at: indexExpression.range)
            }
            return items[position]
        case (.string(let text), _):
            guard let position = index.intValue else {
                throw EvaluationError(
                    .typeMismatch, "a string index must be an int, not \(index.kindName)", at: indexExpression.range)
            }
            guard position >= 0, position < text.count else {
                throw EvaluationError(
                    .indexOutOfRange, "index \(position) is out of range for a string of \(text.count) characters",
                    at: indexExpression.range)
            }
            return .string(String(text[text.index(text.startIndex, offsetBy: position)]))
        case (.record(let fields), .string(let key)):
            return fields[key] ?? .null
        case (.record, _):
            throw EvaluationError(
                .typeMismatch, "a record key must be a string, not \(index.kindName)", at: indexExpression.range)
        case (.null, _):
            throw EvaluationError(
                .nullValue, "`\(baseExpression)` is null, so it cannot be indexed", at: baseExpression.range)
        default:
            throw EvaluationError(
                .typeMismatch, "`\(baseExpression)` is \(base.kindName), which cannot be indexed",
                at: baseExpression.range)
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
