import SegueDiagnostics
import SegueExpression
import SegueModel

/// The whole state of a running flow, as a value: it can be saved, restored, compared and hashed.
///
/// Ids inside it (screens, states, events) are the program's interned integers.
public struct MachineState: Sendable, Hashable, Codable {
    public var launched: Bool = false
    /// The root layer first, then each modal on top.
    public var layers: [NavigationLayer] = []
    /// The flow's data variables by slot.
    public var data: [Value] = []
    public var pendingCalls: [PendingCall] = []
    public var timers: [ScheduledTimer] = []
    /// The machine's clock since launch, in whole nanoseconds (virtual: it moves only with time inputs).
    public var now: ClockDuration = .zero
    /// Alerts, queued events, `current_event`, playback, recording, result receivers and invoked sessions, behind
    /// one reference (`MachineState+Rare.swift`): usually all absent, and a copy of the state retains them once.
    var rare = RareParts.absent
    public var nextInstance: Int = 1
    public var nextCall: Int = 1
    public var nextTimer: Int = 1
    /// The number in the next id generated for a `send` (`id_as:`, `send.1`, …).
    public var nextSend: Int = 1
    /// What `environment` reads and writes: the same for every state of a run, so shared, not copied.
    var launchEnvironment = LaunchEnvironment.standard
    /// A final state at the top of a screen's states was entered: the flow is over and takes no more input.
    public var ended: Bool = false
    public var nextSession: Int = 1

    public init() {}

    /// Every stored field, in declaration order: what is written, and what may be missing when read.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case launched, layers, data, pendingCalls, timers, now, alert, alertQueue, eventQueue, externalQueue
        case currentEvent, nextInstance, nextCall, nextTimer, nextSend, environment, playback, recording, ended
        case resultReceivers, sessions, nextSession
    }

    /// Reads a saved state (a REPL trace's `launch` and `final`); a field a newer Segue added and an older one did
    /// not write (`sessions`, `externalQueue`, …) keeps its value at launch, so old traces still load.
    public init(from decoder: any Decoder) throws {
        let saved = try decoder.container(keyedBy: CodingKeys.self)
        func read<Field: Decodable>(_ key: CodingKeys, _ field: inout Field) throws {
            if let value = try saved.decodeIfPresent(Field.self, forKey: key) { field = value }
        }
        try read(.launched, &launched)
        try read(.layers, &layers)
        try read(.data, &data)
        try read(.pendingCalls, &pendingCalls)
        try read(.timers, &timers)
        try read(.now, &now)
        try read(.alert, &alert)
        try read(.alertQueue, &alertQueue)
        try read(.eventQueue, &eventQueue)
        try read(.externalQueue, &externalQueue)
        try read(.currentEvent, &currentEvent)
        try read(.nextInstance, &nextInstance)
        try read(.nextCall, &nextCall)
        try read(.nextTimer, &nextTimer)
        try read(.nextSend, &nextSend)
        try read(.environment, &environment)
        try read(.playback, &playback)
        try read(.recording, &recording)
        try read(.ended, &ended)
        try read(.resultReceivers, &resultReceivers)
        try read(.sessions, &sessions)
        try read(.nextSession, &nextSession)
    }

    /// The earliest deadline of a timer here or in any invoked session: when the clock next has work to do.
    public var nextDeadline: ClockDuration? {
        let own = timers.map(\.deadline).min()
        let children = sessions.compactMap(\.state.nextDeadline).min()
        guard let own else { return children }
        return children.map { Swift.min($0, own) } ?? own
    }

    /// Hashes everything but `environment` (the same for every state of a run), packing what is usually empty or
    /// nil into one word: exploration hashes every state it meets (equal states still hash equally).
    public func hash(into hasher: inout Hasher) {
        var present = launched ? 1 : 0
        if alert != nil { present |= 2 }
        if playback != nil { present |= 4 }
        if recording != nil { present |= 8 }
        if ended { present |= 16 }
        hasher.combine(present)
        hasher.combine(layers.count)
        for layer in layers {
            hasher.combine(layer.stack.count &* 2 &+ (layer.navigation ? 1 : 0))
            for instance in layer.stack { instance.hash(into: &hasher) }
        }
        if !data.isEmpty { hasher.combine(data) }
        if !pendingCalls.isEmpty { hasher.combine(pendingCalls) }
        if !timers.isEmpty { hasher.combine(timers) }
        hasher.combine(now)
        if let alert { hasher.combine(alert) }
        if !alertQueue.isEmpty { hasher.combine(alertQueue) }
        if !eventQueue.isEmpty { hasher.combine(eventQueue) }
        if !externalQueue.isEmpty { hasher.combine(externalQueue) }
        if currentEvent != .null { hasher.combine(currentEvent) }
        hasher.combine(nextInstance)
        hasher.combine(nextCall &<< 32 ^ nextTimer)
        if nextSend > 1 { hasher.combine(nextSend) }
        if let playback { hasher.combine(playback) }
        if let recording { hasher.combine(recording) }
        if !resultReceivers.isEmpty { hasher.combine(resultReceivers) }
        if !sessions.isEmpty { hasher.combine(sessions) }
    }

    /// The screen the user sees: the top of the top layer.
    public var topInstance: ScreenInstance? { layers.last?.stack.last }

    /// The id of the screen on top, read in place (`topInstance` copies the instance).
    var topInstanceID: Int? {
        guard let layer = layers.indices.last, let index = layers[layer].stack.indices.last else { return nil }
        return layers[layer].stack[index].id
    }

    /// Where an instance is, as (layer, position in its stack).
    public func location(of instance: Int) -> (layer: Int, index: Int)? {
        Self.location(of: instance, in: layers)
    }

    /// `location(of:)` reading only the layers, so a caller holding the state in place copies nothing else.
    static func location(of instance: Int, in layers: [NavigationLayer]) -> (layer: Int, index: Int)? {
        var layer = layers.count - 1
        while layer >= 0 {
            var index = layers[layer].stack.count - 1
            while index >= 0 {
                if layers[layer].stack[index].id == instance { return (layer, index) }
                index -= 1
            }
            layer -= 1
        }
        return nil
    }

    public func instance(_ id: Int) -> ScreenInstance? {
        location(of: id).map { layers[$0.layer].stack[$0.index] }
    }
}

