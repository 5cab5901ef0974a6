import SegueModel

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
    ///   - alsoTracking: screens to keep below the top besides `unwind` targets (the responder chain's handlers).
    ///   - moves: the moves that can be made from the screen at a position; asked once per position, in order, so
    ///     no list of every screen's moves is held at once.
    init(
        start: Int, screens: [Screen], limit: Int = 50_000, alsoTracking: Set<Int> = [],
        moves: (Int) -> [NavigationMove]
    ) {
        // One flat list: screen `p`'s moves are `resolved[moveStarts[p]..<moveStarts[p + 1]]`.
        var resolved: [NavigationMove] = []
        var moveStarts: [Int] = []
        moveStarts.reserveCapacity(screens.count + 1)
        var tracked = alsoTracking
        for position in screens.indices {
            moveStarts.append(resolved.count)
            for move in moves(position) {
                if move.kind == .unwind { tracked.insert(move.target) }
                resolved.append(move)
            }
        }
        moveStarts.append(resolved.count)
        let first = NavigationContext(start: start, navigation: screens[start].navigation)
        var seen: Set<NavigationContext> = [first]
        var pending = [first]
        while let context = pending.popLast() {
            for move in resolved[moveStarts[context.screen]..<moveStarts[context.screen + 1]] {
                guard
                    let next = context.forward(
                        move.kind, to: move.target, navigation: screens[move.target].navigation, tracking: tracked)
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
}

/// A navigation as the analysis follows it: its kind and the position of the screen it targets.
struct NavigationMove {
    let kind: TransitionKind
    private let storedTarget: Int32

    /// The position in the flow's screens of the target.
    var target: Int { Int(storedTarget) }

    /// Appends the moves of `actions`' navigations whose target names a screen in `positions` (first screen of each
    /// name); a navigation without a target, or to an unknown screen, makes no move.
    static func append(_ actions: [Action], resolvedBy positions: [String: Int], to moves: inout [NavigationMove]) {
        for action in actions {
            guard case .navigate(let navigation) = action.kind, let name = navigation.target?.text,
                let target = positions[name]
            else { continue }
            moves.append(NavigationMove(kind: navigation.kind, storedTarget: Int32(target)))
        }
    }
}
