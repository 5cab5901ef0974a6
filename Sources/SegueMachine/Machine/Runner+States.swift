extension Runner {
    /// `goto`: SCXML's external transition from the handler's state (or the screen) to `target`.
    ///
    /// The domain is the nearest compound state that is a proper ancestor of the source and contains the target;
    /// its active descendants exit innermost first, then the path down to the target enters outermost first,
    /// with the target's initial descendants and every region of a parallel state on the way.
    mutating func goto(_ target: Int, frame: Frame) {
        guard let location = locate(frame.instance) else { return }
        let screen = state.layers[location.layer].stack[location.index].screen
        let facts = box.screens[screen]
        if facts.extras {
            // History, final states or eventless transitions: the general microstep.
            let transition = SelectedTransition(
                source: frame.owner,
                alternative: HandlerProgram.Alternative(guardExpression: nil, entry: -1, targets: [target]),
                event: frame.event, runsActions: false)
            return microstep([transition], instance: frame.instance)
        }
        let domain = box.commonDomain(source: frame.owner, target: target, in: screen)
        if facts.small, state.layers[location.layer].stack[location.index].active.outside == nil {
            // The same sets as below, from the precomputed masks.
            var exiting = state.layers[location.layer].stack[location.index].active.bits
            if domain >= 0 { exiting &= box.state(domain, of: facts).subtree & ~(1 << UInt64(domain)) }
            var entering = box.state(target, of: facts).defaultEntry
            var ancestor = Int(box.state(target, of: facts).parent)
            while ancestor != domain, ancestor >= 0 {
                entering |= 1 << UInt64(ancestor)
                if box.state(ancestor, of: facts).parallel {
                    for region in program.screens[screen].states[ancestor].children
                    where entering & box.state(region, of: facts).subtree == 0 {
                        entering |= box.state(region, of: facts).defaultEntry
                    }
                }
                ancestor = Int(box.state(ancestor, of: facts).parent)
            }
            exitStates(StateSet(bits: exiting), instance: frame.instance)
            return enterStates(StateSet(bits: entering), instance: frame.instance)
        }
        var exiting = state.layers[location.layer].stack[location.index].active
        if domain >= 0 {
            for active in exiting where !box.isDescendant(active, of: domain, in: screen) { exiting.remove(active) }
        }
        var entering = StateSet()
        box.addDescendants(target, of: screen, into: &entering)
        var ancestor = program.screens[screen].states[target].parent
        while ancestor != domain, ancestor >= 0 {
            entering.insert(ancestor)
            if program.screens[screen].states[ancestor].parallel {
                for region in program.screens[screen].states[ancestor].children
                where !entering.contains(where: { $0 == region || box.isDescendant($0, of: region, in: screen) }) {
                    box.addDescendants(region, of: screen, into: &entering)
                }
            }
            ancestor = program.screens[screen].states[ancestor].parent
        }
        exitStates(exiting, instance: frame.instance)
        enterStates(entering, instance: frame.instance)
    }

    /// Enters states in document order, each running its `on_enter` with itself as the source.
    mutating func enterStates(_ states: StateSet, instance: Int) {
        // The instance only moves if a hook runs (it may navigate), so look it up again only then.
        var found = locate(instance)
        if states.outside == nil, !tracing, let location = found {
            let facts = box.screens[state.layers[location.layer].stack[location.index].screen]
            if facts.small, states.bits & facts.enterHooks == 0 {
                // No hook runs and nothing is traced: all at once.
                state.layers[location.layer].stack[location.index].active.bits |= states.bits
                return
            }
        }
        if states.outside == nil {
            var word = states.bits
            while word != 0 {
                let id = word.trailingZeroBitCount
                word &= word - 1
                guard enterState(id, instance: instance, at: &found) else { return }
            }
        } else {
            for id in states { guard enterState(id, instance: instance, at: &found) else { return } }
        }
    }

    /// Enters one state of the instance at `found`; false when the instance is gone.
    mutating func enterState(_ id: Int, instance: Int, at found: inout (layer: Int, index: Int)?) -> Bool {
        guard let location = found else { return false }
        // In place: a local copy of the instance would make the insert copy its arrays.
        guard state.layers[location.layer].stack[location.index].active.insert(id) else { return true }
        let screen = state.layers[location.layer].stack[location.index].screen
        if tracing {
            record(.stateEntered(screen: program.screens[screen].name, state: program.screens[screen].states[id].name))
        }
        if let onEnter = program.screens[screen].states[id].onEnter {
            run(onEnter, Frame(instance: instance, owner: id))
            found = locate(instance)
        }
        noteInvocations(of: id, screen: screen, instance: instance)
        return true
    }

    /// Exits states innermost first (reverse document order), cancelling the timers each started.
    mutating func exitStates(_ states: StateSet, instance: Int) {
        var found = locate(instance)
        if states.outside == nil, !tracing, state.timers.isEmpty, let location = found {
            let facts = box.screens[state.layers[location.layer].stack[location.index].screen]
            if facts.small, states.bits & facts.exitHooks == 0 {
                // No hook runs, no timer to cancel and nothing is traced: all at once.
                state.layers[location.layer].stack[location.index].active.bits &= ~states.bits
                return
            }
        }
        if states.outside == nil {
            var word = states.bits
            while word != 0 {
                let id = 63 - word.leadingZeroBitCount
                word &= ~(1 << UInt64(id))
                guard exitState(id, instance: instance, at: &found) else { return }
            }
        } else {
            for id in states.descending { guard exitState(id, instance: instance, at: &found) else { return } }
        }
    }

    /// Exits one state of the instance at `found`; false when the instance is gone.
    private mutating func exitState(_ id: Int, instance: Int, at found: inout (layer: Int, index: Int)?) -> Bool {
        guard let location = found else { return false }
        guard state.layers[location.layer].stack[location.index].active.contains(id) else { return true }
        let screen = state.layers[location.layer].stack[location.index].screen
        if let onExit = program.screens[screen].states[id].onExit {
            run(onExit, Frame(instance: instance, owner: id))
            found = locate(instance)
            guard found != nil else { return false }
        }
        if !state.timers.isEmpty { cancelTimers { $0.frame.instance == instance && $0.frame.owner == id } }
        if !program.screens[screen].states[id].invocations.isEmpty { cancelSessions(of: id, instance: instance) }
        if !state.pendingCalls.isEmpty {
            cancelCalls("its state \(program.screens[screen].states[id].name) was exited") {
                $0.frame.instance == instance && $0.state == id
            }
        }
        if let after = found { state.layers[after.layer].stack[after.index].active.remove(id) }
        if tracing {
            record(.stateExited(screen: program.screens[screen].name, state: program.screens[screen].states[id].name))
        }
        return true
    }
}
