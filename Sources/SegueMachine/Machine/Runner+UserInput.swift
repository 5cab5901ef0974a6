import SegueExpression

extension Runner {
    // MARK: events

    /// Runs the handler(s) an event selects on its screen: from each active leaf state up, else the screen's.
    ///
    /// When that screen has left, a `send`'s event goes on from the screen that was below it (`below`), if that
    /// one is still there: the rest of the responder chain.
    mutating func dispatch(_ event: Int, _ payload: Value, to instanceID: Int, below: Int? = nil) {
        guard let location = locate(instanceID) else {
            if let below, let next = locate(below) {
                record(.note("\(program.events[event]): its sender has left; the responder chain goes on below it"))
                return dispatch(event, payload, to: below, at: next)
            }
            return ignore(program.events[event], "the screen it was sent to is gone")
        }
        dispatch(event, payload, to: instanceID, at: location)
    }

    /// The instance just below `instance` on the stack (across layers), if any.
    func instance(below instance: Int) -> Int? {
        guard let location = locate(instance) else { return nil }
        if location.index > 0 { return state.layers[location.layer].stack[location.index - 1].id }
        guard location.layer > 0 else { return nil }
        return state.layers[location.layer - 1].stack.last?.id
    }

    /// `dispatch(_:_:to:)` for an instance whose place is known: the responder chain from that screen.
    ///
    /// The screen first, then the screens below it on the stack, nearest first (across modal layers), then the
    /// flow's own `on:`: the first that takes the event handles it; when none does it is ignored with the first
    /// screen's reason.
    mutating func dispatch(_ event: Int, _ payload: Value, to instanceID: Int, at location: (layer: Int, index: Int)) {
        guard let refusal = offer(event, payload, to: instanceID, at: location) else { return }
        var layer = location.layer
        var index = location.index - 1
        var passed = false
        while layer >= 0, layer < state.layers.count {
            while index >= 0, index < state.layers[layer].stack.count {
                passed = true
                if offer(event, payload, to: state.layers[layer].stack[index].id, at: (layer, index)) == nil { return }
                index -= 1
            }
            layer -= 1
            if layer >= 0, layer < state.layers.count { index = state.layers[layer].stack.count - 1 }
        }
        if let handler = program.handlers.handler(for: event) {
            let frame = Frame(instance: -1, event: payload)
            if let chosen = choose(handler, frame) {
                record(.eventConsumed(event: program.events[event], by: "flow"))
                return run(chosen.entry, frame)
            }
            passed = true
        }
        ignore(program.events[event], passed ? "\(refusal), nor does any responder below it" : refusal)
    }

