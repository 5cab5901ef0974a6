import SegueDiagnostics

/// One step of an action list; lists run in order, to completion, except that `call` waits for its outcome.
public struct Action: Sendable {
    public indirect enum Kind: Sendable {
        case navigate(Navigation)
        /// Switch the screen's nested state: `goto: recording`.
        case goto(Name)
        case set([Assignment])
        /// Name values for the rest of the action list: `let: { total: "price * count" }`.
        case bind([Assignment])
        /// Change a list variable (or a list field) in place: `append: people` + `value:`, `insert:` and
        /// `replace_at:` + `at:` + `value:`, `remove_at:` + `at:`.
        case listEdit(ListEdit)
        /// Raise an event, handled before the next outside input (`send: buy`), or after the machine settles
        /// (`type: external`).
        /// With `delay:` it waits on the clock and outlives the state that sent it; `data:` is a whole payload.
        case send(event: Name, arguments: [Assignment], delivery: SendDelivery, options: SendOptions?)
        /// Send an output event out of the machine, to whoever runs the flow: `emit: purchase_completed`.
        case emit(event: Name, arguments: [Assignment])
        case call(Call)
        case alert(AlertSpec)
        case branch(condition: ExpressionText, then: [Action], otherwise: [Action])
        /// Run actions once for each item of a list, in order: `foreach: entries` + `item: entry` + `do: […]`.
        case forEach(ForEachLoop)
        /// Run actions after a delay (`after: 3s`), or repeatedly (`every: 1s`) until cancelled or the screen goes.
        case timer(TimerSpec)
        /// Cancel a timer or delayed send by id: `cancel_timer: countdown`, or by an id computed when it runs
        /// (`timer:`, SCXML's `sendidexpr`; the name is then empty, or the id cancelled when it gives null).
        case cancelTimer(Name, computed: Computed?)
        case openURL(ExpressionText)
        /// Start playback: one line (`line` mode) or from the current line to the end (`continuous`).
        case play(PlayRequest)
        case stopPlayback
    }

    public var kind: Kind
    public var range: SourceRange

    /// The keyword the action is written with.
    public var keyword: String {
        switch kind {
        case .navigate(let navigation): navigation.kind.rawValue
        case .goto: "goto"
        case .set: "set"
        case .bind: "let"
        case .listEdit(let edit): edit.operation.rawValue
        case .send: "send"
        case .emit: "emit"
        case .call: "call"
        case .alert: "alert"
        case .branch: "if"
        case .forEach: "foreach"
        case .timer(let timer): timer.repeats ? "every" : "after"
        case .cancelTimer: "cancel_timer"
        case .openURL: "open_url"
        case .play: "play"
        case .stopPlayback: "stop_playback"
        }
    }
}

/// A list action: where the list is (a variable, `people[i].phones`, as `set:` writes), what it does, and the
/// position and value it needs.
public struct ListEdit: Sendable {
    public enum Operation: String, Sendable, CaseIterable {
        case append, insert
        case remove = "remove_at"
        case replace = "replace_at"

        /// Whether it takes `at:` (a position) and `value:`.
        public var takesPosition: Bool { self != .append }
        public var takesValue: Bool { self != .remove }
    }

    public var operation: Operation
    public var target: Name
    public var position: ExpressionText?
    public var value: ExpressionText?

    public init(operation: Operation, target: Name, position: ExpressionText?, value: ExpressionText?) {
        self.operation = operation
        self.target = target
        self.position = position
        self.value = value
    }
}

/// A navigation action as written; what it does is the navigation model's (`navigationStep`, Navigation/).
public struct Navigation: Sendable {
    // Stored largest first so the two one-byte fields share the tail: each action's box is a size class smaller.
    /// The target screen for present, show, unwind and replace.
    public var target: Name?
    public var arguments: [Assignment]
    /// `result` and `onResult` behind one reference (nil when neither is written, as for most navigations), so every
    /// navigation's box is 64 bytes smaller than with the two stored inline.
    private var handBack: HandBack?
    public var kind: TransitionKind
    /// Whether it animates (metadata for renderers).
    public var animated: Bool

    /// What a `dismiss` or `pop` hands back to the navigation that opened its screen: `dismiss: { result: clip }`.
    public var result: ExpressionText? {
        get { handBack?.result }
        set { handBack = HandBack.make(result: newValue, onResult: onResult) }
    }

    /// Run on the opening screen when the screen this `present` or `show` opens hands a result back (`result`).
    public var onResult: [Action]? {
        get { handBack?.onResult }
        set { handBack = HandBack.make(result: result, onResult: newValue) }
    }

