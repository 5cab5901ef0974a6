import SegueDiagnostics
import SegueExpression
import SegueModel
import SegueRuntime

/// The names a property (`invariants`, `reachable`, `always_possible`) sees in a state: the flow's data, `screen`
/// (the name of the screen on top, or null before launch), `state` (the top screen's nested states, one bool each),
/// `device` and `theme`.
struct PropertyScope: ValueScope {
    let program: Program
    let state: MachineState

    func value(of name: String) -> Value? {
        if let slot = program.dataIndex[name] { return slot < state.data.count ? state.data[slot] : .null }
        switch ImplicitName(rawValue: name) {
        case .screen: return state.topInstance.map { .string(program.screens[$0.screen].name) } ?? .null
        case .state:
            guard let top = state.topInstance else { return .record([:]) }
            let active = Set(top.states)
            var record: [String: Value] = [:]
            for (id, nested) in program.screens[top.screen].states.enumerated() {
                record[nested.name] = .bool(active.contains(id))
            }
            return .record(record)
        case .device: return state.environment.device.value
        case .theme: return program.theme
        default: return nil
        }
    }
}

/// A named condition of the flow, parsed once, with where it was written.
struct FlowProperty: Sendable {
    enum Kind: String {
        case invariant
        case reachable
        case alwaysPossible = "always_possible"
    }

    var kind: Kind
    var name: String
    var message: String?
    var expression: Expression?
    var range: SourceRange

    /// The flow's invariants, then its `reachable` and `always_possible` conditions, in the order written.
    static func all(of flow: Flow) -> [FlowProperty] {
        var properties: [FlowProperty] = []
        for (kind, list) in [
            (Kind.invariant, flow.invariants), (.reachable, flow.reachable), (.alwaysPossible, flow.alwaysPossible),
        ] {
            for property in list {
                properties.append(
                    FlowProperty(
                        kind: kind, name: property.name.text, message: property.message,
                        expression: try? Expression.parse(property.condition.text), range: property.range))
            }
        }
        return properties
    }

    /// The names the flow's properties read, from their syntax trees; nil when one does not parse (then each may
    /// read anything).
    static func namesRead(of flow: Flow) -> Set<String>? {
        var names: Set<String> = []
        for property in all(of: flow) {
            guard let expression = property.expression else { return nil }
            names.formUnion(expression.referencedNames)
        }
        return names
    }

    /// True, false, or why it cannot be evaluated in `state`.
    func holds(in state: MachineState, program: Program) -> Result<Bool, Unevaluable> {
        guard let expression else { return .failure(Unevaluable(reason: "the condition does not parse")) }
        switch Evaluator(scope: PropertyScope(program: program, state: state)).evaluate(expression) {
        case .success(.bool(let value)): return .success(value)
        case .success(let other):
            return .failure(Unevaluable(reason: "the condition gave `\(other.literal)`, not a bool"))
        case .failure(let error): return .failure(Unevaluable(reason: error.message))
        }
    }

    /// Why a property has no truth value in a state (a member of null, a wrong type).
    struct Unevaluable: Error {
        var reason: String
    }
}
