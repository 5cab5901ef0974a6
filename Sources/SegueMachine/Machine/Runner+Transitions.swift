import SegueExpression

/// SCXML's microstep and macrostep (W3C SCXML 1.0, Appendix D) on a screen's nested states: the transitions an
/// event or the eventless `always:` lists select, exited, run and entered in the standard's order.
extension Runner {
    /// One microstep on one screen instance: conflicts removed, the exit sets' `on_exit` (history remembered
    /// first), every transition's actions in document order, then the entry sets' `on_enter`.
    mutating func microstep(_ selected: [SelectedTransition], instance: Int, event: Int? = nil) {
        guard let location = locate(instance) else { return }
        let screen = state.layers[location.layer].stack[location.index].screen
        let active = state.layers[location.layer].stack[location.index].active
        let history = state.layers[location.layer].stack[location.index].history
        let transitions =
            selected.count > 1
            ? box.removeConflicts(selected, active: active, in: screen, history: history) : selected
        if tracing, let event {
            for transition in transitions {
                let by =
                    transition.source < 0
                    ? program.screens[screen].name
                    : "\(program.screens[screen].name).\(program.screens[screen].states[transition.source].name)"
                record(.eventConsumed(event: program.events[event], by: by))
            }
        }
        var exiting = StateSet()
        for transition in transitions where transition.hasTargets {
            for id in box.exitSet(of: transition, active: active, in: screen, history: history) { exiting.insert(id) }
        }
        var remembered = history
        if !exiting.isEmpty {
            rememberHistory(of: exiting, active: active, screen: screen, at: location)
            remembered = state.layers[location.layer].stack[location.index].history
        }
        // SCXML computes the entry set after the exits: a history state the transition re-enters through
        // restores what its parent had active a moment ago (W3C test 579).
        let entry = box.entrySet(of: transitions, in: screen, history: remembered)
        if !exiting.isEmpty { exitStates(exiting, instance: instance) }
        for transition in transitions where transition.runsActions {
            guard locate(instance) != nil else { return }
            run(
                transition.alternative.entry,
                Frame(instance: instance, owner: transition.source, event: transition.event))
        }
        enterChartStates(entry.states, historyDefaults: entry.historyDefaults, instance: instance)
    }

    /// Before any `on_exit` runs: each exiting state's history children remember its active children (shallow)
    /// or its active atomic descendants (deep).
    private mutating func rememberHistory(
        of exiting: StateSet, active: StateSet, screen: Int, at location: (layer: Int, index: Int)
    ) {
        let states = program.screens[screen].states
        for parent in exiting {
            for child in states[parent].children {
                guard let depth = states[child].history else { continue }
                let remembered = active.filter { id in
                    switch depth {
                    case .shallow: states[id].parent == parent
                    case .deep:
                        box.isDescendant(id, of: parent, in: screen)
                            && !states[id].children.contains { active.contains($0) }
                    }
                }
                state.layers[location.layer].stack[location.index].history[child] = remembered
            }
        }
    }

    /// Enters states in document order; after each, a history default's actions for it, and a final state's
    /// completion: `done.state.<parent>` (and the parallel grandparent's when every region is done, and so on up
    /// through parallel states whose regions are parallel states), or at the top
    /// of the screen's states, the end of the flow.
    mutating func enterChartStates(_ entering: StateSet, historyDefaults: [(parent: Int, entry: Int)], instance: Int) {
        var found = locate(instance)
        for id in entering {
            guard enterState(id, instance: instance, at: &found), let location = found else { return }
            for fallback in historyDefaults where fallback.parent == id {
                run(fallback.entry, Frame(instance: instance, owner: id))
                found = locate(instance)
            }
            let screen = state.layers[location.layer].stack[location.index].screen
            guard program.screens[screen].states[id].isFinal else { continue }
            let parent = program.screens[screen].states[id].parent
            guard parent >= 0 else {
                endFlow(instance: instance, final: id, screen: screen)
                continue
            }
            raiseDone(
                parent, screen: screen, instance: instance,
                payload: doneData(of: id, screen: screen, instance: instance))
            guard let now = found else { continue }
            // The parallel grandparent, and each parallel state above it that is now done with it (a region
            // that is itself a parallel state completes when all of its own regions do).
            let active = state.layers[now.layer].stack[now.index].active
            var ancestor = program.screens[screen].states[parent].parent
            while ancestor >= 0, program.screens[screen].states[ancestor].parallel,
                box.isInFinalState(ancestor, active: active, in: screen)
            {
                raiseDone(ancestor, screen: screen, instance: instance)
                ancestor = program.screens[screen].states[ancestor].parent
            }
        }
    }