/// One presentation layer of a running flow, holding screen instances (the rules are SegueModel's).
public typealias NavigationLayer = PresentationLayer<ScreenInstance>

/// SegueModel's one kind of navigation, named here too so code that reads machine states needs no other import.
public typealias TransitionKind = SegueModel.TransitionKind

/// SegueModel's exact span of clock time, named here too for the machine's clock, timers and followers.
public typealias ClockDuration = SegueModel.ClockDuration

/// What an action list runs with: its screen instance, the state whose handler it is, and local names.
public struct Frame: Sendable, Hashable, Codable {
    /// The screen instance, or -1 when none (the flow's own hooks before any screen exists).
    public var instance: Int
    /// The nested state whose handler runs (the source of a `goto`), or -1 for the screen.
    public var owner: Int
    /// The event being handled (`event.item`), null outside handlers.
    public var event: Value
    /// `item`, `index`, `result`, `error` and component parameters.
    public var locals: [String: Value]
    /// The component whose elements run here, when it has named values: an index into `Program.componentLets`.
    public var component: Int? = nil

    public init(instance: Int, owner: Int = -1, event: Value = .null, locals: [String: Value] = [String: Value]()) {
        self.instance = instance
        self.owner = owner
        self.event = event
        self.locals = locals
    }

    /// Binds a list item's `item` (or a script's `line`) and its `index`, growing the locals once instead of
    /// once per name.
    mutating func bind(_ value: Value, at index: Int, as name: ImplicitName = .item) {
        locals.reserveCapacity(locals.count + 2)
        locals[name.rawValue] = value
        locals[ImplicitName.index.rawValue] = .int(index)
    }
}

/// A call waiting for its outcome: where its action list continues.
public struct PendingCall: Sendable, Hashable, Codable {
    public var id: Int
    public var service: String
    public var operation: String
    /// The `call` instruction; branches and the continuation are found from it.
    public var pc: Int
    public var frame: Frame
    /// The nested state whose exit cancels the call (the handler's state, when it was active at the call); nil:
    /// the call lives as long as its screen.
    public var state: Int? = nil
}

