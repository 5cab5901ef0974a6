/// Where the checker tracks `null`: `??`, what a condition proves not null, and optional values used where a value
/// is needed (a warning, since the flow may know better, but a null there fails when it runs).
extension Inference {
    /// Infers `expression` knowing that `condition` is `holds` there (the branches of `?:`, the right of `&&`/`||`).
    mutating func infer(_ expression: Expression, knowing condition: Expression, is holds: Bool) -> ValueType {
        assuming(condition, is: holds) { $0.infer(expression) }
    }

    /// Runs `body` with what `condition` being `holds` proves not null.
    mutating func assuming<T>(_ condition: Expression, is holds: Bool, _ body: (inout Inference) -> T) -> T {
        let facts = Inference.nonNull(condition, holds)
        guard !facts.isSubset(of: narrowed) else { return body(&self) }
        let saved = narrowed
        narrowed.formUnion(facts)
        defer { narrowed = saved }
        return body(&self)
    }

    /// A name, field or index the enclosing conditions prove not null has its type without `?`.
    func narrowing(_ expression: Expression, _ type: ValueType) -> ValueType {
        guard !narrowed.isEmpty, case .optional(let wrapped) = type, narrowed.contains(expression.description) else {
            return type
        }
        return wrapped
    }

    /// Warns when a value of type `type` may be null where `role` needs one.
    mutating func needValue(_ type: ValueType, _ expression: Expression, for role: String) {
        guard case .optional = type else { return }
        let subject = expression.isPath ? "`\(expression)`" : "this"
        let fallback = expression.isPath ? "`\(expression) ?? …`" : "`… ?? …`"
        warnings.append(
            ExpressionWarning(
                .optionalOperand,
                "\(subject) may be null (it is `\(type)`), but \(role) needs a value; give a fallback with "
                    + "\(fallback) or check it first", at: expression.range))
    }

    /// `a ?? b`: `a`'s type without `?`, joined with `b`'s (`int? ?? int` is `int`, `int? ?? int?` is `int?`).
    mutating func inferCoalesce(_ left: Expression, _ right: Expression) -> ValueType {
        let (leftType, rightType) = (infer(left), infer(right))
        if leftType == .null { return rightType }
        guard let joined = leftType.unwrapped.joined(with: rightType) else {
            return error(
                "X111", "the sides of `??` have different types: `\(leftType)` and `\(rightType)`", at: right.range)
        }
        return joined
    }

    /// The paths `condition` being `holds` proves not null: `x != null`, `!empty(x)`, `k in m` (for `m[k]`), and
    /// their combinations with `!`, `&&` (when true) and `||` (when false).
    static func nonNull(_ condition: Expression, _ holds: Bool) -> Set<String> {
        switch condition.kind {
        case .unary(.not, let operand):
            return nonNull(operand, !holds)
        case .binary(.and, let left, let right) where holds, .binary(.or, let left, let right) where !holds:
            return nonNull(left, holds).union(nonNull(right, holds))
        case .binary(let op, let left, let right) where op == .notEqual && holds || op == .equal && !holds:
            if right.isNullLiteral, left.isPath { return [left.description] }
            if left.isNullLiteral, right.isPath { return [right.description] }
            return []
        case .binary(.contains, let key, let collection) where holds && collection.isPath:
            return [Expression(.index(collection, key), at: condition.range).description]
        case .call(let function, _, let arguments)
        where function == "empty" && !holds && arguments.count == 1 && arguments[0].isPath:
            return [arguments[0].description]
        default:
            return []
        }
    }
}

extension Expression {
    /// A name, field or index: something whose value stays the same within one evaluation, so it can be narrowed.
    var isPath: Bool {
        switch kind {
        case .name, .resolved: true
        case .member(let base, _, _): base.isPath
        case .index(let base, let index): base.isPath && (index.isPath || index.isLiteral)
        default: false
        }
    }

    var isNullLiteral: Bool { kind == .literal(.null) }

    var isLiteral: Bool {
        if case .literal = kind { return true }
        return false
    }
}
