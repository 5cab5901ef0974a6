import SegueDiagnostics

/// Finds the static type of expressions against the variables in scope, reporting every problem with its range.
///
///     let checker = TypeChecker(scope: TypeBindings(["count": .int]))
///     checker.check(try Expression.parse("count > 0"), expecting: .bool)  // .success(.bool)
public struct TypeChecker: Sendable {
    public var scope: any TypeScope
    /// Paths (as written, `entry.text`) a condition around the expression proves not null: a handler's `when:`,
    /// the branch of an `if:` (see `nonNullPaths`).
    public var knownNonNull: Set<String> = []

    public init(scope: any TypeScope, knownNonNull: Set<String> = []) {
        self.scope = scope
        self.knownNonNull = knownNonNull
    }

    /// The paths `condition` being `holds` proves not null: `x != null`, `!empty(x)`, `k in m` (for `m[k]`), and
    /// their combinations with `!`, `&&` and `||`.
    public static func nonNullPaths(_ condition: Expression, holds: Bool) -> Set<String> {
        Inference.nonNull(condition, holds)
    }

    /// The expression's type, or every problem found; with `expecting`, the type must also fit it.
    public func check(_ expression: Expression, expecting expected: ValueType? = nil) -> Result<
        ValueType, ExpressionDiagnostics
    > {
        analyze(expression, expecting: expected).type
    }

    /// Checks every interpolated expression; a template is always a `string`.
    public func check(_ template: Template) -> Result<ValueType, ExpressionDiagnostics> {
        analyze(template).type
    }

    /// The type (or the errors) of one check, and the warnings found along the way.
    public struct Analysis: Sendable {
        public var type: Result<ValueType, ExpressionDiagnostics>
        public var warnings: [ExpressionWarning]
        /// Where computed fields are read, for `Expression.lowering` (empty when the expression reads none).
        public var computedReads: [ComputedFieldRead] = []
    }

    /// Like `check`, also collecting warnings: optional values used where a value is needed.
    public func analyze(_ expression: Expression, expecting expected: ValueType? = nil) -> Analysis {
        var inference = Inference(scope: scope)
        inference.narrowed = knownNonNull
        let type = inference.infer(expression)
        if inference.diagnostics.isEmpty, let expected, !type.isAssignable(to: expected) {
            let nullable = type.unwrapped.isAssignable(to: expected) && type != .null
            let message =
                nullable
                ? "expected `\(expected)`, but this may be null (it is `\(type)`)"
                : "expected `\(expected)`, found `\(type)`"
            inference.diagnostics.append(ExpressionDiagnostic(code: "X110", message, at: expression.range))
        }
        return Analysis(
            type: inference.diagnostics.isEmpty
                ? .success(type) : .failure(ExpressionDiagnostics(inference.diagnostics)),
            warnings: inference.warnings, computedReads: inference.computedReads)
    }

    /// Like `check` of a template, also warning where a value that may be null stands inside other text (it
    /// would show as nothing there); a template that is one `${…}` alone may be empty.
    public func analyze(_ template: Template) -> Analysis {
        var inference = Inference(scope: scope)
        inference.narrowed = knownNonNull
        let alone = template.segments.count == 1
        for expression in template.expressions {
            let type = inference.infer(expression)
            if !alone, case .optional = type {
                inference.warnings.append(
                    ExpressionWarning(
                        .optionalInText,
                        "`\(expression)` may be null (it is `\(type)`) and would show as nothing in this text; "
                            + "give a fallback with `??`, e.g. `${\(expression) ?? '…'}`", at: expression.range))
            }
        }
        return Analysis(
            type: inference.diagnostics.isEmpty
                ? .success(.string) : .failure(ExpressionDiagnostics(inference.diagnostics)),
            warnings: inference.warnings, computedReads: inference.computedReads)
    }
}

