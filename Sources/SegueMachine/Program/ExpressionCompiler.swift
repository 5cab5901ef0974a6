import SegueExpression
import SegueModel

/// An expression compiled for the machine: its value in a scope, given the values of the function arguments'
/// parameters (`p` of `p => …`) in scope, outermost first.
typealias CompiledEvaluation = @Sendable (MachineScope, [Value]) throws(EvaluationError) -> Value

/// Turns a bound syntax tree into a tree of closures, once, when the program is compiled: each name read becomes
/// the reader of the slot its binding names (the flow's data, the screen's, a named value, an implicit name),
/// literals are built once, and each operator and function is chosen once; evaluation then calls closures instead
/// of walking the tree and asking a scope by name. The rules of the operators, reads and functions are
/// `Evaluator`'s own (`ValueOperations`, `BuiltinCall`), so errors have the same kinds, messages and ranges; a call
/// of a flow's function (`functions:`) runs its body compiled once (`ExpressionCompiler+Functions.swift`).
struct ExpressionCompiler {
    let program: Program
    /// A property's condition: `screen` and `form` are read as `Machine.holds` reads them (`PropertyScope`).
    let property: Bool
    /// The flow's functions compiled so far, shared by every compiler of the program.
    let functions: CompiledFunctions
    /// The function arguments' parameters in scope, outermost first (in a flow function's body, its own first).
    var parameters: [String] = []
    /// The flow's functions whose bodies are being compiled, outermost first.
    var calling: [String] = []

    func compile(_ body: CompiledExpression.Body) -> CompiledEvaluation? {
        switch body {
        case .constant: return nil
        case .expression(let expression): return compile(expression)
        case .template(let template):
            let parts: [(text: String, value: CompiledEvaluation?)] = template.segments.map { segment in
                switch segment {
                case .text(let text, _): (text, nil)
                case .expression(let expression, _): ("", compile(expression))
                }
            }
            return { scope, parameters throws(EvaluationError) in
                var text = ""
                for part in parts {
                    if let value = part.value {
                        ValueOperations.append(try value(scope, parameters), to: &text)
                    } else {
                        text += part.text
                    }
                }
                return .string(text)
            }
        }
    }

    func compile(_ expression: Expression) -> CompiledEvaluation {
        switch expression.kind {
        case .literal(let value):
            return { _, _ in value }
        case .name(let name):
            if let position = parameters.lastIndex(of: name) { return { _, parameters in parameters[position] } }
            return read(program.binding(of: name), at: expression.range)
        case .resolved(let name):
            return read(program.names[name.id], at: expression.range)
        case .list(let items):
            let items = items.map(compile)
            return { scope, parameters throws(EvaluationError) in
                var values: [Value] = []
                values.reserveCapacity(items.count)
                for item in items { values.append(try item(scope, parameters)) }
                return .list(values)
            }
        case .record(let fields):
            let fields = fields.map { (name: $0.name, value: compile($0.value)) }
            return { scope, parameters throws(EvaluationError) in
                var values: [String: Value] = [:]
                for field in fields { values[field.name] = try field.value(scope, parameters) }
                return .record(values)
            }
        case .member(let base, let name, _):
            return member(name, of: base)
        case .computedField(let base, let name, _, let computed):
            let value = compile(base)
            let range = expression.range
            return { scope, parameters throws(EvaluationError) in
                try ValueOperations.computedField(
                    name, of: try value(scope, parameters), base: base, computed, at: range)
            }
        case .index(let base, let index):
            let (list, position) = (compile(base), compile(index))
            return { scope, parameters throws(EvaluationError) in
                try ValueOperations.element(
                    of: try list(scope, parameters), base: base, at: try position(scope, parameters), index: index)
            }
        case .call(let function, _, let arguments):
            if let builtin = BuiltinFunction(rawValue: function) {
                return call(builtin, arguments, at: expression.range)
            }
            guard let flowFunction = program.functions[function] else { return interpreted(expression) }
            return call(flowFunction, arguments, in: expression)
        case .lambda:
            let (message, range) = ("a function `\(expression)` is only an argument of a call", expression.range)
            return { _, _ throws(EvaluationError) in throw EvaluationError(.typeMismatch, message, at: range) }
        case .labeled(_, _, let value):
            return compile(value)
        case .unary(let op, let operand):
            let value = compile(operand)
            let range = operand.range
            return { scope, parameters throws(EvaluationError) in
                try ValueOperations.unary(op, try value(scope, parameters), at: range)
            }
        case .binary(let op, let left, let right):
            return binary(op, left, right)
        case .conditional(let condition, let then, let otherwise):
            let (test, yes, no) = (compile(condition), compile(then), compile(otherwise))
            let range = condition.range
            return { scope, parameters throws(EvaluationError) in
                try ValueOperations.bool(try test(scope, parameters), for: ValueOperations.conditionRole, at: range)
                    ? try yes(scope, parameters) : try no(scope, parameters)
            }
        }
    }

