import SegueDiagnostics
import SegueModel

extension CheckRun {
    /// `start` names a screen that needs no arguments (nothing passes them at launch).
    mutating func checkStart() {
        refer(.screen, flow.start)
        guard let start = screen(named: flow.start.text) else {
            // A `start` the file lacks is the decoder's to report (its name is empty, placed at the whole file).
            if !flow.start.text.isEmpty || flow.start.range != flow.range { reportUnknownScreen(flow.start) }
            return
        }
        let missing = start.parameters.filter { $0.defaultValue == nil }.map { "`\($0.name.text)`" }
        if !missing.isEmpty {
            report(
                .error(
                    CheckCode.missingScreenArgument,
                    "the start screen `\(start.name.text)` needs \(missing.joined(separator: ", ")), but nothing passes them at launch",
                    at: flow.start.range, notes: [DiagnosticNote("give the parameters defaults", at: start.name.range)])
            )
        }
    }

    /// The navigation actions an action list holds, with the action each came from.
    private static func navigations(_ actions: [Action]) -> [(Navigation, Action)] {
        actions.compactMap {
            if case .navigate(let navigation) = $0.kind { return (navigation, $0) }
            return nil
        }
    }

    /// Reachability of screens from `start`, and whether each `show`, `dismiss`, `pop` and `unwind` can do its job;
    /// returns the analysis when it is complete (the responder chain's C103 reads which screens can be below).
    @discardableResult
    mutating func checkNavigation() -> NavigationAnalysis? {
        guard let start = index.positions[flow.start.text] else { return nil }
        // The flow's `on_error` and own `on:` run over whatever screen is on top.
        let flowActions = Inventory.flatten((flow.onError ?? []) + Inventory.handlerActions(flow.handlers))
        let flowNavigations = Self.navigations(flowActions)
        var flowMoves: [NavigationMove] = []
        NavigationMove.append(flowActions, resolvedBy: index.positions, to: &flowMoves)
        // Moves belong to the first screen of each name, taken from the last screen of that name.
        var source = Array(flow.screens.indices)
        if index.positions.count != flow.screens.count {
            for position in flow.screens.indices {
                if let first = index.positions[flow.screens[position].name.text] { source[first] = position }
            }
        }
        let index = self.index
        let screens = flow.screens
        let analysis = NavigationAnalysis(
            start: start, screens: screens, alsoTracking: possibleResponders
        ) { position in
            guard index.positions[screens[position].name.text] == position else { return [] }
            return index.moves(onScreen: source[position]) + flowMoves
        }
        guard analysis.complete else { return nil }
        // By position, not `for screen in`, so no screen is copied out just to read its name.
        for position in flow.screens.indices
        where analysis.contexts(of: index.positions[flow.screens[position].name.text]).isEmpty {
            let name = flow.screens[position].name
            report(
                .warning(
                    CheckCode.unreachableScreen,
                    "screen `\(name.text)` is unreachable: no navigation from `\(flow.start.text)` leads to it",
                    at: name.range))
        }
        for position in flow.screens.indices {
            let contexts = analysis.contexts(of: index.positions[flow.screens[position].name.text])
            guard !contexts.isEmpty else { continue }
            // Only these act on the stack; `present` and `replace` are legal anywhere.
            let navigations = index.stackNavigations(at: position)
            guard !navigations.isEmpty else { continue }
            checkLegality(navigations, contexts: contexts, on: "`\(flow.screens[position].name.text)`")
        }
        for component in flow.components {
            let contexts = ArraySlice(
                (index.users[component.name.text] ?? []).flatMap {
                    analysis.contexts(of: index.positions[flow.screens[$0].name.text])
                })
            guard !contexts.isEmpty else { continue }
            checkLegality(
                Self.navigations(Inventory.ownActions(of: component)), contexts: contexts,
                on: "the screens showing `\(component.name.text)`")
        }
        guard !flowNavigations.isEmpty else { return analysis }
        checkLegality(flowNavigations, contexts: analysis.allContexts, on: "any screen")
        return analysis
    }

    private mutating func checkLegality(
        _ navigations: [(Navigation, Action)], contexts: ArraySlice<NavigationContext>, on place: String
    ) {
        for (navigation, action) in navigations {
            switch navigation.kind {
            case .show:
                guard hasScreen(navigation.target?.text ?? ""), !contexts.contains(where: { $0.allows(.show) })
                else { continue }
                report(
                    .warning(
                        CheckCode.showWithoutNavigation,
                        "`show` from \(place), where no navigation controller is ever on the stack: it presents modally",
                        at: action.range,
                        notes: [
                            DiagnosticNote(
                                "use `present`, or set `navigation: true` on the screen that starts the stack")
                        ]
                    ))
            case .dismiss:
                guard !contexts.contains(where: { $0.allows(.dismiss) }) else { continue }
                report(
                    .error(
                        CheckCode.nothingToDismiss,
                        "`dismiss` on \(place), which is only ever shown in the root layer: there is nothing to dismiss",
                        at: action.range))
            case .pop, .popToRoot:
                guard !contexts.contains(where: { $0.allows(navigation.kind) }) else { continue }
                report(
                    .error(
                        CheckCode.nothingToPop,
                        "`\(navigation.kind.rawValue)` on \(place), which is never above a navigation controller's root: there is nothing to pop",
                        at: action.range))
            case .unwind:
                guard let target = navigation.target, let targetPosition = index.positions[target.text],
                    !contexts.contains(where: { $0.allows(.unwind, unwindingTo: targetPosition) })
                else { continue }
                report(
                    .error(
                        CheckCode.unwindTargetNeverBelow,
                        "`unwind: \(target.text)` on \(place), where screen `\(target.text)` is never below",
                        at: target.range))
            case .root, .present, .replace:
                continue
            }
        }
    }
}