/// One pass over a tree; after an error a node's type is `any`, so one mistake is reported once.
struct Inference {
    let scope: any TypeScope
    var diagnostics: [ExpressionDiagnostic] = []
    var warnings: [ExpressionWarning] = []
    /// Names, fields and indexes (as written, `entry.text`) known not to be null here: inside `x != null && …`,
    /// the `then` of `x != null ? … : …`, after `!empty(x) &&`, or `m[k]` after `k in m &&`.
    var narrowed: Set<String> = []
    /// The computed fields read so far, where.
    var computedReads: [ComputedFieldRead] = []

    init(scope: any TypeScope) {
        self.scope = scope
    }

    mutating func error(
        _ code: String, _ message: String, at range: TextRange, replacement: String? = nil
    ) -> ValueType {
        diagnostics.append(ExpressionDiagnostic(code: code, message, at: range, replacement: replacement))
        return .any
    }

    mutating func infer(_ expression: Expression) -> ValueType {
        switch expression.kind {
        case .literal(let value):
            return ValueType(of: value)
        case .name(let name):
            return narrowing(expression, inferName(name, at: expression.range))
        case .resolved(let resolved):
            return narrowing(expression, inferName(resolved.name, at: expression.range))
        case .list(let items):
            return inferList(items)
        case .record(let fields):
            return .record(RecordType(fields: fields.map { RecordType.Field(name: $0.name, type: infer($0.value)) }))
        case .member(let base, let name, let nameRange):
            let baseType = infer(base)
            needValue(baseType, base, for: "reading `.\(name)`")
            noteComputedRead(of: baseType, name, at: expression.range)
            return narrowing(expression, inferMember(of: baseType, name: name, at: nameRange))
        case .computedField(let base, let name, _, let computed):
            _ = infer(base)
            return computed.types[name] ?? .any
        case .index(let base, let index):
            return narrowing(expression, inferIndex(base: base, index: index, at: expression.range))
        case .call(let function, let functionRange, let arguments):
            return inferCall(function, at: functionRange, arguments: arguments, call: expression.range)
        case .lambda(let parameter, _, let body):
            _ = inferLambda(parameter, body, item: .any)
            return error(
                "X114",
                "a function such as `\(parameter) => …` can only be passed to `filter`, `map`, `any`, `all`, `count`, "
                    + "`sum`, `min`, `max`, `sorted_by`, `first` or `index_of`", at: expression.range)
        case .labeled(let label, let labelRange, let value):
            _ = infer(value)
            return error("X107", "a labeled argument `\(label):` belongs in a call", at: labelRange)
        case .unary(let op, let operand):
            return inferUnary(op, operand)
        case .binary(let op, let left, let right):
            return inferBinary(op, left, right)
        case .conditional(let condition, let then, let otherwise):
            requireBool(condition, for: "the condition of `?:`")
            let thenType = infer(then, knowing: condition, is: true)
            let otherwiseType = infer(otherwise, knowing: condition, is: false)
            guard let joined = thenType.joined(with: otherwiseType) else {
                return error(
                    "X111", "the branches of `?:` have different types: `\(thenType)` and `\(otherwiseType)`",
                    at: otherwise.range)
            }
            return joined
        }
    }

    private mutating func inferName(_ name: String, at range: TextRange) -> ValueType {
        if let type = scope.type(of: name) { return type }
        if BuiltinFunction(rawValue: name) != nil {
            return error("X101", "`\(name)` is a function; call it as `\(name)(…)`", at: range)
        }
        let suggestion = Suggestion.closest(to: name, in: scope.visibleNames)
        let hint = suggestion.map { "; did you mean `\($0)`?" } ?? ""
        return error("X101", "unknown name `\(name)`\(hint)", at: range, replacement: suggestion)
    }

    private mutating func inferList(_ items: [Expression]) -> ValueType {
        var element: ValueType?
        for item in items {
            let type = infer(item)
            guard let current = element else {
                element = type
                continue
            }
            guard let joined = current.joined(with: type) else {
                return error(
                    "X111", "list elements must share one type; this is `\(type)`, earlier ones are `\(current)`",
                    at: item.range)
            }
            element = joined
        }
        return .list(element ?? .any)
    }

