/// Applies inputs in place to a state it owns, reusing its buffers and recording no trace: for hot loops
/// (benchmarks, exhaustive exploration) where `Machine.step`'s copies and trace would dominate.
///
///     var driver = MachineDriver(machine: machine, state: launched)
///     driver.apply(.event(next, payload: .null))
///     driver.state.topInstance
public struct MachineDriver {
    var runner: Runner

    public init(machine: Machine, state: MachineState) {
        runner = Runner(box: machine.box, state: state, tracing: false)
    }

    public var state: MachineState { runner.state }

    /// The effects of the last `apply`.
    public var effects: [Effect] { runner.effects }

    public mutating func apply(_ input: Input) {
        if !runner.effects.isEmpty { runner.effects.removeAll(keepingCapacity: true) }
        runner.handle(input)
    }
}