    private func binary(_ op: BinaryOperator, _ left: Expression, _ right: Expression) -> CompiledEvaluation {
        let (first, second) = (compile(left), compile(right))
        switch op {
        case .and, .or:
            let (leftRange, rightRange) = (left.range, right.range)
            return { scope, parameters throws(EvaluationError) in
                if let decided = try ValueOperations.decided(op, by: try first(scope, parameters), at: leftRange) {
                    return decided
                }
                return try ValueOperations.rightSide(op, try second(scope, parameters), at: rightRange)
            }
        case .coalesce:
            return { scope, parameters throws(EvaluationError) in
                let value = try first(scope, parameters)
                return ValueOperations.fallsBack(value) ? try second(scope, parameters) : value
            }
        default:
            return { scope, parameters throws(EvaluationError) in
                try ValueOperations.binary(
                    op, try first(scope, parameters), try second(scope, parameters), left: left, right: right)
            }
        }
    }

    /// `base.name`; `state.x` and `form.x` of the implicit records read one flag or field where the machine's scope
    /// has that shortcut (not in a property, nor inside a function argument, whose scopes have none).
    private func member(_ name: String, of base: Expression) -> CompiledEvaluation {
        let value = compile(base)
        if case .resolved(let resolved) = base.kind, !property, parameters.isEmpty {
            let binding = program.names[resolved.id]
            if binding.implicit == .state || binding.implicit == .form {
                return { scope, parameters throws(EvaluationError) in
                    if let field = scope.field(name, of: binding) { return field }
                    return try ValueOperations.member(name, of: try value(scope, parameters), base: base)
                }
            }
        }
        return { scope, parameters throws(EvaluationError) in
            try ValueOperations.member(name, of: try value(scope, parameters), base: base)
        }
    }

    /// A built-in function's call: its arguments compiled, a function argument's body with its parameter in scope.
    private func call(_ function: BuiltinFunction, _ arguments: [Expression], at range: TextRange)
        -> CompiledEvaluation
    {
        let values: [CompiledEvaluation?] = arguments.map { argument in
            if case .lambda = argument.kind { return nil }
            return compile(argument)
        }
        let bodies: [CompiledEvaluation?] = arguments.map { argument in
            guard case .lambda(let parameter, _, let body) = argument.kind else { return nil }
            var inner = self
            inner.parameters.append(parameter)
            return inner.compile(body)
        }
        return { scope, parameters throws(EvaluationError) in
            var given: [Value] = []
            given.reserveCapacity(values.count)
            for value in values {
                // A function argument (`p => …`) is applied by the call itself, once per item.
                if let value { given.append(try value(scope, parameters)) } else { given.append(.null) }
            }
            return try BuiltinCall.run(function, given, arguments: arguments, at: range) {
                (index, item) throws(EvaluationError) -> Value in
                guard let body = bodies[index] else { return item }
                return try body(scope, parameters + [item])
            }
        }
    }

    /// A part the tree walker evaluates, over the same scope (with the parameters in scope bound over it): only a
    /// call the checker refuses (`ExpressionCompiler+Functions.swift`).
    func interpreted(_ expression: Expression) -> CompiledEvaluation {
        let (names, property) = (parameters, property)
        return { scope, parameters throws(EvaluationError) in
            property
                ? try Self.walk(expression, in: PropertyScope(machine: scope), names, parameters)
                : try Self.walk(expression, in: scope, names, parameters)
        }
    }

    private static func walk<Scope: ValueScope>(
        _ expression: Expression, in scope: Scope, _ names: [String], _ values: [Value]
    ) throws(EvaluationError) -> Value {
        guard !names.isEmpty else { return try Evaluator(scope: scope).value(of: expression) }
        var bound: [String: Value] = [:]
        for (name, value) in zip(names, values) { bound[name] = value }
        return try Evaluator(scope: BoundValueScope(base: scope, bound: bound)).value(of: expression)
    }
}