    /// Queues `done.state.<state>` on the internal queue; its `current_event.type` is `internal`, as SCXML's
    /// algorithm raises it on the internal queue (Qt SCXML and its tests read it so).
    private mutating func raiseDone(_ completed: Int, screen: Int, instance: Int, payload: Value = .null) {
        let event = program.screens[screen].states[completed].doneEvent
        guard event >= 0 else { return }
        record(.doneRaised(event: program.events[event]))
        state.eventQueue.append(RaisedEvent(event: event, payload: payload, instance: instance, kind: .internal))
    }

    /// A final state's `done_data`; when it fails, the error is raised first (`error.execution`, SCXML's order)
    /// and the done event carries nothing.
    private mutating func doneData(of final: Int, screen: Int, instance: Int) -> Value {
        guard let expression = program.screens[screen].states[final].doneData else { return .null }
        let frame = Frame(instance: instance, owner: final)
        switch evaluate(expression, frame) {
        case .success(let value): return value
        case .failure(let failure):
            routeError(failure.serviceError, frame: frame)
            return .null
        }
    }

    /// A final state at the top of a screen's states: the flow ends (the REPL and scenarios show it).
    private mutating func endFlow(instance: Int, final: Int, screen: Int) {
        guard !state.ended else { return }
        state.ended = true
        if invoked { endData = doneData(of: final, screen: screen, instance: instance) }
        record(.flowEnded(screen: program.screens[screen].name, state: program.screens[screen].states[final].name))
    }

    /// After the flow ended, SCXML's `exitInterpreter`: the ending screen's active states exit (innermost first),
    /// every timer is cancelled and the events still queued are dropped.
    mutating func finishEndedFlow() {
        if let top = topInstance, !top.active.isEmpty { exitStates(top.active, instance: top.id) }
        cancelTimers { _ in true }
        cancelSessions(reason: "the flow has ended") { _ in true }
        if !state.eventQueue.isEmpty || !state.externalQueue.isEmpty {
            let count = state.eventQueue.count + state.externalQueue.count
            record(.note("\(count) queued events dropped: the flow has ended"))
            state.eventQueue.removeAll()
            state.externalQueue.removeAll()
        }
    }

    /// The eventless transitions of one screen instance, bottom layer first, that are enabled now: from each active
    /// atomic state in document order up through its ancestors, the first `always:` transition whose guard holds.
    /// Nil when none is enabled anywhere.
    mutating func enabledEventlessTransitions() -> (instance: Int, transitions: [SelectedTransition])? {
        for layer in state.layers.indices {
            for index in state.layers[layer].stack.indices {
                let instance = state.layers[layer].stack[index]
                guard !instance.active.isEmpty, box.screens[instance.screen].extras else { continue }
                let selected = selectEventless(in: instance)
                if !selected.isEmpty { return (instance.id, selected) }
            }
        }
        return nil
    }

    private mutating func selectEventless(in instance: ScreenInstance) -> [SelectedTransition] {
        let states = program.screens[instance.screen].states
        var selected: [SelectedTransition] = []
        for leaf in instance.active where !states[leaf].children.contains(where: { instance.active.contains($0) }) {
            var current = leaf
            search: while current >= 0 {
                if selected.contains(where: { $0.source == current }) { break }
                for transition in states[current].always {
                    let frame = Frame(instance: instance.id, owner: current)
                    if let guardExpression = transition.guardExpression, !condition(guardExpression, frame) { continue }
                    selected.append(SelectedTransition(source: current, alternative: transition, event: .null))
                    break search
                }
                current = states[current].parent
            }
        }
        return selected
    }
}
