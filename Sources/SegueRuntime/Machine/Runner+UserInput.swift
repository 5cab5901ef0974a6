import SegueExpression

extension Runner {
    // MARK: events

    /// Runs the handler(s) an event selects on its screen: from each active leaf state up, else the screen's.
    mutating func dispatch(_ event: Int, _ payload: Value, to instanceID: Int) {
        guard let location = locate(instanceID) else {
            return ignore(program.events[event], "the screen it was sent to is gone")
        }
        dispatch(event, payload, to: instanceID, at: location)
    }

    /// `dispatch(_:_:to:)` for an instance whose place is known.
    mutating func dispatch(_ event: Int, _ payload: Value, to instanceID: Int, at location: (layer: Int, index: Int)) {
        let screenID = state.layers[location.layer].stack[location.index].screen
        if state.layers[location.layer].stack[location.index].active.isEmpty {
            // The common case, without nested states: one table lookup.
            if let entry = box.directEntry(screen: screenID, event: event) {
                record(.eventConsumed(event: program.events[event], by: program.screens[screenID].name))
                return run(entry, Frame(instance: instanceID, event: payload))
            }
            guard let handler = program.screens[screenID].handlers.handler(for: event) else {
                return ignore(program.events[event], "\(program.screens[screenID].name) has no handler for it")
            }
            let frame = Frame(instance: instanceID, event: payload)
            guard let chosen = choose(handler, frame) else {
                return ignore(program.events[event], "no `when` held on \(program.screens[screenID].name)")
            }
            record(.eventConsumed(event: program.events[event], by: program.screens[screenID].name))
            return run(chosen.entry, frame)
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
                    return consume(event, payload, instanceID, owner: current, entry: entry, screen: screenID)
                }
                if let handler = program.screens[screenID].states[current].handlers.handler(for: event) {
                    if let chosen = choose(handler, Frame(instance: instanceID, owner: current, event: payload)) {
                        return take(event, payload, instanceID, owner: current, chosen, screen: screenID)
                    }
                    guardsFailed = true
                }
                current = program.screens[screenID].states[current].parent
            }
            if let entry = box.directEntry(screen: screenID, event: event) {
                return consume(event, payload, instanceID, owner: -1, entry: entry, screen: screenID)
            }
            if let handler = program.screens[screenID].handlers.handler(for: event) {
                if let chosen = choose(handler, Frame(instance: instanceID, event: payload)) {
                    return take(event, payload, instanceID, owner: -1, chosen, screen: screenID)
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
    }

    /// Takes one chosen alternative of `owner` (-1: the screen): a transition with a target runs as a microstep,
    /// a targetless one runs its actions.
    private mutating func take(
        _ event: Int, _ payload: Value, _ instance: Int, owner: Int, _ chosen: HandlerProgram.Alternative, screen: Int
    ) {
        guard chosen.target >= 0 else {
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

    private func unhandled(_ event: Int, screen: Int, active: StateSet, guardsFailed: Bool) {
        let name = program.screens[screen].name
        let states = active.map { program.screens[screen].states[$0].name }.joined(separator: ", ")
        ignore(
            program.events[event],
            guardsFailed ? "no `when` held on \(name)" : "\(name) has no handler for it in states \(states)")
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
