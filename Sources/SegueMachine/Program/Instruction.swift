import SegueDiagnostics
import SegueModel

/// One step of compiled code; integers are interned ids, program counters or indexes into `Program.expressions`.
public enum Instruction: Sendable {
    case navigate(NavigateOperation)
    /// Switch the screen's nested state to a state id.
    case goto(state: Int)
    case assign([AssignOperation])
    /// `let:`: bind each name to its expression's value in the frame, for the rest of the action list.
    case bind([(name: String, value: Int)])
    /// Raise an event for the running screen, handled before the next outside input.
    /// `data`, when given, is the whole payload instead of the fields.
    case send(event: Int, payload: [(name: String, value: Int)], delivery: SendDelivery, data: Int?)
    /// A `send` with parts computed when it runs: its name (`event:`), where it goes (`target:`), its processor,
    /// or an id generated into a variable (`id_as:`).
    case sendComputed(ComputedSendOperation)
    /// A `send` with `delay:`: the payload is read now and kept in the timer's frame, whose `entry` is a `deliver`.
    case sendLater(SendLaterOperation)
    /// A delayed send came due: its event, with the payload its timer kept, is delivered as `delivery` says.
    case deliver(event: Int, delivery: SendDelivery)
    /// Send an output event out of the machine (`Effect.emit`); no screen handles it.
    case emit(event: String, payload: [(name: String, value: Int)])
    /// Ask a service and suspend until its outcome; the branches jump back to the next instruction.
    case call(CallOperation)
    case alert(AlertOperation)
    /// Jump when the condition is false (`if` without its `then`).
    case jumpUnless(condition: Int, target: Int)
    case jump(Int)
    /// `foreach`: read the list once into the frame's loop slot; not a list is a run-time error.
    case forEachStart(ForEachOperation)
    /// A `foreach` pass: bind the next item and index and run on into the body, or, past the last item, give the
    /// names back what they held before the loop and jump to `exit`.
    case forEachNext(ForEachOperation)
    case startTimer(TimerOperation)
    case cancelTimer(name: Int)
    /// `cancel_timer` + `timer:`: the expression gives the id of the timers (or delayed sends) to cancel;
    /// `fallback`, the timer name cancelled when it gives null.
    case cancelComputed(id: Int, fallback: Int?)
    case openURL(Int)
    case play(PlayOperation)
    case stopPlayback
    /// A playing line ended: the next line plays, or playback ends (the shared entry of playback timers).
    case advancePlayback
    /// The end of an action list.
    case end

    /// A `send` with a computed `target:`, which may raise `error.communication`.
    var sendsToTarget: Bool {
        if case .sendComputed(let operation) = self { return operation.target != nil }
        return false
    }

    /// The keyword the instruction was written with, for traces.
    public var keyword: String {
        switch self {
        case .navigate(let operation): operation.kind.rawValue
        case .goto: "goto"
        case .assign(let operations): operations.first?.edit.map(\.operation.rawValue) ?? "set"
        case .bind: "let"
        case .send: "send"
        case .emit: "emit"
        case .sendLater, .sendComputed: "send"
        case .deliver: "deliver"
        case .call: "call"
        case .alert: "alert"
        case .jumpUnless: "if"
        case .jump: "jump"
        case .forEachStart: "foreach"
        case .forEachNext: "foreach_next"
        case .startTimer(let timer): timer.repeats ? "every" : "after"
        case .cancelTimer, .cancelComputed: "cancel_timer"
        case .openURL: "open_url"
        case .play: "play"
        case .stopPlayback: "stop_playback"
        case .advancePlayback: "advance_playback"
        case .end: "end"
        }
    }
}

public struct NavigateOperation: Sendable {
    public var kind: TransitionKind
    public var target: Int?
    /// Parameter slots of the target screen and the expressions that fill them.
    public var arguments: [(slot: Int, value: Int)]
    /// `dismiss`/`pop` `{ result: … }`: the expression handed back to the opener's `on_result`.
    public var result: Int? = nil
    /// `present`/`show` `on_result:`: the entry of the actions run when the opened screen hands a result back.
    public var onResult: Int? = nil
}

/// Where `set` writes.
public enum AssignTarget: Sendable, Hashable {
    case flow(Int)
    case screen(Int)
    case field(Int)
}

