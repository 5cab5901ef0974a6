/// Steps states one input at a time through one runner kept between the steps: what `Machine.step` does, without
/// making and dropping a runner (and a placeholder state to take the next one out of it) on every step. A search
/// stepping one state with each of its inputs keeps one per thread; the runner's per-step fields start over each step.
///
///     var stepper = Stepper(machine: machine, trace: .notable, buffer: TraceBuffer())
///     let step = stepper.step(state, .tap(ElementPath(element: 0)), checked: false)
package struct Stepper {
    private var runner: Runner
    private let machine: Machine

    /// `buffer`: where each step's trace is kept while it runs (`Machine.step(_:_:trace:buffer:)`); no trace is kept
    /// when `detail` is nil.
    package init(machine: Machine, trace detail: TraceDetail?, buffer: TraceBuffer? = nil) {
        self.machine = machine
        runner = Runner(box: machine.box, state: MachineState(), trace: detail, buffer: buffer)
    }

    /// `Machine.step(_:_:trace:buffer:)`; `checked` says `Machine.check(_:)` passed for `state` already.
    package mutating func step(_ state: MachineState, _ input: Input, checked: Bool) -> Step {
        if !checked {
            do {
                try machine.check(state)
            } catch {
                return Step(state: state, effects: [], trace: [.ignored(what: "\(input)", reason: error.description)])
            }
        }
        let buffer = runner.traceBuffer
        buffer?.entries.removeAll()
        // The state is copied once, swapped into the runner and the next one swapped out: the runner keeps the
        // placeholder it was made with between steps.
        var next = state
        swap(&next, &runner.state)
        runner.startStep()
        runner.handle(input)
        swap(&next, &runner.state)
        var effects: [Effect] = []
        swap(&effects, &runner.effects)
        var trace: [TraceEntry] = []
        if let buffer { swap(&trace, &buffer.entries) }
        return Step(state: next, effects: effects, trace: trace)
    }

    /// `Machine.inputs(in:)` through this stepper's runner, for a state `Machine.check(_:)` passed for already
    /// (`checked`); a state that did not, or whose flow has ended, offers none. The one place for that rule.
    package mutating func inputs(in state: MachineState, checked: Bool) -> [AvailableInput] {
        guard checked, !state.ended else { return [] }
        var held = state
        swap(&held, &runner.state)
        runner.startStep()
        let inputs = runner.availableInputs()
        swap(&held, &runner.state)
        runner.traceBuffer?.entries.removeAll()
        return inputs
    }
}

extension Runner {
    /// Puts back what one step may leave in the runner's own fields, for the next step through the same runner.
    mutating func startStep() {
        errorDepth = 0
        exitDepth = 0
        if !toInvoke.isEmpty { toInvoke = [] }
        if !effects.isEmpty { effects = [] }
        if !outbox.isEmpty { outbox = [] }
        if endData != .null { endData = .null }
    }
}
