import SegueModel

/// One navigation transition found in a screen's actions.
public struct TransitionEdge: Sendable, Hashable {
    /// The screen whose action performs it.
    public var from: String
    /// Where the user ends up: the target for present, show, replace and unwind; the screen returned to for
    /// dismiss and pop. Nil when a dismiss or pop has nowhere known to return to.
    public var to: String?
    public var kind: TransitionKind
    /// What makes it happen: trigger, guards and outcome path, e.g. `on buy / store.purchase ok`.
    public var label: String
    /// Set by an overlay.
    public var emphasis: EdgeEmphasis

    public init(from: String, to: String?, kind: TransitionKind, label: String, emphasis: EdgeEmphasis = .plain) {
        self.from = from
        self.to = to
        self.kind = kind
        self.label = label
        self.emphasis = emphasis
    }

    /// Dismiss, pop, pop to root and unwind go back to a screen below; they are drawn dotted.
    public var isBackEdge: Bool { kind.goesBack }
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