/// A `present` or `show` with `on_result:`, waiting for the screen it opened to hand a result back.
public struct ResultReceiver: Sendable, Hashable, Codable {
    /// The screen instance the navigation opened.
    public var opened: Int
    /// The entry of the `on_result` actions.
    public var entry: Int
    /// Where the navigation ran (the opener's instance, its `item`, `event`, …); `result` is bound over it.
    public var frame: Frame
}

/// A timer on the machine's clock.
public struct ScheduledTimer: Sendable, Hashable, Codable {
    public var id: Int
    public var name: Int?
    public var deadline: ClockDuration
    /// The period of an `every` timer; nil for `after`.
    public var interval: ClockDuration?
    public var entry: Int
    public var frame: Frame
}

/// An SPAlert-style alert: it does not block, and alerts raised while one shows wait their turn.
public struct AlertState: Sendable, Hashable, Codable {
    public var image: String
    public var title: String
    public var message: String?
    /// Where the flow wrote what shows it: the `alert:` action, or for the default error alert the call or
    /// expression whose error nobody handled; nil when unknown. Not part of what is shown: two alerts that read the
    /// same are the same (`==` and the hash leave it out), and it is never written out (a trace, a page's state).
    public var origin: SourceRange?

    private enum CodingKeys: String, CodingKey {
        case image, title, message
    }

    public init(image: String, title: String, message: String?, origin: SourceRange? = nil) {
        self.image = image
        self.title = title
        self.message = message
        self.origin = origin
    }

    public static func == (lhs: AlertState, rhs: AlertState) -> Bool {
        lhs.image == rhs.image && lhs.title == rhs.title && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(image)
        hasher.combine(title)
        hasher.combine(message)
    }
}

/// An event raised with `send` (or from outside), for one screen instance.
public struct RaisedEvent: Sendable, Hashable, Codable {
    public var event: Int
    public var payload: Value
    public var instance: Int
    /// Who raised it, for `current_event.type`.
    public var kind: EventKind = .internal
    /// The `id:` of the `send` that raised it, for `current_event.sendid`.
    public var sendID: String?
    /// Where a reply goes (`current_event.origin`): this session, for a `send` with `type: external`.
    public var origin: String?
    /// For `send`: the screen instance below the sender when it sent, where the responder chain goes on if the
    /// sender has left by the time the event runs (`[{ send: saved }, dismiss]`).
    public var below: Int? = nil
    /// The invocation it came from (`current_event.invokeid`), for an event an invoked session sent its parent.
    public var invokeID: String? = nil
    /// The name it was sent as when the program knows no event of that name (`foo.bar.baz`, dispatched as the
    /// `foo.bar` it falls under: `Program.event(matching:)`), for `current_event.name`; nil when it is `event`'s.
    public var name: String? = nil
}

/// A child session an `invoke:` started: its own machine state, run by the parent's steps.
public struct InvokedSession: Sendable, Hashable, Codable {
    /// Unique for the parent's run: names the session's timers on a real clock (`-serial`).
    public var serial: Int
    public var invokeID: String
    /// The index in `Program.invocations`.
    public var invocation: Int
    /// The screen instance whose nested state invoked it.
    public var instance: Int
    public var state: MachineState
}

/// What a launch starts from: data restored from persistence, user defaults, the device.
public struct LaunchEnvironment: Sendable, Hashable, Codable {
    /// Values of `persist: true` variables saved by an earlier run, by name.
    public var persisted: [String: Value]
    /// The defaults service's values, by key (`MatimatikProfileID`).
    public var defaults: [String: Value]
    public var device: DeviceProfile
    /// `session.id`: names this run (a host running several gives each its own).
    public var sessionID: String

    /// The environment of a plain launch, shared by the states that start from it.
    static let standard = CopyOnWrite(LaunchEnvironment())

    public init(
        persisted: [String: Value] = [:], defaults: [String: Value] = [:], device: DeviceProfile = .standard,
        sessionID: String = "1"
    ) {
        self.persisted = persisted
        self.defaults = defaults
        self.device = device
        self.sessionID = sessionID
    }
}

extension TransitionKind {
    /// A small number per kind, for hashing without the raw string.
    var ordinal: Int {
        switch self {
        case .root: 0
        case .present: 1
        case .show: 2
        case .dismiss: 3
        case .pop: 4
        case .popToRoot: 5
        case .unwind: 6
        case .replace: 7
        }
    }
}
