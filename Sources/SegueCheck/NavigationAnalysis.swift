import SegueModel

/// What can be true of the presentation stack while a screen is on top, as far as navigation decides it.
///
/// Screens are their positions in the flow (the first screen of each name), which hash faster than names.
struct NavigationContext: Hashable {
    var screen: Int
    /// A modal layer lies below this one, so `dismiss` has something to close.
    var layerBelow: Bool
    /// The top layer is a navigation controller, so `show` pushes.
    var inNavigation: Bool
    /// The screen is above its navigation controller's root, so `pop` has something to pop.
    var canPop: Bool
    /// The screens below the top one, in any layer, among those some `unwind` targets (the rest do not matter).
    var below: Set<Int>
}

/// Every context each screen can be shown in, explored from `start` over every navigation action.
///
/// Going back (`dismiss`, `pop`, `unwind`) always returns to a stack that was reached before, so only the forward
/// transitions create contexts; the exploration is exact for the abstraction and ends because the domain is finite.
struct NavigationAnalysis {
    /// The contexts by screen position; a screen with none is unreachable.
    private var contextsByScreen: [[NavigationContext]]
    /// False when exploration stopped at `limit` contexts; then only positive facts are trustworthy.
    private(set) var complete = true

    /// - Parameters:
    ///   - start: the position of the start screen in `screens`.
    ///   - positions: screen name → position of the first screen of that name.
    ///   - moves: the navigations that can run on each screen, by position (used for first positions only).
    init(start: Int, screens: [Screen], positions: [String: Int], moves: [[Navigation]], limit: Int = 50_000) {
        contextsByScreen = Array(repeating: [], count: screens.count)
        // Resolve targets once: (kind, target position) per move, unknown targets dropped.
        var resolved: [[(kind: Navigation.Kind, target: Int)]] = Array(repeating: [], count: screens.count)
        var tracked = Set<Int>()
        for (position, navigations) in moves.enumerated() {
            for navigation in navigations {
                guard let name = navigation.target?.text, let target = positions[name] else { continue }
                if navigation.kind == .unwind { tracked.insert(target) }
                resolved[position].append((navigation.kind, target))
            }
        }
        let first = NavigationContext(
            screen: start, layerBelow: false, inNavigation: screens[start].navigation, canPop: false, below: [])
        var seen: Set<NavigationContext> = [first]
        var pending = [first]
        while let context = pending.popLast() {
            for (kind, target) in resolved[context.screen] {
                guard
                    let next = Self.forward(
                        kind, from: context, to: target, navigation: screens[target].navigation, tracking: tracked)
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
        for context in seen { contextsByScreen[context.screen].append(context) }
    }

    /// The contexts the screen at `position` can be shown in (none for an unreachable screen or no position).
    func contexts(of position: Int?) -> [NavigationContext] {
        guard let position else { return [] }
        return contextsByScreen[position]
    }

    /// Every context of every screen.
    var allContexts: [NavigationContext] { contextsByScreen.flatMap { $0 } }

    /// The context after a forward transition, or nil for the ones that go back.
    private static func forward(
        _ kind: Navigation.Kind, from context: NavigationContext, to target: Int, navigation: Bool,
        tracking tracked: Set<Int>
    ) -> NavigationContext? {
        let below = tracked.contains(context.screen) ? context.below.union([context.screen]) : context.below
        let presented = NavigationContext(
            screen: target, layerBelow: true, inNavigation: navigation, canPop: false, below: below)
        switch kind {
        case .present:
            return presented
        case .show:
            guard context.inNavigation else { return presented }
            return NavigationContext(
                screen: target, layerBelow: context.layerBelow, inNavigation: true, canPop: true, below: below)
        case .replace:
            return NavigationContext(
                screen: target, layerBelow: context.layerBelow,
                inNavigation: context.inNavigation || (!context.canPop && navigation), canPop: context.canPop,
                below: context.below)
        case .dismiss, .pop, .popToRoot, .unwind:
            return nil
        }
    }
}
