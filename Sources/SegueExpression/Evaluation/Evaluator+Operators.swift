/// Run-time rules of the operators, and of reading a field, an element or a named value: the one place for them,
/// shared by the tree-walking `Evaluator` and the runtime's compiled expressions, which pass the operands' values
/// with the syntax nodes they came from (for the ranges and texts of errors).
package enum ValueOperations {
    package static func unary(_ op: UnaryOperator, _ operand: Value, at range: TextRange) throws(EvaluationError)
        -> Value
    {
        switch (op, operand) {
        case (.not, .bool(let flag)): return .bool(!flag)
        case (.negate, .int(let value)):
            let (result, overflow) = 0.subtractingReportingOverflow(value)
            if overflow { throw EvaluationError(.overflow, "negating \(value) does not fit in an int", at: range) }
            return .int(result)
        case (.negate, .number(let value)): return .number(-value)
        default:
            let wanted = op == .not ? "a bool" : "an int or number"
            throw EvaluationError(
                operand.isNull ? .nullValue : .typeMismatch,
                "`\(op.rawValue)` needs \(wanted), but the operand is \(operand.kindName)", at: range)
        }
    }

    /// A binary operator other than `&&`, `||` and `??` (which decide whether to evaluate their right side) on its
    /// operands' values.
    package static func binary(_ op: BinaryOperator, _ a: Value, _ b: Value, left: Expression, right: Expression)
        throws(EvaluationError) -> Value
    {
        switch op {
        case .equal: return .bool(a.isEqual(to: b))
        case .notEqual: return .bool(!a.isEqual(to: b))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            return .bool(try compare(op, a, b, left: left, right: right))
        case .contains:
            return .bool(try contains(a, in: b, left: left, right: right))
        case .add:
            switch (a, b) {
            case (.string(let x), .string(let y)): return .string(x + y)
            case (.list(let x), .list(let y)): return .list(x + y)
            default: return try arithmetic(op, a, b, left: left, right: right)
            }
        default:
            return try arithmetic(op, a, b, left: left, right: right)
        }
    }

    /// An operand that must be a `bool` (of `&&`, `||`, `?:`, `!`…): `role` is spelled only when it is not one.
    package static func bool(_ value: Value, for role: @autoclosure () -> String, at range: TextRange)
        throws(EvaluationError) -> Bool
    {
        guard case .bool(let flag) = value else {
            throw EvaluationError(
                value.isNull ? .nullValue : .typeMismatch, "\(role()) must be a bool, but it is \(value.kindName)",
                at: range)
        }
        return flag
    }

    /// `&&` and `||` on the left side's value: the result when it decides (`false &&`, `true ||`), else nil and the
    /// right side is evaluated (`rightSide`). Each side must be a bool.
    package static func decided(_ op: BinaryOperator, by left: Value, at range: TextRange) throws(EvaluationError)
        -> Value?
    {
        let decided = try bool(left, for: "the left side of `\(op.rawValue)`", at: range)
        return decided == (op == .or) ? .bool(decided) : nil
    }

    /// `&&` and `||` when the left side did not decide: the right side's truth.
    package static func rightSide(_ op: BinaryOperator, _ right: Value, at range: TextRange) throws(EvaluationError)
        -> Value
    {
        .bool(try bool(right, for: "the right side of `\(op.rawValue)`", at: range))
    }

    /// `??` falls back when the first value is null (the fallback is evaluated only then).
    package static func fallsBack(_ first: Value) -> Bool { first.isNull }

    /// The role of `?:`'s condition in the error when it is not a bool.
    package static let conditionRole = "the condition of `?:`"

    private static func arithmetic(_ op: BinaryOperator, _ a: Value, _ b: Value, left: Expression, right: Expression)
        throws(EvaluationError) -> Value
    {
        if a.numberValue == nil { throw notANumber(op, a, at: left.range) }
        if b.numberValue == nil { throw notANumber(op, b, at: right.range) }
        let whole = left.range.union(right.range)
        if case .int(let x) = a, case .int(let y) = b {
            let result: (partialValue: Int, overflow: Bool)
            switch op {
            case .add: result = x.addingReportingOverflow(y)
            case .subtract: result = x.subtractingReportingOverflow(y)
            case .multiply: result = x.multipliedReportingOverflow(by: y)
            case .divide, .remainder:
                if y == 0 { throw EvaluationError(.divisionByZero, "division by zero", at: right.range) }
                result = op == .divide ? x.dividedReportingOverflow(by: y) : x.remainderReportingOverflow(dividingBy: y)
            default: return .null
            }
            if result.overflow {
                throw EvaluationError(
                    .overflow, "`\(x) \(op.rawValue) \(y)` does not fit in an int (\(Int.min)…\(Int.max))", at: whole)
            }
            return .int(result.partialValue)
        }
        let (x, y) = (a.numberValue ?? 0, b.numberValue ?? 0)
        let result: Double
        switch op {
        case .add: result = x + y
        case .subtract: result = x - y
        case .multiply: result = x * y
        case .divide, .remainder:
            if y == 0 { throw EvaluationError(.divisionByZero, "division by zero", at: right.range) }
            result = op == .divide ? x / y : x.truncatingRemainder(dividingBy: y)
        default: return .null
        }
        guard result.isFinite else {
            throw EvaluationError(.overflow, "`\(op.rawValue)` gives a number too large to represent", at: whole)
        }
        return .number(result)
    }

    private static func notANumber(_ op: BinaryOperator, _ value: Value, at range: TextRange) -> EvaluationError {
        let wanted = op == .add ? "numbers, strings or lists" : "numbers"
        return EvaluationError(
            value.isNull ? .nullValue : .typeMismatch, "`\(op.rawValue)` needs \(wanted), not \(value.kindName)",
            at: range)
    }

    private static func compare(_ op: BinaryOperator, _ a: Value, _ b: Value, left: Expression, right: Expression)
        throws(EvaluationError) -> Bool
    {
        let ordered: (less: Bool, equal: Bool)
        switch (a, b) {
        case (.int(let x), .int(let y)): ordered = (x < y, x == y)
        case (.string(let x), .string(let y)): ordered = (x < y, x == y)
        default:
            guard let x = a.numberValue, let y = b.numberValue else {
                let culprit = a.numberValue != nil || a.stringValue != nil ? right : left
                throw EvaluationError(
                    .typeMismatch,
                    "`\(op.rawValue)` compares two numbers or two strings, not \(a.kindName) and \(b.kindName)",
                    at: culprit.range)
            }
            ordered = (x < y, x == y)
        }
        switch op {
        case .less: return ordered.less
        case .lessOrEqual: return ordered.less || ordered.equal
        case .greater: return !ordered.less && !ordered.equal
        default: return !ordered.less
        }
    }

    static func contains(_ needle: Value, in haystack: Value, left: Expression, right: Expression)
        throws(EvaluationError)
        -> Bool
    {
        switch (needle, haystack) {
        case (_, .list(let items)): return items.contains { $0.isEqual(to: needle) }
        case (.string(let key), .record(let fields)): return fields[key] != nil
        case (.string(let part), .string(let text)): return part.isEmpty || text.contains(part)
        case (_, .record), (_, .string):
            throw EvaluationError(
                needle.isNull ? .nullValue : .typeMismatch,
                "`in` on \(haystack.kindName) needs a string on the left, not \(needle.kindName)", at: left.range)
        default:
            throw EvaluationError(
                haystack.isNull ? .nullValue : .typeMismatch,
                "`in` needs a list, record or string on the right, not \(haystack.kindName)", at: right.range)
        }
    }
}
