import SegueDiagnostics

/// A screen: what it shows, what it does on entering and leaving, and how it answers events.
public struct Screen: Sendable {
    public var name: Name
    public var title: ExpressionText? {
        get { optional?.title }
        set { changeOptional { $0.title = newValue } }
    }
    /// The root of a navigation controller: `show` pushes inside it (UIKit's `UINavigationController`).
    public var navigation: Bool
    public var parameters: [ParameterDeclaration]
    public var data: [DataDeclaration]
    public var layout: Layout? {
        get { optional?.layout }
        set { changeOptional { $0.layout = newValue } }
    }
    public var elements: [Element]
    public var onEnter: [Action]
    public var onExit: [Action]
    public var handlers: [Handler]
    public var onError: [Action]?
    /// A nested statechart inside the screen (recording: idle → countdown → recording), or nil.
    public var states: StateChart? {
        get { optional?.states }
        set { changeOptional { $0.states = newValue } }
    }
    public var playback: Playback? {
        get { optional?.playback }
        set { changeOptional { $0.playback = newValue } }
    }
    public var recording: Recording? {
        get { optional?.recording }
        set { changeOptional { $0.recording = newValue } }
    }
    /// Named values the screen's expressions may read, computed where they are used.
    public var lets: [NamedValue] {
        get { optional?.lets ?? [] }
        set { changeOptional { $0.lets = newValue } }
    }
    public var range: SourceRange
    /// The large parts many screens leave out, boxed (nil when all are absent) to keep a screen small.
    private var optional: OptionalParts?

    public init(name: Name, range: SourceRange) {
        self.name = name
        self.navigation = false
        self.parameters = []
        self.data = []
        self.elements = []
        self.onEnter = []
        self.onExit = []
        self.handlers = []
        self.onError = nil
        self.range = range
        self.optional = nil
    }

    /// Replaces the box with a changed copy (boxes are shared between copies of a screen, so never changed in place).
    private mutating func changeOptional(_ change: (inout OptionalParts.Values) -> Void) {
        var values = optional?.values ?? OptionalParts.Values()
        change(&values)
        optional = values.isEmpty ? nil : OptionalParts(values)
    }
}

/// A screen's title, layout, states, playback and recording, which many screens leave out.
private final class OptionalParts: Sendable {
    struct Values: Sendable {
        var title: ExpressionText?
        var layout: Layout?
        var states: StateChart?
        var playback: Playback?
        var recording: Recording?
        var lets: [NamedValue] = []

        var isEmpty: Bool {
            title == nil && layout == nil && states == nil && playback == nil && recording == nil && lets.isEmpty
        }
    }

    let values: Values

    init(_ values: Values) {
        self.values = values
    }

    var title: ExpressionText? { values.title }
    var layout: Layout? { values.layout }
    var states: StateChart? { values.states }
    var playback: Playback? { values.playback }
    var recording: Recording? { values.recording }
    var lets: [NamedValue] { values.lets }
}

/// How a screen answers one event: alternatives tried in order, the first whose guard holds runs.
///
///     on:
///       buy: [ { call: store.purchase, … } ]
///       next:
///         - when: "page < last"
///           do: [ { set: { page: "page + 1" } } ]
public struct Handler: Sendable {
    public var event: Name
    public var alternatives: [GuardedActions]
    public var range: SourceRange
}

public struct GuardedActions: Sendable {
    public var guardExpression: ExpressionText?
    public var actions: [Action]
    public var range: SourceRange
}

/// A screen's nested states: one active child (or all children, for parallel regions), entered in document order.
public struct StateChart: Sendable {
    /// The state entered first; nil only for parallel charts (all regions are active).
    public var initial: Name?
    public var parallel: Bool
    public var states: [StateNode]
    public var range: SourceRange
}

/// One nested state: entry/exit actions, handlers, and optionally its own children.
public struct StateNode: Sendable {
    public var name: Name
    public var onEnter: [Action]
    public var onExit: [Action]
    public var handlers: [Handler]
    public var children: StateChart?
    public var range: SourceRange
}

/// Layout metadata kept as data so a native renderer, the REPL and checks can use it (D19).
///
///     layout: { margins: "device.os_major >= 13 ? 20 : 16", scroll: true, bottom_inset: 20 }
public struct Layout: Sendable {
    /// Left and right margins to the safe area, in points.
    public var margins: Computed?
    /// Content scrolls when taller than the screen.
    public var scroll: Bool?
    /// Space below the content to the safe area when it scrolls, in points.
    public var bottomInset: Computed?
    /// `table`, `grouped_inset`, `scroll` or `collection`.
    public var style: Name?
    public var range: SourceRange
}
