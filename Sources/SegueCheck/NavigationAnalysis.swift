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
    /// Every context found, grouped by screen position: screen `p`'s are `grouped[starts[p]..<starts[p + 1]]`.
    private var grouped: [NavigationContext] = []
    private var starts: [Int]
    /// False when exploration stopped at `limit` contexts; then only positive facts are trustworthy.
    private(set) var complete = true

    /// - Parameters:
    ///   - start: the position of the start screen in `screens`.
    ///   - positions: screen name → position of the first screen of that name.
    ///   - limit: how many contexts to explore before giving up (then `complete` is false).
    ///   - moves: the navigations that can run on the screen at a position; asked once per position, in order, so
    ///     no list of every screen's moves is held at once.
    init(
        start: Int, screens: [Screen], positions: [String: Int], limit: Int = 50_000,
        moves: (Int) -> [Navigation]
    ) {
        // Resolve targets once into one flat list: screen `p`'s moves are `resolved[moveStarts[p]..<moveStarts[p + 1]]`.
        var resolved: [(kind: Navigation.Kind, target: Int)] = []
        var moveStarts: [Int] = []
        moveStarts.reserveCapacity(screens.count + 1)
        var tracked = Set<Int>()
        for position in screens.indices {
            moveStarts.append(resolved.count)
            for navigation in moves(position) {
                guard let name = navigation.target?.text, let target = positions[name] else { continue }
                if navigation.kind == .unwind { tracked.insert(target) }
                resolved.append((navigation.kind, target))
            }
        }
        moveStarts.append(resolved.count)
        let first = NavigationContext(
            screen: start, layerBelow: false, inNavigation: screens[start].navigation, canPop: false, below: [])
        var seen: Set<NavigationContext> = [first]
        var pending = [first]
        while let context = pending.popLast() {
            for (kind, target) in resolved[moveStarts[context.screen]..<moveStarts[context.screen + 1]] {
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
        // One array for all contexts, grouped by screen, instead of one array per screen.
        var starts = [Int](repeating: 0, count: screens.count + 1)
        for context in seen { starts[context.screen + 1] += 1 }
        for position in screens.indices { starts[position + 1] += starts[position] }
        self.starts = starts
        grouped = seen.sorted { $0.screen < $1.screen }
    }

    /// The contexts the screen at `position` can be shown in (none for an unreachable screen or no position).
    func contexts(of position: Int?) -> ArraySlice<NavigationContext> {
        guard let position, position + 1 < starts.count else { return [] }
        return grouped[starts[position]..<starts[position + 1]]
    }

    /// Every context of every screen.
    var allContexts: ArraySlice<NavigationContext> { grouped[...] }

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
