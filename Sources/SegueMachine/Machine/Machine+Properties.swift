import SegueExpression
import SegueModel

/// Why a property has no truth value in a state (a member of null, a value that is not a bool).
public struct PropertyUnevaluable: Error, Sendable, Hashable {
    public var reason: String
}

extension Machine {
    /// Whether `property` holds in `state`: its condition evaluated as any expression is (named values and computed
    /// fields computed), with `screen` the name of the screen on top (null before launch), `state` its nested
    /// states and `form` its fields (a field another screen has is null).
    ///
    ///     machine.holds(program.properties[0], in: state)   // .success(true)
    public func holds(_ property: PropertyProgram, in state: MachineState) -> Result<Bool, PropertyUnevaluable> {
        guard property.condition >= 0, property.condition < program.expressions.count else {
            return .failure(PropertyUnevaluable(reason: "the condition is not part of this program"))
        }
        // Compiled as a property (`screen` and `form` read as `PropertyScope` reads them), reading the state in
        // place: a runner would copy it (a retain of each of its arrays) for every property of every state.
        let box = self.box
        let holds = withUnsafePointer(to: state) { state in
            MachineScope.with(
                box, state: state, frame: Frame(instance: state.pointee.topInstanceID ?? -1), instance: nil
            ) {
                box.program.evaluate(property.condition, in: $0)
            }
        }
        switch holds {
        case .success(.bool(let value)): return .success(value)
        case .success(let other):
            return .failure(PropertyUnevaluable(reason: "the condition gave `\(other.literal)`, not a bool"))
        case .failure(let failure): return .failure(PropertyUnevaluable(reason: failure.message))
        }
    }
}

/// What a property reads: the machine's names for the top screen, with `screen` and a `form` that has every
/// field some screen has. A property's compiled expression reads `screen` and `form` by the same two rules; a call
/// the compiler leaves to the tree walker (one the checker refuses) reads through this scope.
struct PropertyScope: ValueScope {
    let machine: MachineScope

    func value(of name: String) -> Value? { value(of: machine.program.program.binding(of: name)) }

    func value(of name: ResolvedName) -> Value? { value(of: machine.program.program.names[name.id]) }

    private func value(of binding: NameBinding) -> Value? {
        if binding.implicit == .screen { return Self.screen(in: machine) }
        guard binding.implicit == .form else { return machine.value(of: binding) }
        return Self.form(machine.value(of: binding), fields: machine.program.program.formFieldNames)
    }

    /// `screen`: the name of the screen on top, null before launch.
    static func screen(in machine: MachineScope) -> Value {
        machine.instance.map { .string(machine.program.program.screens[$0.pointee.screen].name) } ?? .null
    }

    /// `form`: every field some screen has, null unless the screen on top shows it (`shown`, the machine's `form`).
    static func form(_ shown: Value?, fields formFields: [String]) -> Value {
        var fields: [String: Value] = [:]
        for field in formFields { fields[field] = .null }
        if case .record(let shown)? = shown { fields.merge(shown) { _, top in top } }
        return .record(fields)
    }

    func computedValue(of name: String) -> Result<Value, EvaluationError>? { machine.computedValue(of: name) }

    func computedValue(of name: ResolvedName) -> Result<Value, EvaluationError>? { machine.computedValue(of: name) }

    func flowFunction(named name: String) -> FlowFunction? { machine.flowFunction(named: name) }
}
