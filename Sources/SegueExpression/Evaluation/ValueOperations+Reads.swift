/// Reading a named value, a field and an element: the rules both evaluators share (`ValueOperations`).
extension ValueOperations {
    /// A template's `${…}` part written into its text: `Value.description` (strings bare), `null` as nothing.
    package static func append(_ part: Value, to text: inout String) {
        if !part.isNull { text += part.description }
    }

    /// A name no variable holds: the named value computed now, or the error that says why there is none.
    package static func computed(_ name: String, _ result: Result<Value, EvaluationError>?, at range: TextRange)
        throws(EvaluationError) -> Value
    {
        switch result {
        case .success(let value): return value
        case .failure(let inner): throw EvaluationError(inner.kind, "computing `\(name)`: \(inner.message)", at: range)
        case nil: throw EvaluationError(.unknownName, "unknown name `\(name)`", at: range)
        }
    }

    package static func member(_ name: String, of base: Value, base expression: Expression)
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
    package static func computedField(
        _ name: String, of base: Value, base expression: Expression, _ computed: ComputedFields, at range: TextRange
    ) throws(EvaluationError) -> Value {
        // Null and non-records fail as any field read does.
        guard case .record(let fields) = base else { return try member(name, of: base, base: expression) }
        switch computed.value(of: name, in: fields) {
        case .success(let value): return value
        case .failure(let inner):
            throw EvaluationError(inner.kind, "computing `\(expression).\(name)`: \(inner.message)", at: range)
        case nil:
            throw EvaluationError(.unknownName, "`\(computed.record)` has no computed field `\(name)`", at: range)
        }
    }

    package static func element(
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
