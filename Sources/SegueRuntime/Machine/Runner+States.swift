extension Runner {
    /// `goto`: SCXML's external transition from the handler's state (or the screen) to `target`.
    ///
    /// The domain is the nearest compound state that is a proper ancestor of the source and contains the target;
    /// its active descendants exit innermost first, then the path down to the target enters outermost first,
    /// with the target's initial descendants and every region of a parallel state on the way.
    mutating func goto(_ target: Int, frame: Frame) {
        guard let location = state.location(of: frame.instance) else { return }
        let screen = state.layers[location.layer].stack[location.index].screen
        let domain = commonDomain(source: frame.owner, target: target, in: screen)
        var exiting: [Int] = []
        for active in state.layers[location.layer].stack[location.index].states.reversed()
        where isDescendant(active, of: domain, in: screen) {
            exiting.append(active)
        }
        var entering: [Int] = []
        addDescendants(target, of: screen, into: &entering)
        var ancestor = program.screens[screen].states[target].parent
        while ancestor != domain, ancestor >= 0 {
            if !entering.contains(ancestor) { entering.append(ancestor) }
            if program.screens[screen].states[ancestor].parallel {
                for region in program.screens[screen].states[ancestor].children
                where !entering.contains(where: { $0 == region || isDescendant($0, of: region, in: screen) }) {
                    addDescendants(region, of: screen, into: &entering)
                }
            }
            ancestor = program.screens[screen].states[ancestor].parent
        }
        entering.sort()
        exitStates(exiting, instance: frame.instance)
        enterStates(entering, instance: frame.instance)
    }

    private func commonDomain(source: Int, target: Int, in screen: Int) -> Int {
        guard source >= 0 else { return -1 }
        var ancestor = program.screens[screen].states[source].parent
        while ancestor >= 0 {
            if !program.screens[screen].states[ancestor].parallel, isDescendant(target, of: ancestor, in: screen) {
                return ancestor
            }
            ancestor = program.screens[screen].states[ancestor].parent
        }
        return -1
    }

    /// Whether `state` lies strictly inside `ancestor` (-1, the screen, contains every state).
    func isDescendant(_ state: Int, of ancestor: Int, in screen: Int) -> Bool {
        if ancestor < 0 { return true }
        var current = program.screens[screen].states[state].parent
        while current >= 0 {
            if current == ancestor { return true }
            current = program.screens[screen].states[current].parent
        }
        return false
    }

    /// A state and the descendants entered with it by default.
    func addDescendants(_ state: Int, of screen: Int, into entering: inout [Int]) {
        if !entering.contains(state) { entering.append(state) }
        for child in program.screens[screen].states[state].initialChildren {
            addDescendants(child, of: screen, into: &entering)
        }
    }

    /// Enters states in the order given (document order), each running its `on_enter` with itself as the source.
    mutating func enterStates(_ states: [Int], instance: Int) {
        // The instance only moves if a hook runs (it may navigate), so look it up again only then.
        var found = state.location(of: instance)
        for id in states {
            guard let location = found else { return }
            let screen = state.layers[location.layer].stack[location.index].screen
            // In place: a local copy of the array would make the insert copy it.
            guard state.layers[location.layer].stack[location.index].activate(id) else { continue }
            record(.stateEntered(screen: program.screens[screen].name, state: program.screens[screen].states[id].name))
            if let onEnter = program.screens[screen].states[id].onEnter {
                run(onEnter, Frame(instance: instance, owner: id))
                found = state.location(of: instance)
            }
        }
    }

    /// Exits states in the order given (reverse document order), cancelling the timers each started.
    mutating func exitStates(_ states: [Int], instance: Int) {
        var found = state.location(of: instance)
        for id in states {
            guard let location = found else { return }
            let screen = state.layers[location.layer].stack[location.index].screen
            guard state.layers[location.layer].stack[location.index].states.contains(id) else { continue }
            if let onExit = program.screens[screen].states[id].onExit {
                run(onExit, Frame(instance: instance, owner: id))
                found = state.location(of: instance)
                guard found != nil else { return }
            }
            if !state.timers.isEmpty { cancelTimers { $0.frame.instance == instance && $0.frame.owner == id } }
            if let after = found { state.layers[after.layer].stack[after.index].deactivate(id) }
            record(.stateExited(screen: program.screens[screen].name, state: program.screens[screen].states[id].name))
        }
    }
}

extension ScreenInstance {
    /// Adds a nested state to the active ones, keeping document order; false when it was already active.
    mutating func activate(_ id: Int) -> Bool {
        guard !states.contains(id) else { return false }
        states.insert(id, at: states.firstIndex(where: { $0 > id }) ?? states.count)
        return true
    }

    /// Removes a nested state from the active ones.
    mutating func deactivate(_ id: Int) {
        if let index = states.firstIndex(of: id) { states.remove(at: index) }
    }
}
