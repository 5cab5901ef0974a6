import SegueModel

/// A flow's screens and the navigation transitions between them, ready to draw.
///
///     let graph = TransitionGraph(flow: flow, includeAlerts: true)
///     graph.transitions.filter { $0.kind == .present }.map { "\($0.from) → \($0.to ?? "?")" }
///
/// Screens keep the flow's declaration order; transitions are sorted by source screen, kind, target and label, so
/// the same flow always gives the same graph (and the same diagram bytes).
public struct TransitionGraph: Sendable, Hashable {
    public var flowID: String
    public var title: String?
    /// The screen the flow starts on.
    public var start: String
    public var screens: [ScreenNode]
    /// One per `navigation: true` screen, with the screens `show` pushes inside it.
    public var navigationControllers: [NavigationController]
    public var transitions: [TransitionEdge]
    /// `goto` between a screen's nested states.
    public var stateTransitions: [StateEdge]
    /// Alerts shown along the way; empty unless built with `includeAlerts`.
    public var alerts: [AlertNote]

    public init(
        flowID: String, title: String?, start: String, screens: [ScreenNode],
        navigationControllers: [NavigationController], transitions: [TransitionEdge],
        stateTransitions: [StateEdge], alerts: [AlertNote]
    ) {
        self.flowID = flowID
        self.title = title
        self.start = start
        self.screens = screens
        self.navigationControllers = navigationControllers
        self.transitions = transitions
        self.stateTransitions = stateTransitions
        self.alerts = alerts
    }

    /// The screen with this name, or nil.
    public func screen(named name: String) -> ScreenNode? { screens.first { $0.name == name } }

    /// The navigation controller a screen is drawn inside (as its root or pushed into it), or nil.
    public func navigationController(containing screen: String) -> NavigationController? {
        navigationControllers.first { $0.root == screen || $0.members.contains(screen) }
    }
}

/// A navigation controller: its root screen and the screens `show` pushes onto its stack.
public struct NavigationController: Sendable, Hashable {
    public var root: String
    /// Screens reached from the root by `show` only, in declaration order, the root excluded. A screen pushed in
    /// several controllers is drawn inside the first one declared.
    public var members: [String]

    public init(root: String, members: [String]) {
        self.root = root
        self.members = members
    }
}
