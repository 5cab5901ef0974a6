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
    /// The type of what the screen hands back to the navigation that opened it (`dismiss: { result: … }`), or nil.
    public var returns: TypeText? {
        get { optional?.returns }
        set { changeOptional { $0.returns = newValue } }
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
        var returns: TypeText?

        var isEmpty: Bool {
            title == nil && layout == nil && states == nil && playback == nil && recording == nil && lets.isEmpty
                && returns == nil
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
    var returns: TypeText? { values.returns }
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

/// One transition of a handler or of a state's `always:` list: `{ when: guard, goto: target, type: internal, do: […] }`.
///
/// With targets (`goto:` as a key) the actions run between the exits and the entries (SCXML's order); without
/// one the transition is targetless: its actions run and no state changes (a `goto` action inside them switches then).
/// Several targets (`goto: [a2, b2]`, SCXML's `target="a2 b2"`) enter one state in each of several regions of a
/// parallel state at once.
public struct GuardedActions: Sendable {
    public var actions: [Action]
    public var range: SourceRange
    /// The guard, targets and `type:` behind one reference, nil for the common unguarded, targetless list (a
    /// screen's `next: { present: … }`), so each alternative takes 72 bytes instead of 136.
    private var transition: TransitionParts?

    public var guardExpression: ExpressionText? {
        get { transition?.guardExpression }
        set { transition = TransitionParts.make(newValue, targets, isInternal) }
    }

    /// The states the transition enters, in the order written; empty for a targetless transition.
    public var targets: [Name] {
        get { transition?.targets ?? [] }
        set { transition = TransitionParts.make(guardExpression, newValue, isInternal) }
    }

    /// `type: internal`: a transition from a compound state to its own descendants leaves the source active.
    public var isInternal: Bool {
        get { transition?.isInternal ?? false }
        set { transition = TransitionParts.make(guardExpression, targets, newValue) }
    }

    public init(
        guardExpression: ExpressionText?, actions: [Action], range: SourceRange, targets: [Name] = [],
        isInternal: Bool = false
    ) {
        self.actions = actions
        self.range = range
        transition = TransitionParts.make(guardExpression, targets, isInternal)
    }

    /// An alternative's `when:`, `goto:` and `type:`; immutable, so copies share it safely.
    private final class TransitionParts: Sendable {
        let guardExpression: ExpressionText?
        let targets: [Name]
        let isInternal: Bool

        private init(_ guardExpression: ExpressionText?, _ targets: [Name], _ isInternal: Bool) {
            self.guardExpression = guardExpression
            self.targets = targets
            self.isInternal = isInternal
        }

        /// Nil when there is no guard, no target and no `type: internal`.
        static func make(_ guardExpression: ExpressionText?, _ targets: [Name], _ isInternal: Bool) -> TransitionParts? {
            guardExpression == nil && targets.isEmpty && !isInternal
                ? nil : TransitionParts(guardExpression, targets, isInternal)
        }
    }
}

/// Which configuration a history state remembers: its parent's active child, or every active descendant.
public enum HistoryDepth: String, Sendable, CaseIterable {
    case shallow, deep
}

/// A screen's nested states: one active child (or all children, for parallel regions), entered in document order.
public struct StateChart: Sendable {
    /// The states entered first: one child, or descendants (one in each region of a parallel state on the way,
    /// SCXML's several initial states) entered with their ancestors; empty for parallel charts (all regions are
    /// active) and for the default, the first child in document order.
    public var initial: [Name]
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
    /// Eventless transitions (`always:`), tried in order after every step until none is enabled.
    public var always: [GuardedActions] = []
    /// `final: true`: entering it completes its parent (`done.state.<parent>`); at the top, it ends the flow.
    public var isFinal: Bool = false
    /// `history: shallow | deep`: a pseudo-state that re-enters what its parent had active when last left.
    public var history: HistoryDepth? = nil
    /// A history state's `default:` transition, taken when its parent has never been left.
    public var historyDefault: GuardedActions? = nil
    /// `initial_do:`: the actions of the initial transition (SCXML's `<initial>` content), run when the state is
    /// entered by default, after its `on_enter` and before its initial children's.
    public var initialActions: [Action] = []
    /// A final state's `done_data:`: the payload of the `done.state.<parent>` it raises.
    public var doneData: ExpressionText? = nil
    /// `invoke:`: child charts run as their own sessions while the state is active.
    public var invocations: [Invocation] = []

    public init(
        name: Name, onEnter: [Action], onExit: [Action], handlers: [Handler], children: StateChart?,
        range: SourceRange
    ) {
        self.name = name
        self.onEnter = onEnter
        self.onExit = onExit
        self.handlers = handlers
        self.children = children
        self.range = range
    }
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

extension Screen {
    /// The screen's form: the `field`s written directly under its `elements:`, in order, each with its position
    /// there (a field inside a component or a `lines`' footer is not part of the form). The checker types `form.x`
    /// by it and the compiler numbers the form's fields by it.
    public var formFields: [(element: Int, id: Name)] {
        elements.indices.compactMap { position in
            if case .field = elements[position].kind { return (element: position, id: elements[position].id) }
            return nil
        }
    }
}
