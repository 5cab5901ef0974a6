import SegueExpression

/// The names an expression sees while the machine runs, nearest first: locals (`item`, `index`, `result`, `error`,
/// component parameters), `event`, the screen's parameters and data, the flow's data, then `form`, `state` (a bool
/// per nested state: `state.recording`), `device`, `theme`.
struct MachineScope: ValueScope {
    let program: ProgramBox
    let data: [Value]
    let instance: ScreenInstance?
    let frame: Frame
    let device: DeviceProfile

    func value(of name: String) -> Value? {
        if !frame.locals.isEmpty, let local = frame.locals[name] { return local }
        if name == "event" { return frame.event }
        if let instance {
            let screen = program.program.screens[instance.screen]
            if let slot = screen.slotIndex[name] { return instance.values[slot] }
        }
        if let slot = program.program.dataIndex[name], slot < data.count { return data[slot] }
        switch name {
        case "form":
            guard let instance else { return .record([:]) }
            let fields = program.program.screens[instance.screen].fields
            var record: [String: Value] = [:]
            for (index, field) in fields.enumerated() where index < instance.form.fields.count {
                record[field.name] = instance.form.fields[index].value
            }
            return .record(record)
        case "state":
            // `state.recording`: whether a nested state of the screen is active.
            guard let instance else { return .record([:]) }
            var record: [String: Value] = [:]
            for (id, node) in program.program.screens[instance.screen].states.enumerated() {
                record[node.name] = .bool(instance.states.contains(id))
            }
            return .record(record)
        case "device": return device.value
        case "theme": return program.program.theme
        default: return nil
        }
    }
}

/// The program behind one reference, so a step copies a pointer instead of the program's many arrays.
final class ProgramBox: Sendable {
    let program: Program

    init(_ program: Program) {
        self.program = program
    }
}
