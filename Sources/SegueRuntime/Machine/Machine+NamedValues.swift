import SegueExpression

/// One named value (`let:`) as it is in some state, for tools that show data (the REPL's `data`).
public struct NamedValueReading: Sendable, Hashable {
    public var name: String
    /// The screen that declares it, or nil for the flow's.
    public var screen: String?
    public var value: Result<Value, ExpressionFailure>
}

extension Machine {
    /// The flow's named values, then the top screen's, computed in `state` (empty for a state of another program).
    public func namedValues(in state: MachineState) -> [NamedValueReading] {
        guard (try? check(state)) != nil else { return [] }
        let runner = Runner(box: box, state: state, tracing: false)
        var readings = program.lets.map {
            NamedValueReading(name: $0.name, screen: nil, value: runner.evaluate($0.value, Frame(instance: -1)))
        }
        if let top = state.topInstance {
            let screen = program.screens[top.screen]
            readings += screen.lets.map {
                NamedValueReading(
                    name: $0.name, screen: screen.name, value: runner.evaluate($0.value, Frame(instance: top.id)))
            }
        }
        return readings
    }
}
