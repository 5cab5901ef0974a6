import SegueDiagnostics
import SegueModel

extension CheckRun {
    /// A screen's nested states: their actions, initial states that exist, unique names, and reachability; they come
    /// back numbered with what they name resolved (nil: the screen has no `states:`).
    mutating func checkStates(of screen: Screen, at position: Int, in scope: Scope, numbering: StateNumbering)
        -> ScreenStates?
    {
        guard let chart = screen.states else { return nil }
        let all = Inventory.states(chart)
        var resolved: [ResolvedState] = []
        let place = ResolutionPlace(screen: position, states: numbering.index)
        reportDuplicates(all.map(\.state.name), code: CheckCode.duplicateDeclaration, what: "state")
        let owner = SymbolOwner.screen(screen.name.text)
        checkInitial(chart, owner: "screen `\(screen.name.text)`", of: screen.name.text)
        for (state, parent) in all {
            declare(
                .state, state.name, in: owner, extent: state.range,
                container: parent.map { SymbolID(.state, $0.name.text, in: owner) })
            checkStateName(state.name)
            checkActions(state.onEnter, in: scope)
            checkActions(state.onExit, in: scope)
            checkActions(state.initialActions, in: scope)
            checkHandlers(state.handlers, in: scope)
            checkTransitions(state.always, in: scope)
            checkHistory(state, parent: parent, in: scope)
            if let doneData = state.doneData { check(doneData, in: scope, role: "`done_data`") }
            let invocations = checkInvocations(of: state, in: scope, place: place)
            if let children = state.children {
                checkInitial(children, owner: "state `\(state.name.text)`", of: screen.name.text)
            }
            let id = resolved.count
            let children = numbering.children[id]
            resolved.append(
                ResolvedState(
                    node: state, parent: numbering.nodes[id].parent, children: children,
                    initialChildren: state.children.map { numbering.initial(of: $0, ids: children) } ?? [],
                    onEnter: resolveActions(state.onEnter, in: place),
                    onExit: resolveActions(state.onExit, in: place),
                    initialActions: resolveActions(state.initialActions, in: place),
                    handlers: resolveHandlers(state.handlers, in: place),
                    always: state.always.map { resolveTransition($0, in: place) },
                    historyDefault: state.historyDefault.map { resolveTransition($0, in: place) },
                    invocations: invocations))
        }
        let reachable = reachableStates(of: screen, at: position, chart: chart)
        for (state, _) in all where !reachable.contains(state.name.text) {
            report(
                .warning(
                    CheckCode.unreachableState,
                    "state `\(state.name.text)` of screen `\(screen.name.text)` is never entered: no `goto` or initial state leads to it",
                    at: state.name.range))
        }
        return ScreenStates(
            states: resolved, top: numbering.top, initial: numbering.initial(of: chart, ids: numbering.top),
            index: numbering.index)
    }

    /// An initial state is a child, or a descendant entered with its ancestors (several: one per parallel region).
    private mutating func checkInitial(_ chart: StateChart, owner: String, of screen: String) {
        let names = chart.states.map(\.name.text)
        // The descendants are listed only for an initial state deeper than a child (every state's chart is checked,
        // so listing them each time would be quadratic in how deep the states nest).
        var inside: Set<String>?
        for initial in chart.initial {
            if !names.contains(initial.text) {
                let descendants = inside ?? Set(Inventory.states(chart).map(\.state.name.text))
                inside = descendants
                guard descendants.contains(initial.text) else {
                    reportInitial(initial, names, owner)
                    continue
                }
            }
            refer(.state, initial, in: .screen(screen))
        }
    }

    private mutating func reportInitial(_ initial: Name, _ names: [String], _ owner: String) {
        let suggestion = Suggestion.closest(to: initial.text, in: names)
        report(
            .error(
                CheckCode.unknownState,
                "the initial state `\(initial.text)` is not a state of \(owner)"
                    + Suggestion.didYouMean(initial.text, in: names),
                at: initial.range, notes: [DiagnosticNote("states here: " + names.joined(separator: ", "))],
                fixIts: suggestion.map { [FixIt(range: initial.range, replacement: $0)] } ?? []))
    }

    /// States entered from the screen's start (initial states, parallel regions) and by any `goto` that can run.
    private func reachableStates(of screen: Screen, at position: Int, chart: StateChart) -> Set<String> {
        let all = Inventory.states(chart)
        let parents = Dictionary(
            all.map { ($0.state.name.text, $0.parent?.name.text) }, uniquingKeysWith: { a, _ in a })
        let nodes = Dictionary(all.map { ($0.state.name.text, $0.state) }, uniquingKeysWith: { a, _ in a })
        var reachable: Set<String> = []
        var pending: [String] = []

        func enter(_ chart: StateChart?) {
            guard let chart else { return }
            if chart.parallel {
                for state in chart.states where state.history == nil { mark(state.name.text) }
            } else if !chart.initial.isEmpty, chart.initial.allSatisfy({ nodes[$0.text] != nil }) {
                for initial in chart.initial { markTarget(initial.text) }
            } else if let first = chart.states.first(where: { $0.history == nil }) {
                mark(first.name.text)
            }
        }
        func mark(_ name: String) {
            guard nodes[name] != nil, reachable.insert(name).inserted else { return }
            pending.append(name)
            enter(nodes[name]?.children)
        }
        func gotos(_ actions: [Action]) -> [String] {
            Inventory.flatten(actions).compactMap {
                if case .goto(let state) = $0.kind { return state.text }
                return nil
            }
        }
        func targets(_ transitions: [GuardedActions]) -> [String] {
            transitions.flatMap { $0.targets.map(\.text) + gotos($0.actions) }
        }
        func markTarget(_ name: String) {
            var ancestor = parents[name] ?? nil
            while let current = ancestor {
                mark(current)
                ancestor = parents[current] ?? nil
            }
            mark(name)
        }

        var outside = screen.onEnter + screen.onExit + (screen.onError ?? []) + (flow.onError ?? [])
        var outsideTargets = screen.handlers.flatMap { targets($0.alternatives) }
        for handler in screen.handlers { outside += handler.alternatives.flatMap(\.actions) }
        for element in Inventory.elements(screen.elements) {
            outside += Inventory.actionLists(of: element).flatMap { $0 }
        }
        enter(chart)
        outsideTargets += gotos(outside)
        for name in outsideTargets { markTarget(name) }
        for component in index.shown(at: position) {
            for name in gotos(index.componentActions[component.name.text] ?? []) { markTarget(name) }
        }
        while let name = pending.popLast() {
            guard let state = nodes[name] else { continue }
            var found = gotos(state.onEnter + state.onExit + state.initialActions)
            for handler in state.handlers { found += targets(handler.alternatives) }
            found += targets(state.always + (state.historyDefault.map { [$0] } ?? []))
            for target in found { markTarget(target) }
        }
        return reachable
    }
}
