/// Typing rules of the unary and binary operators.
extension Inference {
    mutating func inferUnary(_ op: UnaryOperator, _ operand: Expression) -> ValueType {
        switch op {
        case .not:
            requireBool(operand, for: "the operand of `!`")
            return .bool
        case .negate:
            let type = infer(operand)
            guard type.unwrapped.isNumeric else {
                return error("X104", "`-` needs an `int` or `number`, not `\(type)`", at: operand.range)
            }
            needValue(type, operand, for: "`-`")
            return type.unwrapped
        }
    }

    mutating func inferBinary(_ op: BinaryOperator, _ left: Expression, _ right: Expression) -> ValueType {
        switch op {
        case .and, .or:
            requireBool(left, for: "the left side of `\(op.rawValue)`")
            assuming(left, is: op == .and) { $0.requireBool(right, for: "the right side of `\(op.rawValue)`") }
            return .bool
        case .coalesce:
            return inferCoalesce(left, right)
        case .equal, .notEqual:
            let (leftType, rightType) = (infer(left), infer(right))
            if !leftType.isAssignable(to: rightType), !rightType.isAssignable(to: leftType),
                leftType.joined(with: rightType) == nil
            {
                return error(
                    "X104", "`\(op.rawValue)` compares `\(leftType)` with `\(rightType)`, which are never equal",
                    at: right.range)
            }
            return .bool
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let (leftRaw, rightRaw) = (infer(left), infer(right))
            let (leftType, rightType) = (leftRaw.unwrapped, rightRaw.unwrapped)
            let comparable =
                (leftType.isNumeric && rightType.isNumeric)
                || (leftType.isAssignable(to: .string) && rightType.isAssignable(to: .string))
                || (leftType.isAssignable(to: .date) && rightType.isAssignable(to: .date))
            if comparable {
                needValue(leftRaw, left, for: "`\(op.rawValue)`")
                needValue(rightRaw, right, for: "`\(op.rawValue)`")
                return .bool
            }
            let culprit = leftType.isNumeric || leftType == .string ? right : left
            return error(
                "X104",
                "`\(op.rawValue)` compares two numbers, two strings or two dates, not `\(leftType)` and `\(rightType)`",
                at: culprit.range)
        case .contains:
            return inferContains(left, right)
        case .add:
            return inferAdd(left, right)
        case .subtract, .multiply, .divide, .remainder:
            let (leftRaw, rightRaw) = (infer(left), infer(right))
            let (leftType, rightType) = (leftRaw.unwrapped, rightRaw.unwrapped)
            for (type, side) in [(leftType, left), (rightType, right)] where !type.isNumeric {
                return error(
                    "X104", "`\(op.rawValue)` needs numbers (`int` or `number`), not `\(type)`", at: side.range)
            }
            needValue(leftRaw, left, for: "`\(op.rawValue)`")
            needValue(rightRaw, right, for: "`\(op.rawValue)`")
            return Inference.arithmeticResult(leftType, rightType)
        }
    }

    /// `int` for two ints, `any` if either is dynamic, else `number`.
    static func arithmeticResult(_ left: ValueType, _ right: ValueType) -> ValueType {
        if left == .any || right == .any { return .any }
        return left == .int && right == .int ? .int : .number
    }

    private mutating func inferAdd(_ left: Expression, _ right: Expression) -> ValueType {
        let (leftRaw, rightRaw) = (infer(left), infer(right))
        let (leftType, rightType) = (leftRaw.unwrapped, rightRaw.unwrapped)
        let errors = diagnostics.count
        let result = addedType(leftType, rightType, left, right)
        if diagnostics.count == errors {
            needValue(leftRaw, left, for: "`+`")
            needValue(rightRaw, right, for: "`+`")
        }
        return result
    }

    private mutating func addedType(
        _ leftType: ValueType, _ rightType: ValueType, _ left: Expression, _ right: Expression
    ) -> ValueType {
        if leftType.isNumeric, rightType.isNumeric { return Inference.arithmeticResult(leftType, rightType) }
        if leftType.isAssignable(to: .string), rightType.isAssignable(to: .string) {
            return leftType == .any && rightType == .any ? .any : .string
        }
        if case .list = leftType, case .list = rightType {
            guard let joined = leftType.joined(with: rightType) else {
                return error(
                    "X104", "`+` joins lists of one element type, not `\(leftType)` and `\(rightType)`",
                    at: right.range)
            }
            return joined
        }
        if leftType == .any || rightType == .any {
            let other = leftType == .any ? rightType : leftType
            if case .list = other { return other }
        }
        let isAddable: (ValueType) -> Bool = { $0.isNumeric || $0 == .string || $0.isList }
        let culprit = isAddable(leftType) ? right : left
        let hint = leftType == .string || rightType == .string ? "; use `string(…)` or `${…}` to build text" : ""
        return error(
            "X104", "`+` adds numbers or joins strings or lists, not `\(leftType)` and `\(rightType)`\(hint)",
            at: culprit.range)
    }

    private mutating func inferContains(_ left: Expression, _ right: Expression) -> ValueType {
        let (leftType, rightType) = (infer(left), infer(right))
        needValue(rightType, right, for: "`in`")
        switch rightType.unwrapped {
        case .any:
            return .bool
        case .list(let element):
            if !leftType.isAssignable(to: element), !element.isAssignable(to: leftType),
                leftType.joined(with: element) == nil
            {
                return error(
                    "X104", "`in` looks for `\(leftType)` in a `\(rightType)`; it is never there", at: left.range)
            }
            return .bool
        case .record, .string, .map:
            guard leftType.unwrapped.isAssignable(to: .string) else {
                let what =
                    switch rightType.unwrapped {
                    case .string: "substring"
                    case .map: "key"
                    default: "field name"
                    }
                return error(
                    "X104", "`in` on a `\(rightType)` needs a `string` \(what) on the left, not `\(leftType)`",
                    at: left.range)
            }
            needValue(leftType, left, for: "`in`")
            return .bool
        default:
            return error(
                "X104", "`in` needs a list, map, record or string on the right, not `\(rightType)`", at: right.range)
        }
    }
}