public struct AssignOperation: Sendable {
    public var target: AssignTarget
    /// The value written; for a list action the item, and for `remove_at` the position.
    public var value: Int
    /// `set: { person.address.city: … }`, `people[i].surname`: the fields and items inside the target the value
    /// goes to; empty when it replaces the whole value.
    public var path: [AssignStep] = []
    /// A list action on the list at `path`: `append`, `insert`, `remove_at`, `replace_at`.
    public var edit: ListEditStep? = nil

    /// Whether the write reads what the target holds (a field, an item or a list action): a null on the way fails.
    public var readsTarget: Bool { !path.isEmpty || edit != nil }

    /// Every expression it evaluates: the value, the positions inside the path, the list action's position.
    public var expressions: [Int] {
        [value] + path.compactMap { if case .item(let index) = $0 { index } else { nil } }
            + [edit?.position].compactMap { $0 }
    }
}

/// One step inside a `set:` target: a record's field, or a list's item (a map's key) computed when it runs.
public enum AssignStep: Sendable, Hashable {
    case field(String)
    /// The expression giving the position (an `int`) or the key (a `string`).
    case item(Int)
}

/// What a list action does at the end of its path; `position` is the `at:` expression (nil for `append`, and for
/// `remove_at`, whose position is the operation's `value`).
public struct ListEditStep: Sendable, Hashable {
    public var operation: ListEdit.Operation
    public var position: Int?
}

public struct CallOperation: Sendable {
    public var service: String
    public var operation: String
    public var arguments: [(name: String, value: Int)]
    public var resultTarget: AssignTarget?
    public var ok: Int?
    public var error: Int?
    public var cancelled: Int?
    /// Branches by error code, tried before `error`.
    public var codes: [(code: String, entry: Int)]
    /// Where the `call:` is written: an error outcome it does not handle is placed here (`ServiceError.origin`).
    public var range: SourceRange = .synthesized
}

public struct AlertOperation: Sendable {
    public var image: String
    /// Nil: the default error alert's title (`error_alert.title`) for an error alert, otherwise none.
    public var title: Int?
    public var message: Int?
    /// Where the `alert:` is written (`AlertState.origin`).
    public var range: SourceRange = .synthesized
}

public struct SendLaterOperation: Sendable {
    public var event: Int
    public var payload: [(name: String, value: Int)]
    /// The whole payload instead of the fields, or nil.
    public var data: Int?
    /// Its queue and id (the id is also the timer name `cancel_timer` cancels it by).
    public var delivery: SendDelivery
    public var delay: Int
    /// The interned `id:`, the timer name `cancel_timer` names, or nil.
    public var name: Int?
    /// `id_as:`: the variable that receives the id generated for it, which then names its timer.
    public var idLocation: AssignTarget?
    /// The `deliver` its timer runs.
    public var entry: Int
}

/// A `send` whose parts are computed when it runs (SCXML's `eventexpr`, `targetexpr`, `typeexpr`, `idlocation`).
public struct ComputedSendOperation: Sendable {
    /// The expression giving the event's name, or nil for `event`.
    public var name: Int?
    /// `send:`'s own event: the one sent without `name`, or when it gives null; nil when `send:` is left empty.
    public var event: Int?
    public var payload: [(name: String, value: Int)]
    /// The whole payload instead of the fields, or nil.
    public var data: Int?
    public var delivery: SendDelivery
    /// `target:`: the address it goes to (its queue), or nil for `delivery`'s.
    public var target: Int?
    /// `processor:`: the event I/O processor asked to carry it, or nil for SCXML's own.
    public var processor: Int?
    /// `id_as:`: the variable that receives the id generated for it.
    public var idLocation: AssignTarget?
}

public struct ForEachOperation: Sendable {
    /// The list expression.
    public var list: Int
    public var item: String
    public var index: String
    /// The frame local holding the loop's list, position and the names' earlier values (not a name a flow can write).
    public var slot: String
    /// Where the code goes on after the last pass.
    public var exit: Int
}

public struct TimerOperation: Sendable {
    public var name: Int?
    public var delay: Int
    /// `every`: the timer fires again after each period until cancelled or its owner goes away.
    public var repeats: Bool
    public var entry: Int
}

public struct PlayOperation: Sendable {
    public var mode: AudioPlaybackMode
    public var line: Int?
    /// The screen's playback `current` variable: `line` mode sets it, `continuous` starts from it.
    public var current: AssignTarget?
}
