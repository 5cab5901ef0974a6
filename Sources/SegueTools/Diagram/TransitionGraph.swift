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

/// One screen in the diagram.
public struct ScreenNode: Sendable, Hashable {
    /// The screen's name in the flow file.
    public var name: String
    /// The title as written (it may hold `${…}` parts), or nil.
    public var title: String?
    /// `navigation: true`: the root of a navigation controller.
    public var isNavigationRoot: Bool
    /// The flow's `start` screen.
    public var isStart: Bool
    /// The screen's nested states, drawn inside it; empty when it has none.
    public var states: [NestedState]
    /// Whether the states are parallel regions (all active at once) rather than one at a time.
    public var parallelStates: Bool
    /// Set by a trace overlay: the screen was on top at some step.
    public var visited: Bool

    public init(
        name: String, title: String? = nil, isNavigationRoot: Bool = false, isStart: Bool = false,
        states: [NestedState] = [], parallelStates: Bool = false, visited: Bool = false
    ) {
        self.name = name
        self.title = title
        self.isNavigationRoot = isNavigationRoot
        self.isStart = isStart
        self.states = states
        self.parallelStates = parallelStates
        self.visited = visited
    }
}

/// A nested state of a screen, with its own nested states.
public struct NestedState: Sendable, Hashable {
    public var name: String
    /// Dotted path from the screen's chart: `recording.countdown`; unique inside the screen.
    public var path: String
    /// The state its parent chart enters first.
    public var isInitial: Bool
    public var children: [NestedState]
    public var parallelChildren: Bool

    public init(
        name: String, path: String, isInitial: Bool, children: [NestedState] = [], parallelChildren: Bool = false
    ) {
        self.name = name
        self.path = path
        self.isInitial = isInitial
        self.children = children
        self.parallelChildren = parallelChildren
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

/// One navigation transition found in a screen's actions.
public struct TransitionEdge: Sendable, Hashable {
    /// The screen whose action performs it.
    public var from: String
    /// Where the user ends up: the target for present, show, replace and unwind; the screen returned to for
    /// dismiss and pop. Nil when a dismiss or pop has nowhere known to return to.
    public var to: String?
    public var kind: Navigation.Kind
    /// What makes it happen: trigger, guards and outcome path, e.g. `on buy / store.purchase ok`.
    public var label: String
    /// Set by an overlay.
    public var emphasis: EdgeEmphasis

    public init(from: String, to: String?, kind: Navigation.Kind, label: String, emphasis: EdgeEmphasis = .plain) {
        self.from = from
        self.to = to
        self.kind = kind
        self.label = label
        self.emphasis = emphasis
    }

    /// Dismiss, pop, pop to root and unwind go back to a screen below; they are drawn dotted.
    public var isBackEdge: Bool {
        switch kind {
        case .dismiss, .pop, .popToRoot, .unwind: true
        case .present, .show, .replace: false
        }
    }
}

/// How an overlay marks an edge.
public enum EdgeEmphasis: Sendable, Hashable {
    case plain
    /// Taken in a trace, at these 1-based steps.
    case traced(steps: [Int])
    /// Taken this many times (coverage overlay).
    case covered(count: Int)
    /// Never taken (coverage overlay).
    case uncovered
}

/// A `goto` between nested states of one screen.
public struct StateEdge: Sendable, Hashable {
    public var screen: String
    /// The state path the `goto` runs in, or nil when it runs in the screen's own actions.
    public var from: String?
    /// The target state's path.
    public var to: String
    public var label: String

    public init(screen: String, from: String?, to: String, label: String) {
        self.screen = screen
        self.from = from
        self.to = to
        self.label = label
    }
}

/// An alert a screen shows, drawn as a note beside it.
public struct AlertNote: Sendable, Hashable {
    public var screen: String
    public var image: AlertSpec.Image
    public var title: String
    public var message: String?
    /// When it shows, in the same words as transition labels.
    public var label: String

    public init(screen: String, image: AlertSpec.Image, title: String, message: String?, label: String) {
        self.screen = screen
        self.image = image
        self.title = title
        self.message = message
        self.label = label
    }
}
