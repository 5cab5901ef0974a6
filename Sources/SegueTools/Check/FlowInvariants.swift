import SegueExpression
import SegueModel
import SegueRuntime

/// A flow's `invariants:`, parsed once, checked against one state at a time: what `segue test` fails a step on and
/// the REPL reports after a command (`segue check` checks them in every reachable state).
///
///     FlowInvariants(flow: flow, program: program).broken(in: state)
///     // ["invariant `purchase_kept` does not hold: a charge without its coins"]
public struct FlowInvariants: Sendable {
    let program: Program
    let properties: [FlowProperty]

    public init(flow: Flow, program: Program) {
        self.program = program
        properties = FlowProperty.all(of: flow).filter { $0.kind == .invariant }
    }

    /// What is wrong in `state`: each invariant that does not hold or cannot be evaluated, as a sentence.
    public func broken(in state: MachineState) -> [String] {
        guard state.launched else { return [] }
        return properties.compactMap { property in
            switch property.holds(in: state, program: program) {
            case .success(true): return nil
            case .success(false):
                return "invariant `\(property.name)` does not hold" + (property.message.map { ": \($0)" } ?? "")
            case .failure(let failure): return "invariant `\(property.name)` cannot be evaluated: \(failure.reason)"
            }
        }
    }
}
