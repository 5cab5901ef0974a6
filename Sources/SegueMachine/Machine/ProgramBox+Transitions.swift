import SegueExpression

/// SCXML's set computations (W3C SCXML 1.0, Appendix D) on one screen's chart: domains, exit sets, entry sets.
/// Pure: they read the program, the active configuration and the remembered history, and change nothing.
extension ProgramBox {
    /// The states of `screen`'s chart.
    @inline(__always)
    func chart(_ screen: Int) -> [StateProgram] { program.screens[screen].states }

    /// A compound state: it has child states and is not parallel (`isCompoundState`).
    func isCompound(_ state: Int, in screen: Int) -> Bool {
        let node = chart(screen)[state]
        return !node.parallel && node.children.contains { chart(screen)[$0].history == nil }
    }

    /// The real (non-history) children of a state, in document order (`getChildStates`).
    func childStates(_ state: Int, in screen: Int) -> [Int] {
        chart(screen)[state].children.filter { chart(screen)[$0].history == nil }
    }

    /// `getEffectiveTargetStates`: a history target stands for what it remembers, or for its default's target.
    func effectiveTargets(_ target: Int, in screen: Int, history: [Int: [Int]]) -> [Int] {
        guard chart(screen)[target].history != nil else { return [target] }
        if let remembered = history[target] { return remembered }
        guard let fallback = chart(screen)[target].historyDefault, !fallback.targets.isEmpty else {
            // No default: the parent's default entry.
            let parent = chart(screen)[target].parent
            return parent >= 0 ? chart(screen)[parent].initialChildren : []
        }
        return effectiveTargets(of: fallback.targets, in: screen, history: history)
    }

    /// `getEffectiveTargetStates` of a transition's targets (several: one per parallel region), history resolved.
    func effectiveTargets(of targets: [Int], in screen: Int, history: [Int: [Int]]) -> [Int] {
        targets.count == 1
            ? effectiveTargets(targets[0], in: screen, history: history)
            : targets.flatMap { effectiveTargets($0, in: screen, history: history) }
    }

    /// `getTransitionDomain`: the state whose descendants a transition exits and enters; -1 is the screen, nil
    /// a targetless transition (nothing exits).
    func domain(of transition: SelectedTransition, in screen: Int, history: [Int: [Int]]) -> Int? {
        let written = transition.effectiveTargets
        guard !written.isEmpty else { return nil }
        let targets = effectiveTargets(of: written, in: screen, history: history)
        let source = transition.source
        if transition.alternative.isInternal, source >= 0, isCompound(source, in: screen),
            targets.allSatisfy({ isDescendant($0, of: source, in: screen) })
        {
            return source
        }
        return leastCommonCompoundAncestor(source: source, targets: targets, in: screen)
    }

    /// `findLCCA`: the nearest compound proper ancestor of the source containing every target (-1: the screen).
    func leastCommonCompoundAncestor(source: Int, targets: [Int], in screen: Int) -> Int {
        guard source >= 0 else { return -1 }
        var ancestor = chart(screen)[source].parent
        while ancestor >= 0 {
            if !chart(screen)[ancestor].parallel, targets.allSatisfy({ isDescendant($0, of: ancestor, in: screen) }) {
                return ancestor
            }
            ancestor = chart(screen)[ancestor].parent
        }
        return -1
    }

    /// `computeExitSet` for one transition: the active states inside its domain.
    func exitSet(of transition: SelectedTransition, active: StateSet, in screen: Int, history: [Int: [Int]])
        -> StateSet
    {
        guard let domain = domain(of: transition, in: screen, history: history) else { return StateSet() }
        var exiting = StateSet()
        for state in active where isDescendant(state, of: domain, in: screen) { exiting.insert(state) }
        return exiting
    }

    /// `removeConflictingTransitions`: of two transitions whose exit sets meet, the one from the deeper source
    /// wins if it is a descendant of the other's source; otherwise the one selected first (document order).
    func removeConflicts(_ transitions: [SelectedTransition], active: StateSet, in screen: Int, history: [Int: [Int]])
        -> [SelectedTransition]
    {
        var kept: [(transition: SelectedTransition, exits: StateSet)] = []
        for candidate in transitions {
            let exits = exitSet(of: candidate, active: active, in: screen, history: history)
            var preempted = false
            var removing: [Int] = []
            for (index, other) in kept.enumerated() where !exits.isDisjoint(with: other.exits) {
                if candidate.source >= 0, isDescendant(candidate.source, of: other.transition.source, in: screen),
                    candidate.source != other.transition.source
                {
                    removing.append(index)
                } else {
                    preempted = true
                    break
                }
            }
            guard !preempted else { continue }
            for index in removing.reversed() { kept.remove(at: index) }
            kept.append((candidate, exits))
        }
        return kept.map(\.transition)
    }

