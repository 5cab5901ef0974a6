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
