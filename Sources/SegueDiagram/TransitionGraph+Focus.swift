import SegueDiagnostics

extension TransitionGraph {
    /// The part of the graph within `depth` transitions of a screen, either direction: `--screen donate --depth 1`.
    ///
    ///     try graph.focused(on: "donate", depth: 1).screens.map(\.name)  // ["main", "donate", "donate_form", …]
    public func focused(on screen: String, depth: Int) throws(DiagramError) -> TransitionGraph {
        guard self.screen(named: screen) != nil else {
            throw .unknownScreen(name: screen, suggestion: Suggestion.closest(to: screen, in: screens.map(\.name)))
        }
        guard depth >= 0 else { throw .negativeDepth(depth) }
        var kept: Set<String> = [screen]
        var frontier: Set<String> = [screen]
        for _ in 0..<depth {
            var next: Set<String> = []
            for edge in transitions {
                guard let to = edge.to else { continue }
                if frontier.contains(edge.from), !kept.contains(to) { next.insert(to) }
                if frontier.contains(to), !kept.contains(edge.from) { next.insert(edge.from) }
            }
            if next.isEmpty { break }
            kept.formUnion(next)
            frontier = next
        }
        var result = self
        result.screens = screens.filter { kept.contains($0.name) }
        result.navigationControllers = navigationControllers.compactMap { controller in
            guard kept.contains(controller.root) else { return nil }
            return NavigationController(root: controller.root, members: controller.members.filter { kept.contains($0) })
        }
        result.transitions = transitions.filter { edge in
            kept.contains(edge.from) && edge.to.map { kept.contains($0) } ?? true
        }
        result.stateTransitions = stateTransitions.filter { kept.contains($0.screen) }
        result.alerts = alerts.filter { kept.contains($0.screen) }
        return result
    }
}
