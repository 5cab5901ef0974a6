import SegueModel

/// Facts about a flow's screens and components that several checks ask for, computed once per check.
///
/// Built in one pass over the screens, so checks look a screen's sends or users up instead of walking every
/// screen again (which made checking a flow of many screens quadratic). It keeps only the few actions checks
/// look up later (sends, and navigations that need a stack to act on), not every action of every screen.
struct FlowIndex {
    let screens: [Screen]
    /// Screen name → position in `flow.screens` of the first screen with that name.
    let positions: [String: Int]
    // The three tables below hold only screens with something to hold (most have none), by position.
    private let sendsByScreen: [Int: [Action]]
    private let stackNavigationsByScreen: [Int: [(Navigation, Action)]]
    private let shownByScreen: [Int: [Component]]
    /// Component name → positions of the screens showing it, in file order.
    let users: [String: [Int]]
    /// Component name → its own actions, flattened, for every component in the table.
    let componentActions: [String: [Action]]
    /// Every screen's own navigations to a declared screen, as moves (kind and target position, 8 bytes each, not a
    /// copy of each navigation) in one flat list: screen `p`'s are `moves[moveStarts[p]..<moveStarts[p + 1]]`.
    private let moves: [NavigationMove]
    private let moveStarts: [Int]
    /// Component name → the moves of its own navigations, for components with any.
    private let componentMoves: [String: [NavigationMove]]

    init(screens: [Screen], components: [String: Component]) {
        self.screens = screens
        var positions: [String: Int] = [:]
        positions.reserveCapacity(screens.count)
        var sends: [Int: [Action]] = [:]
        var stackNavigations: [Int: [(Navigation, Action)]] = [:]
        var shown: [Int: [Component]] = [:]
        var users: [String: [Int]] = [:]
        // Positions first, so a navigation to a later screen resolves in the one pass below.
        for position in screens.indices where positions[screens[position].name.text] == nil {
            positions[screens[position].name.text] = position
        }
        var moves: [NavigationMove] = []
        var moveStarts: [Int] = []
        moveStarts.reserveCapacity(screens.count + 1)
        for position in screens.indices {
            let actions = Inventory.ownActions(of: screens[position])
            moveStarts.append(moves.count)
            NavigationMove.append(actions, resolvedBy: positions, to: &moves)
            let sent = actions.filter { if case .send = $0.kind { true } else { false } }
            if !sent.isEmpty { sends[position] = sent }
            let navigations = actions.compactMap { action -> (Navigation, Action)? in
                guard case .navigate(let navigation) = action.kind, navigation.kind != .present,
                    navigation.kind != .replace
                else { return nil }
                return (navigation, action)
            }
            if !navigations.isEmpty { stackNavigations[position] = navigations }
            let elements = screens[position].elements
            let used = elements.isEmpty ? [] : Inventory.components(usedBy: elements, in: components)
            for component in used { users[component.name.text, default: []].append(position) }
            if !used.isEmpty { shown[position] = used }
        }
        moveStarts.append(moves.count)
        self.moves = moves
        self.moveStarts = moveStarts
        self.positions = positions
        sendsByScreen = sends
        stackNavigationsByScreen = stackNavigations
        shownByScreen = shown
        self.users = users
        componentActions = components.mapValues { Inventory.ownActions(of: $0) }
        componentMoves = componentActions.compactMapValues { actions in
            var moves: [NavigationMove] = []
            NavigationMove.append(actions, resolvedBy: positions, to: &moves)
            return moves.isEmpty ? nil : moves
        }
    }

    /// The `send` actions among the screen's own actions (`Inventory.ownActions`).
    func sends(at position: Int) -> [Action] { sendsByScreen[position] ?? [] }

    /// The screen's own `show`, `dismiss`, `pop`, `pop_to_root` and `unwind` actions.
    func stackNavigations(at position: Int) -> [(Navigation, Action)] { stackNavigationsByScreen[position] ?? [] }

    /// The components the screen shows, directly or through other components.
    func shown(at position: Int) -> [Component] { shownByScreen[position] ?? [] }

    /// The moves of the navigations that can run on the screen at `position`: its own and those of the components
    /// it shows.
    func moves(onScreen position: Int) -> [NavigationMove] {
        let own = Array(moves[moveStarts[position]..<moveStarts[position + 1]])
        guard let shown = shownByScreen[position] else { return own }
        return own + shown.flatMap { componentMoves[$0.name.text] ?? [] }
    }
}
