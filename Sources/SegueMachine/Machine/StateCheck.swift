/// Why a state cannot be run by a program: it was saved from another flow or edited by hand.
public struct StateMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String

    public var description: String { "the state does not belong to this program: \(reason)" }
}

extension Machine {
    /// Checks that every id in a state (screens, slots, nested states, fields, code) exists in the program, so a
    /// state loaded from a file can be stepped without going out of bounds.
    public func check(_ state: MachineState) throws(StateMismatch) {
        // Read in place: a copy of the program (or of a screen) would retain every array in it.
        let program = box.program
        guard !state.launched || state.data.count == program.data.count else {
            throw StateMismatch(reason: "\(state.data.count) flow variables, the flow has \(program.data.count)")
        }
        // By index: binding each layer and instance would copy it, a retain of each of its arrays, on every step.
        for layer in state.layers.indices {
            guard !state.layers[layer].stack.isEmpty else { throw StateMismatch(reason: "an empty navigation layer") }
            for index in state.layers[layer].stack.indices {
                try check(state.layers[layer].stack[index], in: program)
            }
        }
        for call in state.pendingCalls {
            guard program.code.indices.contains(call.pc), case .call = program.code[call.pc] else {
                throw StateMismatch(reason: "pending call #\(call.id) points at no call")
            }
        }
        for timer in state.timers where !program.code.indices.contains(timer.entry) {
            throw StateMismatch(reason: "timer #\(timer.id) points outside the program")
        }
        // The rare parts are read only when there are some: reading one copies it out of its box.
        guard state.hasRareParts else { return }
        for receiver in state.resultReceivers where !program.code.indices.contains(receiver.entry) {
            throw StateMismatch(reason: "the on_result of screen #\(receiver.opened) points outside the program")
        }
        for event in state.eventQueue where !program.events.indices.contains(event.event) {
            throw StateMismatch(reason: "queued event #\(event.event) does not exist")
        }
        for event in state.externalQueue where !program.events.indices.contains(event.event) {
            throw StateMismatch(reason: "queued external event #\(event.event) does not exist")
        }
    }

    /// Checks one screen instance, read in place; its screen's name is read only for an error.
    private func check(_ instance: ScreenInstance, in program: Program) throws(StateMismatch) {
        let screen = instance.screen
        guard program.screens.indices.contains(screen) else {
            throw StateMismatch(reason: "screen #\(screen) does not exist")
        }
        let name = { program.screens[screen].name }
        let slots = program.screens[screen].slots.count
        guard instance.values.count == slots else {
            throw StateMismatch(reason: "\(name()) has \(slots) variables, not \(instance.values.count)")
        }
        guard instance.active.isWithin(program.screens[screen].states.count) else {
            throw StateMismatch(reason: "\(name()) has no such nested state")
        }
        for (history, remembered) in instance.history {
            let states = program.screens[screen].states
            guard states.indices.contains(history), states[history].history != nil,
                remembered.allSatisfy(states.indices.contains)
            else { throw StateMismatch(reason: "\(name()) remembers a history that is not its chart's") }
        }
        let fields = program.screens[screen].fields.count
        guard instance.form.fields.count == fields else {
            throw StateMismatch(reason: "\(name()) has \(fields) fields")
        }
    }
}
