import SegueModel

extension TransitionGraph {
    /// Builds the graph of a flow: every transition in every action list, with back-edges resolved.
    ///
    /// Dismiss returns to the screens that present the modal layer it closes (the layer's root is the navigation
    /// controller's root when the screen was pushed); pop returns to the screens that `show` it; pop to root to the
    /// root of its navigation controller; unwind to its target. A screen reached by `replace` takes the replaced
    /// screen's place, so it returns where that screen would. With nowhere known to return, `to` is nil.
    public init(flow: Flow, includeAlerts: Bool = false) {
        var collector = TransitionCollector(flow: flow, includeAlerts: includeAlerts)
        collector.collect()
        let names = flow.screens.map(\.name.text)
        let known = Set(names)
        let order = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })

        let found = collector.found.map { item -> TransitionCollector.Found in
            var item = item
            if let target = item.target, !known.contains(target) { item.target = nil }
            return item
        }
        let roots = flow.screens.filter(\.navigation).map(\.name.text)
        let reach = Self.pushReach(roots: roots, found: found)
        let controllers = Self.controllers(roots: roots, reach: reach, order: order)

        var edges: Set<TransitionEdge> = []
        for item in found {
            let targets: [String]
            switch item.kind {
            case .root, .present, .show, .replace, .unwind:
                targets = item.target.map { [$0] } ?? []
            case .dismiss:
                targets = Self.presenters(of: item.from, roots: roots, reach: reach, found: found)
            case .pop:
                let places = Self.places(of: item.from, found: found)
                targets = found.filter { $0.kind == .show && $0.target.map(places.contains) == true }.map(\.from)
            case .popToRoot:
                targets = roots.filter { $0 != item.from && reach[$0, default: []].contains(item.from) }
            }
            if targets.isEmpty {
                edges.insert(TransitionEdge(from: item.from, to: nil, kind: item.kind, label: item.label))
            }
            for target in targets {
                edges.insert(TransitionEdge(from: item.from, to: target, kind: item.kind, label: item.label))
            }
        }

        self.init(
            flowID: flow.id.text, title: flow.title, start: flow.start.text,
            screens: flow.screens.map { Self.node($0, start: flow.start.text) },
            navigationControllers: controllers,
            transitions: edges.sorted { Self.precedes($0, $1, order: order) },
            stateTransitions: collector.gotos,
            alerts: collector.alerts)
    }

    private static func node(_ screen: Screen, start: String) -> ScreenNode {
        ScreenNode(
            name: screen.name.text, title: screen.title?.text, isNavigationRoot: screen.navigation,
            isStart: screen.name.text == start, states: screen.states.map { states(of: $0, parent: nil) } ?? [],
            parallelStates: screen.states?.parallel ?? false)
    }

    private static func states(of chart: StateChart, parent: String?) -> [NestedState] {
        chart.states.map { state in
            let path = parent.map { "\($0).\(state.name.text)" } ?? state.name.text
            return NestedState(
                name: state.name.text, path: path, isInitial: chart.initial.contains { $0.text == state.name.text },
                children: state.children.map { states(of: $0, parent: path) } ?? [],
                parallelChildren: state.children?.parallel ?? false)
        }
    }

    /// For each navigation root, the screens `show` reaches from it without entering another root.
    private static func pushReach(roots: [String], found: [TransitionCollector.Found]) -> [String: Set<String>] {
        let rootSet = Set(roots)
        var reach: [String: Set<String>] = [:]
        for root in roots {
            var seen: Set<String> = []
            var queue = [root]
            while let screen = queue.popLast() {
                for item in found where item.from == screen {
                    guard let target = item.target, !rootSet.contains(target), !seen.contains(target),
                        Self.keepsInController(item.kind, atRoot: screen == root)
                    else { continue }
                    seen.insert(target)
                    queue.append(target)
                }
            }
            reach[root] = seen
        }
        return reach
    }

    private static func controllers(roots: [String], reach: [String: Set<String>], order: [String: Int])
        -> [NavigationController]
    {
        var placed: Set<String> = []
        return roots.map { root in
            let members = reach[root, default: []].subtracting(placed).sorted {
                order[$0, default: 0] < order[$1, default: 0]
            }
            placed.formUnion(members)
            return NavigationController(root: root, members: members)
        }
    }

    /// Screens a dismiss from `screen` returns to: whoever presents its layer's root.
    private static func presenters(
        of screen: String, roots: [String], reach: [String: Set<String>], found: [TransitionCollector.Found]
    ) -> [String] {
        let places = Self.places(of: screen, found: found)
        let pushedIn = roots.filter { !reach[$0, default: []].isDisjoint(with: places) }
        let inController = Set(roots + reach.values.flatMap { $0 })
        let layerRoots = pushedIn.reduce(places) { $0.union(Self.places(of: $1, found: found)) }
        var result: [String] = []
        for item in found {
            guard let target = item.target, layerRoots.contains(target), !result.contains(item.from) else { continue }
            // A `show` outside any navigation controller falls back to a modal presentation, as in UIKit.
            if case .present = Self.step(item.kind, inNavigation: inController.contains(item.from)) {
                result.append(item.from)
            }
        }
        return result
    }

    /// What `kind` does from a screen inside a navigation controller or not, by the one navigation model.
    private static func step(_ kind: TransitionKind, inNavigation: Bool) -> NavigationStep {
        let layers: PresentationStack<String> = [PresentationLayer(navigation: inNavigation, stack: [""])]
        return layers.navigationStep(kind)
    }

    /// Whether `kind` from a screen in a navigation controller (its root when `atRoot`) leaves its target, a screen
    /// that starts no controller of its own, in that controller: a push does; a replace does above the root.
    private static func keepsInController(_ kind: TransitionKind, atRoot: Bool) -> Bool {
        var layers: PresentationStack<String> = [
            PresentationLayer(navigation: true, stack: atRoot ? ["root"] : ["root", "pushed"])
        ]
        layers.arrive("target", by: layers.navigationStep(kind), navigation: false)
        return layers.count == 1 && layers[0].navigation && layers[0].stack.last == "target"
    }

    /// The screen and every screen it may have replaced, directly or through a chain of `replace`.
    private static func places(of screen: String, found: [TransitionCollector.Found]) -> Set<String> {
        var places: Set<String> = [screen]
        var queue = [screen]
        while let current = queue.popLast() {
            for item in found where item.kind == .replace && item.target == current && !places.contains(item.from) {
                places.insert(item.from)
                queue.append(item.from)
            }
        }
        return places
    }

    private static func precedes(_ a: TransitionEdge, _ b: TransitionEdge, order: [String: Int]) -> Bool {
        let kinds = TransitionKind.actions
        func key(_ edge: TransitionEdge) -> (Int, Int, Int) {
            (
                order[edge.from, default: .max], kinds.firstIndex(of: edge.kind) ?? 0,
                edge.to.map { order[$0, default: .max] } ?? .max
            )
        }
        let (ka, kb) = (key(a), key(b))
        if ka != kb { return ka < kb }
        return a.label < b.label
    }
}
