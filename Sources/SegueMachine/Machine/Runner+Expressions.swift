import SegueExpression

extension Runner {
    /// Runs `body` with the scope an expression of `frame` reads: the state, the frame and the screen instance
    /// (`instance` when given, one not yet on a stack; else the frame's) borrowed in place, never copied. No
    /// closure here captures the runner: from a mutating step, that would copy the whole runner, state and all.
    func withScope<Outcome>(
        _ frame: Frame, instance: ScreenInstance? = nil, _ body: (MachineScope) -> Outcome
    ) -> Outcome {
        let box = self.box
        return withUnsafePointer(to: state) {
            MachineScope.with(box, state: $0, frame: frame, instance: instance, body)
        }
    }

    func evaluate(_ id: Int, _ frame: Frame, instance: ScreenInstance? = nil) -> Result<Value, ExpressionFailure> {
        if let constant = program.expressions[id].constant { return .success(constant) }
        return withScope(frame, instance: instance) { $0.program.program.evaluate(id, in: $0) }
    }

    /// The error of a condition that is not a bool.
    func conditionFailure(_ id: Int, _ other: Value) -> ExpressionFailure {
        let source = program.expressions[id]
        return ExpressionFailure(
            kind: "typeMismatch", message: "a condition must be a bool, but it is `\(other.literal)`",
            source: source.source, offset: 0, length: source.source.utf8.count, range: source.range)
    }

    /// A condition's truth; a failure or a non-bool is routed as an error and counts as false.
    mutating func condition(_ id: Int, _ frame: Frame) -> Bool {
        switch evaluate(id, frame) {
        case .success(.bool(let value)): return value
        case .success(let other):
            routeError(conditionFailure(id, other).serviceError, frame: frame)
            return false
        case .failure(let failure):
            routeError(failure.serviceError, frame: frame)
            return false
        }
    }
}
