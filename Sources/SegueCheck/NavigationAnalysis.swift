import SegueModel

/// What can be true of the presentation stack while a screen is on top, as far as navigation decides it.
struct NavigationContext: Hashable {
    var screen: String
    /// A modal layer lies below this one, so `dismiss` has something to close.
    var layerBelow: Bool
    /// The top layer is a navigation controller, so `show` pushes.
    var inNavigation: Bool
    /// The screen is above its navigation controller's root, so `pop` has something to pop.
    var canPop: Bool
    /// The screens below the top one, in any layer, among those some `unwind` targets (the rest do not matter).
    var below: Set<String>
}

/// Every context each screen can be shown in, explored from `start` over every navigation action.
///
/// Going back (`dismiss`, `pop`, `unwind`) always returns to a stack that was reached before, so only the forward
/// transitions create contexts; the exploration is exact for the abstraction and ends because the domain is finite.
struct NavigationAnalysis {
    /// The contexts by screen name; a screen absent here is unreachable.
    private(set) var contexts: [String: [NavigationContext]] = [:]
    /// False when exploration stopped at `limit` contexts; then only positive facts are trustworthy.
    private(set) var complete = true

    init(start: Screen, screens: [String: Screen], transitions: (String) -> [Navigation], limit: Int = 50_000) {
        let moves = Dictionary(uniqueKeysWithValues: screens.keys.map { ($0, transitions($0)) })
        let tracked = Set(moves.values.joined().filter { $0.kind == .unwind }.compactMap { $0.target?.text })
        let first = NavigationContext(
            screen: start.name.text, layerBelow: false, inNavigation: start.navigation, canPop: false, below: [])
        var seen: Set<NavigationContext> = [first]
        var pending = [first]
        while let context = pending.popLast() {
            for navigation in moves[context.screen] ?? [] {
                guard let target = navigation.target.flatMap({ screens[$0.text] }),
                    let next = Self.forward(navigation.kind, from: context, to: target, tracking: tracked)
                else { continue }
                if seen.insert(next).inserted {
                    if seen.count > limit {
                        complete = false
                        break
                    }
                    pending.append(next)
                }
            }
            if !complete { break }
        }
        for context in seen { contexts[context.screen, default: []].append(context) }
    }

    /// The context after a forward transition, or nil for the ones that go back.
    private static func forward(
        _ kind: Navigation.Kind, from context: NavigationContext, to target: Screen, tracking tracked: Set<String>
    ) -> NavigationContext? {
        let below = tracked.contains(context.screen) ? context.below.union([context.screen]) : context.below
        let presented = NavigationContext(
            screen: target.name.text, layerBelow: true, inNavigation: target.navigation, canPop: false, below: below)
        switch kind {
        case .present:
            return presented
        case .show:
            guard context.inNavigation else { return presented }
            return NavigationContext(
                screen: target.name.text, layerBelow: context.layerBelow, inNavigation: true, canPop: true, below: below
            )
        case .replace:
            return NavigationContext(
                screen: target.name.text, layerBelow: context.layerBelow,
                inNavigation: context.inNavigation || (!context.canPop && target.navigation), canPop: context.canPop,
                below: context.below)
        case .dismiss, .pop, .popToRoot, .unwind:
            return nil
        }
    }
}