    /// `computeEntrySet`: the states the transitions enter, and for each parent entered through a history state
    /// without a remembered configuration, the default transition whose actions run after that parent's entry.
    func entrySet(of transitions: [SelectedTransition], in screen: Int, history: [Int: [Int]])
        -> (states: StateSet, historyDefaults: [(parent: Int, entry: Int)])
    {
        var entry = EntryBuilder(box: self, screen: screen, history: history)
        for transition in transitions where transition.hasTargets {
            // Every target first, then their ancestors: a region holding a target is not entered by default.
            for target in transition.targets { entry.addDescendants(target) }
            let domain = domain(of: transition, in: screen, history: history) ?? -1
            for target in effectiveTargets(of: transition.targets, in: screen, history: history) {
                entry.addAncestors(target, upTo: domain)
            }
        }
        return (entry.states, entry.historyDefaults)
    }

    /// The entry set of a screen's start: each initial state, its default descendants and its ancestors.
    func initialEntrySet(of screen: Int) -> (states: StateSet, historyDefaults: [(parent: Int, entry: Int)]) {
        var entry = EntryBuilder(box: self, screen: screen, history: [:])
        // Every target first, then their ancestors: a region holding a target is not entered by default.
        for top in program.screens[screen].initialStates { entry.addDescendants(top) }
        for top in program.screens[screen].initialStates { entry.addAncestors(top, upTo: -1) }
        return (entry.states, entry.historyDefaults)
    }

    /// `isInFinalState`: a compound state whose active child is final, or a parallel state all of whose regions are.
    func isInFinalState(_ state: Int, active: StateSet, in screen: Int) -> Bool {
        let node = chart(screen)[state]
        if node.parallel {
            return childStates(state, in: screen).allSatisfy { isInFinalState($0, active: active, in: screen) }
        }
        return childStates(state, in: screen).contains { chart(screen)[$0].isFinal && active.contains($0) }
    }
}

/// A transition chosen for a microstep: the state that chose it (-1: the screen) and what it does.
struct SelectedTransition {
    var source: Int
    var alternative: HandlerProgram.Alternative
    /// The payload of the event that selected it (null for eventless ones).
    var event: Value
    /// False for a `goto` action, which switches without running actions of its own.
    var runsActions: Bool = true

    var targets: [Int] { alternative.targets }
    var hasTargets: Bool { !alternative.targets.isEmpty }
    /// The targets that decide conflicts: `goto:`, or a targetless alternative's first top-level `goto` action.
    var effectiveTargets: [Int] {
        if hasTargets { return alternative.targets }
        return alternative.impliedTarget >= 0 ? [alternative.impliedTarget] : []
    }
}

/// Collects SCXML's `statesToEnter` (`addDescendantStatesToEnter`, `addAncestorStatesToEnter`).
private struct EntryBuilder {
    let box: ProgramBox
    let screen: Int
    let history: [Int: [Int]]
    var states = StateSet()
    var historyDefaults: [(parent: Int, entry: Int)] = []

    mutating func addDescendants(_ state: Int) {
        let node = box.chart(screen)[state]
        if node.history != nil {
            let parent = node.parent
            let targets = box.effectiveTargets(state, in: screen, history: history)
            if history[state] == nil, let fallback = node.historyDefault {
                historyDefaults.append((parent, fallback.entry))
            }
            for target in targets { addDescendants(target) }
            for target in targets { addAncestors(target, upTo: parent) }
            return
        }
        states.insert(state)
        // A default entry runs the initial transition's actions after the state's `on_enter` (before any history
        // default of its children, which is added below).
        if let entry = node.initialEntry { historyDefaults.append((state, entry)) }
        if node.parallel {
            for child in box.childStates(state, in: screen) where !containsDescendant(of: child) {
                addDescendants(child)
            }
        } else {
            for child in node.initialChildren { addDescendants(child) }
            for child in node.initialChildren { addAncestors(child, upTo: state) }
        }
    }

    mutating func addAncestors(_ state: Int, upTo ancestor: Int) {
        var current = box.chart(screen)[state].parent
        while current >= 0, current != ancestor {
            states.insert(current)
            if box.chart(screen)[current].parallel {
                for child in box.childStates(current, in: screen) where !containsDescendant(of: child) {
                    addDescendants(child)
                }
            }
            current = box.chart(screen)[current].parent
        }
    }

    private func containsDescendant(of state: Int) -> Bool {
        states.contains { $0 == state || box.isDescendant($0, of: state, in: screen) }
    }
}
