import SegueExpression
import SegueModel

extension ExpressionCompiler {
    /// The reader of a bound name, chosen once from where its binding says it can be: the scoping rule of
    /// `MachineScope.value(of:)` (locals, `event`, the screen's slots, the flow's data, implicit names), then the named
    /// value it computes, else "unknown name", with the steps its binding cannot take left out.
    func read(_ binding: NameBinding, at range: TextRange) -> CompiledEvaluation {
        let name = binding.name
        if property, binding.implicit == .screen {
            return { scope, _ in PropertyScope.screen(in: scope) }
        }
        if property, binding.implicit == .form {
            let fields = program.formFieldNames
            return { scope, _ in PropertyScope.form(scope.value(of: binding), fields: fields) }
        }
        let screenSlots = binding.screenSlots
        let dataSlot = binding.dataSlot
        switch (binding.implicit, screenSlots.isEmpty, dataSlot >= 0) {
        case (nil, true, true):
            // The flow's data.
            return { scope, _ throws(EvaluationError) in
                if !scope.frame.locals.isEmpty, let local = scope.frame.locals[name] { return local }
                if dataSlot < scope.data.count { return scope.data[dataSlot] }
                return try ValueOperations.computed(name, scope.computedValue(of: binding), at: range)
            }
        case (nil, false, false):
            // A screen's parameters and data.
            return { scope, _ throws(EvaluationError) in
                if !scope.frame.locals.isEmpty, let local = scope.frame.locals[name] { return local }
                if let found = scope.instance, let slot = NameBinding.slot(screenSlots, at: found.pointee.screen) {
                    return found.pointee.values[slot]
                }
                return try ValueOperations.computed(name, scope.computedValue(of: binding), at: range)
            }
        case (nil, true, false):
            // A named value, or a local (`item`, a component's parameter) no slot holds.
            return { scope, _ throws(EvaluationError) in
                if !scope.frame.locals.isEmpty, let local = scope.frame.locals[name] { return local }
                return try ValueOperations.computed(name, scope.computedValue(of: binding), at: range)
            }
        default:
            return { scope, _ throws(EvaluationError) in
                if let value = scope.value(of: binding) { return value }
                return try ValueOperations.computed(name, scope.computedValue(of: binding), at: range)
            }
        }
    }
}

extension Program {
    /// Compiles every expression's bound syntax tree into closures (`ExpressionCompiler`), properties' as properties.
    /// Run once, after `bindNames`.
    mutating func compileExpressions() {
        let properties = Set(properties.map(\.condition))
        let program = self
        let functions = CompiledFunctions()
        for position in expressions.indices {
            let compiler = ExpressionCompiler(
                program: program, property: properties.contains(position), functions: functions)
            expressions[position].evaluation = compiler.compile(expressions[position].body)
        }
    }
}

extension CompiledExpression {
    /// Its value when it is a constant (no scope needed), else nil.
    var constant: Value? {
        if case .constant(let value) = body { return value }
        return nil
    }
}

extension Program {
    /// The value of expression `id` in the machine's scope, by its compiled closures (the expression itself is not
    /// copied: a copy retains its tree and texts). Failures carry the file position.
    func evaluate(_ id: Int, in scope: MachineScope) -> Result<Value, ExpressionFailure> {
        guard let evaluation = expressions[id].evaluation else {
            return expressions[id].constant.map { .success($0) } ?? expressions[id].interpreted(in: scope)
        }
        do {
            return .success(try evaluation(scope, []))
        } catch {
            return .failure(expressions[id].failure(error))
        }
    }
}
