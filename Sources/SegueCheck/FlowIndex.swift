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
    /// The `send` actions among each screen's own actions (`Inventory.ownActions`), by position.
    let sends: [[Action]]
    /// Each screen's own `show`, `dismiss`, `pop`, `pop_to_root` and `unwind` actions, by position.
    let stackNavigations: [[(Navigation, Action)]]
    /// The components each screen shows, directly or through other components, by position.
    let shown: [[Component]]
    /// Component name → positions of the screens showing it, in file order.
    let users: [String: [Int]]
    /// Component name → its own actions, flattened, for every component in the table.
    let componentActions: [String: [Action]]

    init(screens: [Screen], components: [String: Component]) {
        self.screens = screens
        var positions: [String: Int] = [:]
        positions.reserveCapacity(screens.count)
        var sends: [[Action]] = []
        sends.reserveCapacity(screens.count)
        var stackNavigations: [[(Navigation, Action)]] = []
        stackNavigations.reserveCapacity(screens.count)
        var shown: [[Component]] = []
        shown.reserveCapacity(screens.count)
        var users: [String: [Int]] = [:]
        for position in screens.indices {
            let name = screens[position].name.text
            if positions[name] == nil { positions[name] = position }
            let actions = Inventory.ownActions(of: screens[position])
            sends.append(actions.filter { if case .send = $0.kind { true } else { false } })
            stackNavigations.append(
                actions.compactMap {
                    guard case .navigate(let navigation) = $0.kind, navigation.kind != .present,
                        navigation.kind != .replace
                    else { return nil }
                    return (navigation, $0)
                })
            let elements = screens[position].elements
            let used = elements.isEmpty ? [] : Inventory.components(usedBy: elements, in: components)
            for component in used { users[component.name.text, default: []].append(position) }
            shown.append(used)
        }
        self.positions = positions
        self.sends = sends
        self.stackNavigations = stackNavigations
        self.shown = shown
        self.users = users
        componentActions = components.mapValues { Inventory.ownActions(of: $0) }
    }

    /// The actions running on the screen at `position`: its own and those of the components it shows.
    func actionsOnScreen(at position: Int) -> [Action] {
        let own = Inventory.ownActions(of: screens[position])
        guard !shown[position].isEmpty else { return own }
        return own + shown[position].flatMap { componentActions[$0.name.text] ?? [] }
    }
}
