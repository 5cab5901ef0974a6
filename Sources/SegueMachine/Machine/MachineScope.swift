import SegueExpression
import SegueModel

/// The names an expression sees while the machine runs, nearest first: locals (`item`, `index`, `result`, `error`,
/// component parameters), `event`, the screen's parameters and data, the flow's data, then `form`, `state` (one bool
/// per nested state of the screen, true when active), `device`, `theme`.
struct MachineScope: ValueScope {
    let program: ProgramBox
    let data: [Value]
    let instance: ScreenInstance?
    let frame: Frame
    let device: DeviceProfile
    /// `current_event`, SCXML's `_event`: the last event a screen took.
    var currentEvent: Value = .null
    /// `session.id`.
    var sessionID: String = ""

    func value(of name: String) -> Value? { value(of: program.program.binding(of: name)) }

    func value(of name: ResolvedName) -> Value? { value(of: program.program.names[name.id]) }

    func computedValue(of name: String) -> Result<Value, EvaluationError>? {
        computedValue(of: program.program.binding(of: name))
    }

    func computedValue(of name: ResolvedName) -> Result<Value, EvaluationError>? {
        computedValue(of: program.program.names[name.id])
    }

    /// `state.x` and `form.x` where they name the implicit records: one nested state's flag or one field's value,
    /// found by name in the screen's tables, instead of a record of every state or field.
    func field(_ field: String, of name: ResolvedName) -> Value? {
        self.field(field, of: program.program.names[name.id])
    }

    func field(_ field: String, of binding: NameBinding) -> Value? {
        guard let implicit = binding.implicit, implicit == .state || implicit == .form, let instance,
            frame.locals.isEmpty || frame.locals[binding.name] == nil,
            NameBinding.slot(binding.screenSlots, at: instance.screen) == nil, binding.dataSlot < 0
        else { return nil }
        let names = program.memberNames[instance.screen]
        if implicit == .state {
            guard let id = names.states[field] else { return .null }
            return .bool(instance.active.contains(id))
        }
        guard let index = names.fields[field] else { return .null }
        return index < instance.form.fields.count ? instance.form.fields[index].value : .null
    }

    /// The scoping rule, nearest first, reading the slots the binding names.
    func value(of binding: NameBinding) -> Value? {
        if !frame.locals.isEmpty, let local = frame.locals[binding.name] { return local }
        if binding.implicit == .event { return frame.event }
        if let instance, let slot = NameBinding.slot(binding.screenSlots, at: instance.screen) {
            return instance.values[slot]
        }
        if binding.dataSlot >= 0, binding.dataSlot < data.count { return data[binding.dataSlot] }
        guard let implicit = binding.implicit else { return nil }
        return value(of: implicit)
    }

    /// An implicit name's value now.
    func value(of implicit: ImplicitName) -> Value? {
        switch implicit {
        case .form:
            guard let instance else { return .record([:]) }
            var record: [String: Value] = [:]
            for (name, index) in program.memberNames[instance.screen].fields where index < instance.form.fields.count {
                record[name] = instance.form.fields[index].value
            }
            return .record(record)
        case .state:
            guard let instance else { return nil }
            var record: [String: Value] = [:]
            for (name, id) in program.memberNames[instance.screen].states {
                record[name] = .bool(instance.active.contains(id))
            }
            return .record(record)
        case .device: return device.value
        case .theme: return program.program.theme
        case .currentEvent: return currentEvent
        case .session:
            return SessionField.record { field in
                switch field {
                case .id: return .string(sessionID)
                case .name: return .string(program.program.sessionName)
                }
            }
        // Bound where they are read (locals, the event), or only in properties (`screen`).
        case .item, .index, .line, .event, .result, .error, .screen: return nil
        }
    }

    /// The flow's function of this name (`functions:`), or nil.
    func flowFunction(named name: String) -> FlowFunction? {
        program.program.functions.isEmpty ? nil : program.program.functions[name]
    }

    /// The component's named value, else the top screen's, else the flow's, computed in the scope it was declared
    /// in: a component's sees its parameters, a screen's the screen (never the locals of where it is read), the
    /// flow's only flow-level names.
    func computedValue(of binding: NameBinding) -> Result<Value, EvaluationError>? {
        // Read through the box, not a copy of the program (a copy retains every table it holds).
        if let component = frame.component, let slot = NameBinding.slot(binding.componentLets, at: component) {
            return compute(program.program.componentLets[component].values[slot].value, on: instance, in: frame)
        }
        if let instance, let slot = NameBinding.slot(binding.screenLets, at: instance.screen) {
            return compute(program.program.screens[instance.screen].lets[slot].value, on: instance)
        }
        guard binding.flowLet >= 0 else { return nil }
        return compute(program.program.lets[binding.flowLet].value, on: nil)
    }

    /// `component` is the frame of a component's elements (its parameters bound); nil for a screen's or the flow's.
    private func compute(
        _ expression: Int, on instance: ScreenInstance?, in component: Frame? = nil
    ) -> Result<Value, EvaluationError> {
        var frame = Frame(instance: instance?.id ?? -1)
        if let component {
            frame.locals = component.locals
            frame.component = component.component
        }
        let declared = MachineScope(
            program: program, data: data, instance: instance, frame: frame,
            device: device, currentEvent: currentEvent, sessionID: sessionID)
        return program.program.evaluate(expression, in: declared).mapError { failure in
            EvaluationError(
                EvaluationError.Kind(rawValue: failure.kind) ?? .typeMismatch, failure.message,
                at: TextRange(failure.offset, failure.offset + failure.length))
        }
    }
}
