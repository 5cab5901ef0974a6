import SegueExpression
import SegueMachine
import SegueModel

/// A flow's `invariants:`, compiled into its program, checked against one state at a time: what `segue test` fails
/// a step on and the REPL reports after a command (`segue check` checks them in every reachable state).
///
///     FlowInvariants(program: program).broken(in: state)
///     // ["invariant `purchase_kept` does not hold: a charge without its coins"]
public struct FlowInvariants: Sendable {
    let machine: Machine
    let invariants: [PropertyProgram]

    public init(program: Program) {
        machine = Machine(program: program)
        invariants = program.properties.filter { $0.kind == .invariant }
    }

    /// What is wrong in `state`: each invariant that does not hold or cannot be evaluated, as a sentence.
    public func broken(in state: MachineState) -> [String] {
        guard state.launched else { return [] }
        return invariants.compactMap { invariant in
            switch machine.holds(invariant, in: state) {
            case .success(true): return nil
            case .success(false):
                return "invariant `\(invariant.name)` does not hold" + (invariant.message.map { ": \($0)" } ?? "")
            case .failure(let failure): return "invariant `\(invariant.name)` cannot be evaluated: \(failure.reason)"
            }
        }
    }
}