    init(
        kind: TransitionKind, target: Name?, arguments: [Assignment], animated: Bool, result: ExpressionText? = nil,
        onResult: [Action]? = nil
    ) {
        self.target = target
        self.arguments = arguments
        handBack = HandBack.make(result: result, onResult: onResult)
        self.kind = kind
        self.animated = animated
    }

    /// A navigation's `result` and `onResult`; immutable, so copies of a navigation share it safely.
    private final class HandBack: Sendable {
        let result: ExpressionText?
        let onResult: [Action]?

        private init(result: ExpressionText?, onResult: [Action]?) {
            self.result = result
            self.onResult = onResult
        }

        /// Nil when there is neither, so a navigation without them holds no box.
        static func make(result: ExpressionText?, onResult: [Action]?) -> HandBack? {
            result == nil && onResult == nil ? nil : HandBack(result: result, onResult: onResult)
        }
    }
}

/// `name: expression`, as in `set:` and `with:`.
public struct Assignment: Sendable {
    public var name: Name
    public var value: ExpressionText
}

/// A service call that suspends its action list until the outcome arrives.
///
///     - call: board.add_entry
///       with: { name: "form.name", user_id: user_id }
///       ok: [ … ]
///       codes: { "12": [ … ] }
///       error: [ … ]
public struct Call: Sendable {
    public var service: Name
    public var operation: Name
    public var arguments: [Assignment]
    /// A name the result is also stored under (a data variable), besides `result` inside `ok`.
    public var resultVariable: Name?
    public var ok: [Action]?
    public var error: [Action]?
    public var cancelled: [Action]?
    /// Branches by an API's error code, tried before `error`.
    public var codes: [(code: Name, actions: [Action])]
}

/// An SPAlert-style alert: an image, a title and a message; it does not block the flow.
public struct AlertSpec: Sendable {
    public enum Image: String, Sendable, CaseIterable {
        case done
        case error
        case heart
        case none
    }

    public var image: Image
    /// Nil: for `image: error` the catalog's `error_alert.title` in the flow's language, otherwise no title.
    public var title: ExpressionText?
    public var message: ExpressionText?
}

/// A `send`'s `data:` and `delay:` (its `id:` is the delivery's). With a delay the event, its payload read when sent, waits on the clock
/// and then joins the screen's queue after whatever is running settles (SCXML's external queue); unlike an
/// `after:` timer, leaving the state that sent it does not cancel it; leaving the screen, or `cancel_timer: id`,
/// does.
public struct SendOptions: Sendable {
    /// The whole payload, any value, instead of `with:`'s record (SCXML's `<content>`).
    public var data: ExpressionText?
    /// `3s`, `500ms`, or an expression giving seconds or such a text (`'1.5s'`).
    public var delay: Computed?
    /// The event's name computed when sent (a text; null sends `send:`'s name, if any) (SCXML's `eventexpr`).
    public var event: Computed?
    /// Where it goes, an address computed when sent (SCXML's `target`/`targetexpr`): `#_internal`, this session's
    /// `#_scxml_<id>`, or null for what `type:` says.
    public var target: Computed?
    /// The event I/O processor that carries it, computed when sent (SCXML's `type`/`typeexpr`); only SCXML's own.
    public var processor: Computed?
    /// The variable that receives the id generated for this send (SCXML's `idlocation`).
    public var idLocation: Name?

    public init(
        data: ExpressionText? = nil, delay: Computed? = nil, event: Computed? = nil, target: Computed? = nil,
        processor: Computed? = nil, idLocation: Name? = nil
    ) {
        self.data = data
        self.delay = delay
        self.event = event
        self.target = target
        self.processor = processor
        self.idLocation = idLocation
    }
}

/// `foreach: list` + `item:` + `index:` + `do:`: the list is read once, before the first pass, so actions that
/// change it do not change the passes; `item` and `index` are names bound inside `do` only.
public struct ForEachLoop: Sendable {
    public var list: ExpressionText
    /// The name each item is bound to (`item` unless given).
    public var item: Name?
    /// The name of the item's position, from 0 (`index` unless given).
    public var index: Name?
    public var actions: [Action]

    /// The names bound inside `do`.
    public var itemName: String { item?.text ?? "item" }
    public var indexName: String { index?.text ?? "index" }
}

public struct TimerSpec: Sendable {
    /// An id to cancel it by (`cancel_timer: countdown`), optional.
    public var id: Name?
    /// In seconds; written `3s`, `500ms`, `1.5s` or as an expression.
    public var delay: Computed
    public var repeats: Bool
    public var actions: [Action]
}

public struct PlayRequest: Sendable {
    public enum Mode: String, Sendable, CaseIterable {
        /// Play only this line; it becomes the current line.
        case line
        /// Play from the current line to the end.
        case continuous
    }

    public var mode: Mode
    /// For `line` mode: the line to play.
    public var line: ExpressionText?
}
