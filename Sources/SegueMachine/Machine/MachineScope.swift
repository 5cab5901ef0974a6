import SegueExpression
import SegueModel

/// The names an expression sees while the machine runs, nearest first: locals (`item`, `index`, `result`, `error`,
/// component parameters), `event`, the screen's parameters and data, the flow's data, then `form`, `state` (one bool
/// per nested state of the screen, true when active), `device`, `theme`.
///
/// Borrowed, not copied: it reads the runner's state, the frame and the screen instance in place, through pointers
/// that hold only while `Runner.withScope` runs (nothing changes the state while an expression is evaluated). Made
/// per evaluation, it retains only the program's box; a copy of each part would retain every array in it.
struct MachineScope: ValueScope {
    /// Held strongly: through an unowned reference, reading the program would copy it (retaining all its tables).
    let program: ProgramBox
    private let statePointer: UnsafePointer<MachineState>
    private let framePointer: UnsafePointer<Frame>
    /// The screen instance whose names are read (in the state, or one being made), or nil.
    let instance: UnsafePointer<ScreenInstance>?

    init(
        program: ProgramBox, state: UnsafePointer<MachineState>, frame: UnsafePointer<Frame>,
        instance: UnsafePointer<ScreenInstance>?
    ) {
        self.program = program
        statePointer = state
        framePointer = frame
        self.instance = instance
    }

    /// Runs `body` with the scope of `frame` in `state`: the screen instance read is `instance` when given (one
    /// not yet on a stack), else the frame's where the state has it, borrowed in place.
    static func with<Outcome>(
        _ box: ProgramBox, state: UnsafePointer<MachineState>, frame: Frame, instance: ScreenInstance?,
        _ body: (MachineScope) -> Outcome
    ) -> Outcome {
        let location =
            instance == nil && frame.instance >= 0
            ? MachineState.location(of: frame.instance, in: state.pointee.layers) : nil
        return withUnsafePointer(to: frame) { frame in
            if let instance {
                return withUnsafePointer(to: instance) {
                    body(MachineScope(program: box, state: state, frame: frame, instance: $0))
                }
            }
            guard let location else {
                return body(MachineScope(program: box, state: state, frame: frame, instance: nil))
            }
            return state.pointee.layers.withUnsafeBufferPointer { layers in
                layers[location.layer].stack.withUnsafeBufferPointer { stack in
                    body(
                        MachineScope(
                            program: box, state: state, frame: frame, instance: stack.baseAddress! + location.index))
                }
            }
        }
    }

    var state: MachineState { unsafeAddress { statePointer } }
    var frame: Frame { unsafeAddress { framePointer } }
    /// The flow's data variables by slot.
    var data: [Value] { _read { yield state.data } }
    var device: DeviceProfile { state.environment.device }

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
        guard let implicit = binding.implicit, implicit == .state || implicit == .form, let found = self.instance,
            frame.locals.isEmpty || frame.locals[binding.name] == nil,
            NameBinding.slot(binding.screenSlots, at: found.pointee.screen) == nil, binding.dataSlot < 0
        else { return nil }
        let names = program.memberNames[found.pointee.screen]
        if implicit == .state {
            guard let id = names.states[field] else { return .null }
            return .bool(found.pointee.active.contains(id))
        }
        guard let index = names.fields[field] else { return .null }
        return index < found.pointee.form.fields.count ? found.pointee.form.fields[index].value : .null
    }

    /// The scoping rule, nearest first, reading the slots the binding names.
    func value(of binding: NameBinding) -> Value? {
        if !frame.locals.isEmpty, let local = frame.locals[binding.name] { return local }
        if binding.implicit == .event { return frame.event }
        if let instance, let slot = NameBinding.slot(binding.screenSlots, at: instance.pointee.screen) {
            return instance.pointee.values[slot]
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
            let fields = instance.pointee.form.fields
            for (name, index) in program.memberNames[instance.pointee.screen].fields where index < fields.count {
                record[name] = fields[index].value
            }
            return .record(record)
        case .state:
            guard let instance else { return nil }
            var record: [String: Value] = [:]
            for (name, id) in program.memberNames[instance.pointee.screen].states {
                record[name] = .bool(instance.pointee.active.contains(id))
            }
            return .record(record)
        case .device: return device.value
        case .theme: return program.program.theme
        case .currentEvent: return state.currentEvent
        case .session:
            return SessionField.record { field in
                switch field {
                case .id: return .string(state.environment.sessionID)
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
            var declared = Frame(instance: instance?.pointee.id ?? -1)
            declared.locals = frame.locals
            declared.component = component
            return compute(program.program.componentLets[component].values[slot].value, on: instance, in: declared)
        }
        if let instance, let slot = NameBinding.slot(binding.screenLets, at: instance.pointee.screen) {
            return compute(
                program.program.screens[instance.pointee.screen].lets[slot].value, on: instance,
                in: Frame(instance: instance.pointee.id))
        }
        guard binding.flowLet >= 0 else { return nil }
        return compute(program.program.lets[binding.flowLet].value, on: nil, in: Frame(instance: -1))
    }

    /// `frame` is the frame of a component's elements (its parameters bound), or a screen's or the flow's own.
    private func compute(
        _ expression: Int, on instance: UnsafePointer<ScreenInstance>?, in frame: Frame
    ) -> Result<Value, EvaluationError> {
        withUnsafePointer(to: frame) { frame in
            let declared = MachineScope(program: program, state: statePointer, frame: frame, instance: instance)
            return program.program.evaluate(expression, in: declared).mapError { failure in
                EvaluationError(
                    EvaluationError.Kind(rawValue: failure.kind) ?? .typeMismatch, failure.message,
                    at: TextRange(failure.offset, failure.offset + failure.length))
            }
        }
    }
}
