import SegueModel

/// Facts about a flow's screens and components that several checks ask for, computed once per check.
///
/// Built in one pass over the screens, so checks look a screen's actions or users up instead of walking every
/// screen again (which made checking a flow of many screens quadratic).
struct FlowIndex {
    /// Screen name → position in `flow.screens` of the first screen with that name.
    let positions: [String: Int]
    /// Each screen's own actions, flattened (`Inventory.ownActions`), by position.
    let ownActions: [[Action]]
    /// The components each screen shows, directly or through other components, by position.
    let shown: [[Component]]
    /// Component name → positions of the screens showing it, in file order.
    let users: [String: [Int]]
    /// Component name → its own actions, flattened, for every component in the table.
    let componentActions: [String: [Action]]

    init(screens: [Screen], components: [String: Component]) {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(screens.count)
        var ownActions: [[Action]] = []
        ownActions.reserveCapacity(screens.count)
        var shown: [[Component]] = []
        shown.reserveCapacity(screens.count)
        var users: [String: [Int]] = [:]
        for position in screens.indices {
            let name = screens[position].name.text
            if positions[name] == nil { positions[name] = position }
            ownActions.append(Inventory.ownActions(of: screens[position]))
            let elements = screens[position].elements
            let used = elements.isEmpty ? [] : Inventory.components(usedBy: elements, in: components)
            for component in used { users[component.name.text, default: []].append(position) }
            shown.append(used)
        }
        self.positions = positions
        self.ownActions = ownActions
        self.shown = shown
        self.users = users
        componentActions = components.mapValues { Inventory.ownActions(of: $0) }
    }

    /// The actions running on the screen at `position`: its own and those of the components it shows.
    func actionsOnScreen(at position: Int) -> [Action] {
        guard !shown[position].isEmpty else { return ownActions[position] }
        return ownActions[position] + shown[position].flatMap { componentActions[$0.name.text] ?? [] }
    }
}