    /// Notes `name` read from `base` when it is one of its record type's computed fields.
    private mutating func noteComputedRead(of base: ValueType, _ name: String, at range: TextRange) {
        guard case .record(let record) = base.unwrapped, let recordName = record.name,
            record.computedField(name) != nil
        else { return }
        computedReads.append(ComputedFieldRead(range: range, record: recordName, field: name))
    }

    mutating func inferMember(of base: ValueType, name: String, at range: TextRange) -> ValueType {
        switch base.unwrapped {
        case .any:
            return .any
        case .record(let record):
            if let type = record.field(name) ?? record.computedField(name) { return type }
            let suggestion = Suggestion.closest(to: name, in: (record.fields + record.computed).map(\.name))
            let hint = suggestion.map { "; did you mean `\($0)`?" } ?? ""
            return error("X102", "`\(record)` has no field `\(name)`\(hint)", at: range, replacement: suggestion)
        case .map(let element):
            return error(
                "X103",
                "`\(base)` has no fields, so `.\(name)` cannot be read; read a key with `[…]`, which gives "
                    + "`\(element.madeOptional)`", at: range)
        case let other:
            let hint = other == .string || other.isList ? "; use `len(…)` for its length" : ""
            return error("X103", "`\(base)` has no fields, so `.\(name)` cannot be read\(hint)", at: range)
        }
    }

    private mutating func inferIndex(base: Expression, index: Expression, at range: TextRange) -> ValueType {
        let baseType = infer(base)
        let indexType = infer(index)
        needValue(baseType, base, for: "indexing")
        switch baseType.unwrapped {
        case .any:
            if !(indexType.unwrapped.isAssignable(to: .int) || indexType.unwrapped.isAssignable(to: .string)) {
                return error("X105", "an index must be `int` or `string`, not `\(indexType)`", at: index.range)
            }
            return .any
        case .list(let element):
            guard indexType.unwrapped.isAssignable(to: .int) else {
                return error("X105", "a list index must be `int`, not `\(indexType)`", at: index.range)
            }
            return element
        case .string:
            guard indexType.unwrapped.isAssignable(to: .int) else {
                return error("X105", "a string index must be `int`, not `\(indexType)`", at: index.range)
            }
            return .string
        case .map(let element):
            guard indexType.unwrapped.isAssignable(to: .string) else {
                return error("X105", "a map key must be `string`, not `\(indexType)`", at: index.range)
            }
            // The key may be absent: `takes[line.id]` is `Take?`, so `takes[line.id] ?? …` or a check is needed.
            return element.madeOptional
        case .record(let record):
            guard indexType.unwrapped.isAssignable(to: .string) else {
                return error("X105", "a record key must be `string`, not `\(indexType)`", at: index.range)
            }
            if case .literal(.string(let key)) = index.kind {
                noteComputedRead(of: baseType, key, at: range)
                return inferMember(of: baseType, name: key, at: index.range)
            }
            let types = record.fields.map(\.type)
            return types.dropFirst().reduce(types.first ?? .any) { $0.joined(with: $1) ?? .any }.madeOptional
        default:
            return error(
                "X105", "`\(baseType)` cannot be indexed; only lists, strings, maps and records can", at: base.range)
        }
    }

    /// Reports unless the expression is a `bool` (or `any`, or an optional `bool` checked at run time).
    mutating func requireBool(_ expression: Expression, for role: String) {
        let type = infer(expression)
        if !type.unwrapped.isAssignable(to: .bool) {
            _ = error("X104", "\(role) must be `bool`, not `\(type)`", at: expression.range)
        } else {
            needValue(type, expression, for: role)
        }
    }
}

extension ValueType {
    var isList: Bool {
        if case .list = self { return true }
        return false
    }
}
