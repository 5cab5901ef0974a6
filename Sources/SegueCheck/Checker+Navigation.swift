import SegueDiagnostics
import SegueModel

extension CheckRun {
    /// `start` names a screen that needs no arguments (nothing passes them at launch).
    mutating func checkStart() {
        guard let start = screens[flow.start.text] else {
            if !flow.start.text.isEmpty { reportUnknownScreen(flow.start) }
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

    /// Reachability of screens from `start`, and whether each `show`, `dismiss`, `pop` and `unwind` can do its job.
    mutating func checkNavigation() {
        guard let start = screens[flow.start.text] else { return }
        let componentTable = components
        let flowActions = Inventory.flatten(flow.onError ?? [])
        var byScreen: [String: [(Navigation, Action)]] = [:]
        for screen in flow.screens {
            let actions =
                Inventory.ownActions(of: screen)
                + Inventory.components(usedBy: screen.elements, in: componentTable).flatMap(Inventory.ownActions(of:))
                + flowActions
            byScreen[screen.name.text] = Self.navigations(actions)
        }
        let analysis = NavigationAnalysis(start: start, screens: screens) { name in
            (byScreen[name] ?? []).map(\.0)
        }
        guard analysis.complete else { return }
        for screen in flow.screens where analysis.contexts[screen.name.text] == nil {
            report(
                .warning(
                    CheckCode.unreachableScreen,
                    "screen `\(screen.name.text)` is unreachable: no navigation from `\(flow.start.text)` leads to it",
                    at: screen.name.range))
        }
        for screen in flow.screens {
            guard let contexts = analysis.contexts[screen.name.text] else { continue }
            checkLegality(
                Self.navigations(Inventory.ownActions(of: screen)), contexts: contexts, on: "`\(screen.name.text)`")
        }
        for component in flow.components {
            let contexts = screens(using: component.name.text).flatMap { analysis.contexts[$0.name.text] ?? [] }
            guard !contexts.isEmpty else { continue }
            checkLegality(
                Self.navigations(Inventory.ownActions(of: component)), contexts: contexts,
                on: "the screens showing `\(component.name.text)`")
        }
        let all = analysis.contexts.values.flatMap { $0 }
        checkLegality(Self.navigations(flowActions), contexts: all, on: "any screen")
    }

    private mutating func checkLegality(
        _ navigations: [(Navigation, Action)], contexts: [NavigationContext], on place: String
    ) {
        for (navigation, action) in navigations {
            switch navigation.kind {
            case .show:
                guard screens[navigation.target?.text ?? ""] != nil, !contexts.contains(where: \.inNavigation)
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
                guard !contexts.contains(where: \.layerBelow) else { continue }
                report(
                    .error(
                        CheckCode.nothingToDismiss,
                        "`dismiss` on \(place), which is only ever shown in the root layer: there is nothing to dismiss",
                        at: action.range))
            case .pop, .popToRoot:
                guard !contexts.contains(where: \.canPop) else { continue }
                report(
                    .error(
                        CheckCode.nothingToPop,
                        "`\(navigation.kind.rawValue)` on \(place), which is never above a navigation controller's root: there is nothing to pop",
                        at: action.range))
            case .unwind:
                guard let target = navigation.target, screens[target.text] != nil,
                    !contexts.contains(where: { $0.below.contains(target.text) })
                else { continue }
                report(
                    .error(
                        CheckCode.unwindTargetNeverBelow,
                        "`unwind: \(target.text)` on \(place), where screen `\(target.text)` is never below",
                        at: target.range))
            case .present, .replace:
                continue
            }
        }
    }
}
