import SegueExpression

/// The flow's functions (`functions:`) compiled so far, each body once, shared by every call of it in the program: a
/// body compiled again at each call would grow with every level of calls.
final class CompiledFunctions: @unchecked Sendable {
    /// Written only while the program is compiled, on one thread; read by no one after.
    var bodies: [String: CompiledEvaluation] = [:]
}

extension ExpressionCompiler {
    /// A call of the flow's function: its arguments compiled here, its body once (`CompiledFunctions`) with its
    /// parameters in scope by position and nothing else (a function reads only its parameters); a failure inside
    /// is the call's, "in `day(…)`: …", as the tree walker reports it. A call that does not fit — the wrong
    /// number of arguments, or a function calling itself, both refused by the checker — is left to the tree
    /// walker, which reports it.
    func call(_ function: FlowFunction, _ arguments: [Expression], in call: Expression) -> CompiledEvaluation {
        guard arguments.count == function.parameters.count, !calling.contains(function.name) else {
            return interpreted(call)
        }
        let body = body(of: function)
        let values = arguments.map(compile)
        let (name, range) = (function.name, call.range)
        return { scope, parameters throws(EvaluationError) in
            var given: [Value] = []
            given.reserveCapacity(values.count)
            for value in values { given.append(try value(scope, parameters)) }
            do throws(EvaluationError) {
                return try body(scope, given)
            } catch {
                throw EvaluationError(error.kind, "in `\(name)(…)`: \(error.message)", at: range)
            }
        }
    }

    private func body(of function: FlowFunction) -> CompiledEvaluation {
        if let compiled = functions.bodies[function.name] { return compiled }
        var inner = ExpressionCompiler(program: program, property: property, functions: functions)
        inner.parameters = function.parameters.map(\.name)
        inner.calling = calling + [function.name]
        let compiled = inner.compile(function.body)
        functions.bodies[function.name] = compiled
        return compiled
    }
}
