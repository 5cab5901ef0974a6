/// Statechart questions about a program's screens, asked of the box so a runner need not copy itself to ask them.
extension ProgramBox {
    /// SCXML's transition domain: the nearest non-parallel proper ancestor of `source` that contains `target`, or -1
    /// (the screen).
    func commonDomain(source: Int, target: Int, in screen: Int) -> Int {
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
    func addDescendants(_ state: Int, of screen: Int, into entering: inout StateSet) {
        entering.insert(state)
        for child in program.screens[screen].states[state].initialChildren {
            addDescendants(child, of: screen, into: &entering)
        }
    }

    /// The single active leaf state, or nil when parallel regions have several (or none is active).
    func onlyLeaf(of active: StateSet, in screen: Int) -> Int? {
        let facts = screens[screen]
        if facts.small, active.outside == nil {
            let leaves = active.bits & facts.leaves
            return leaves.nonzeroBitCount == 1 ? leaves.trailingZeroBitCount : nil
        }
        var leaf: Int?
        for id in active where program.screens[screen].states[id].children.isEmpty {
            guard leaf == nil else { return nil }
            leaf = id
        }
        return leaf
    }
}