    /// Offers an event to one screen instance: nil when the screen took it (a handler ran or a transition was
    /// taken), else why not.
    private mutating func offer(
        _ event: Int, _ payload: Value, to instanceID: Int, at location: (layer: Int, index: Int)
    )
        -> String?
    {
        let screenID = state.layers[location.layer].stack[location.index].screen
        if state.layers[location.layer].stack[location.index].active.isEmpty {
            // The common case, without nested states: one table lookup.
            if let entry = box.directEntry(screen: screenID, event: event) {
                record(.eventConsumed(event: program.events[event], by: program.screens[screenID].name))
                run(entry, Frame(instance: instanceID, event: payload))
                return nil
            }
            guard let handler = program.screens[screenID].handlers.handler(for: event) else {
                return "\(program.screens[screenID].name) has no handler for it"
            }
            let frame = Frame(instance: instanceID, event: payload)
            guard let chosen = choose(handler, frame) else {
                return "no `when` held on \(program.screens[screenID].name)"
            }
            record(.eventConsumed(event: program.events[event], by: program.screens[screenID].name))
            run(chosen.entry, frame)
            return nil
        }
        let active = state.layers[location.layer].stack[location.index].active
        if let leaf = box.onlyLeaf(of: active, in: screenID) {
            // One active leaf (no parallel regions): the first handler from it up, else the screen's.
            var guardsFailed = false
            let facts = box.screens[screenID]
            var current = leaf
            while current >= 0 {
                guard box.state(current, of: facts).hasHandlers else {
                    current = Int(box.state(current, of: facts).parent)
                    continue
                }
                if let entry = program.screens[screenID].states[current].handlers.directEntry(for: event) {
                    consume(event, payload, instanceID, owner: current, entry: entry, screen: screenID)
                    return nil
                }
                if let handler = program.screens[screenID].states[current].handlers.handler(for: event) {
                    if let chosen = choose(handler, Frame(instance: instanceID, owner: current, event: payload)) {
                        take(event, payload, instanceID, owner: current, chosen, screen: screenID)
                        return nil
                    }
                    guardsFailed = true
                }
                current = program.screens[screenID].states[current].parent
            }
            if let entry = box.directEntry(screen: screenID, event: event) {
                consume(event, payload, instanceID, owner: -1, entry: entry, screen: screenID)
                return nil
            }
            if let handler = program.screens[screenID].handlers.handler(for: event) {
                if let chosen = choose(handler, Frame(instance: instanceID, event: payload)) {
                    take(event, payload, instanceID, owner: -1, chosen, screen: screenID)
                    return nil
                }
                guardsFailed = true
            }
            return unhandled(event, screen: screenID, active: active, guardsFailed: guardsFailed)
        }
        // Parallel regions: SCXML's enabled transitions, from each active atomic state up, conflicts removed.
        var selected: [SelectedTransition] = []
        var guardsFailed = false
        for leaf in active
        where !program.screens[screenID].states[leaf].children.contains(where: { active.contains($0) }) {
            var current = leaf
            while current >= 0 {
                if selected.contains(where: { $0.source == current }) { break }
                if let handler = program.screens[screenID].states[current].handlers.handler(for: event) {
                    let frame = Frame(instance: instanceID, owner: current, event: payload)
                    if let chosen = choose(handler, frame) {
                        selected.append(SelectedTransition(source: current, alternative: chosen, event: payload))
                        break
                    }
                    guardsFailed = true
                }
                current = program.screens[screenID].states[current].parent
            }
        }
        if selected.isEmpty, let handler = program.screens[screenID].handlers.handler(for: event) {
            if let chosen = choose(handler, Frame(instance: instanceID, event: payload)) {
                selected.append(SelectedTransition(source: -1, alternative: chosen, event: payload))
            } else {
                guardsFailed = true
            }
        }
        guard !selected.isEmpty else {
            return unhandled(event, screen: screenID, active: active, guardsFailed: guardsFailed)
        }
        microstep(selected, instance: instanceID, event: event)
        return nil
    }

    /// Takes one chosen alternative of `owner` (-1: the screen): a transition with a target runs as a microstep,
    /// a targetless one runs its actions.
    private mutating func take(
        _ event: Int, _ payload: Value, _ instance: Int, owner: Int, _ chosen: HandlerProgram.Alternative, screen: Int
    ) {
        guard !chosen.targets.isEmpty else {
            return consume(event, payload, instance, owner: owner, entry: chosen.entry, screen: screen)
        }
        microstep(
            [SelectedTransition(source: owner, alternative: chosen, event: payload)], instance: instance, event: event)
    }

    /// Runs the handler of `owner` (-1: the screen) for a raised event.
    private mutating func consume(_ event: Int, _ payload: Value, _ instance: Int, owner: Int, entry: Int, screen: Int)
    {
        record(
            .eventConsumed(
                event: program.events[event],
                by: owner < 0
                    ? program.screens[screen].name
                    : "\(program.screens[screen].name).\(program.screens[screen].states[owner].name)"))
        run(entry, Frame(instance: instance, owner: owner, event: payload))
    }

    /// Why a screen with nested states did not take an event.
    private func unhandled(_ event: Int, screen: Int, active: StateSet, guardsFailed: Bool) -> String {
        let name = program.screens[screen].name
        let states = active.map { program.screens[screen].states[$0].name }.joined(separator: ", ")
        return guardsFailed ? "no `when` held on \(name)" : "\(name) has no handler for it in states \(states)"
    }

    /// The first alternative whose guard holds.
    private mutating func choose(_ handler: HandlerProgram, _ frame: Frame) -> HandlerProgram.Alternative? {
        for alternative in handler.alternatives {
            guard let guardExpression = alternative.guardExpression else { return alternative }
            if condition(guardExpression, frame) { return alternative }
        }
        return nil
    }
}
