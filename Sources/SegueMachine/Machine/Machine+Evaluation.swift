import SegueExpression

extension Machine {
    /// Evaluates the program's expressions (by index into `Program.expressions`) as the top screen of `state` reads
    /// its own (its parameters, data and named values, the flow's, `form`, `state`), on one runner made once: what
    /// `segue-bench eval` times, the path every guard, `set:` and label takes.
    package func evaluator(onTopOf state: MachineState) -> (Int) -> Result<Value, ExpressionFailure> {
        let runner = Runner(box: box, state: state, tracing: false)
        let frame = runner.topFrame
        return { runner.evaluate($0, frame) }
    }
}
