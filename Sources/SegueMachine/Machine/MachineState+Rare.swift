import SegueExpression

/// A value behind one reference, copied only when written while shared: copying a `MachineState` (every step
/// makes one, an exploration millions) retains this one reference instead of every array and text inside.
///
///     var a = CopyOnWrite([1, 2]); let b = a
///     a.value.append(3)  // a's box is copied first: b still holds [1, 2]
struct CopyOnWrite<Wrapped: Hashable & Sendable>: Hashable, Sendable {
    /// Written only while this is its one reference (`isKnownUniquelyReferenced`), so sharing it is safe, and no
    /// two accesses to it can overlap: the run-time exclusivity check (a quarter of a read's cost) is left out.
    fileprivate final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var value: Wrapped
        init(_ value: Wrapped) { self.value = value }
    }

    /// Read through directly by the accessors in this file (`rare.box.value.alert`): going through `value` would
    /// copy the whole value (a retain of each of its parts) to read one part.
    fileprivate private(set) var box: Box

    init(_ value: Wrapped) {
        box = Box(value)
    }

    var value: Wrapped {
        @inline(__always) get { box.value }
        @inline(__always) _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.box === rhs.box || equal(&lhs.box.value, &rhs.box.value) }

    /// The values compared where they are: read as arguments, each would be copied out of its box first (a retain
    /// of each of its parts); an `inout` argument is borrowed in place and nothing is written through it, so a box
    /// other threads read (a packer's table shares its boxes) is only read. Never called with one box twice.
    private static func equal(_ left: inout Wrapped, _ right: inout Wrapped) -> Bool { left == right }

    private static func hash(_ value: inout Wrapped, into hasher: inout Hasher) { hasher.combine(value) }

    /// The address of the box, for `Interner.number(of:storage:)`: a box an interner's table holds is shared, so
    /// never written again, and no other box can take its address while it lives.
    var storage: UInt { UInt(bitPattern: ObjectIdentifier(box)) }

    /// Whether `self` and `other` hold the same box: equal without comparing their values.
    func isShared(with other: Self) -> Bool { box === other.box }

    func hash(into hasher: inout Hasher) { Self.hash(&box.value, into: &hasher) }
}

/// A state's launch environment by the reference the state shares it through: one word to keep, and two states'
/// environments compare without reading them when they share it (every state of a run but the restarts' does).
package struct SharedLaunchEnvironment: Hashable, Sendable {
    fileprivate let shared: CopyOnWrite<LaunchEnvironment>
}

extension MachineState {
    package var sharedEnvironment: SharedLaunchEnvironment { SharedLaunchEnvironment(shared: launchEnvironment) }
}

/// The parts of a machine state that are usually empty or nil, kept together behind one reference
/// (`MachineState.rare`): an exploration's packer numbers them together too (one zero byte when all are absent).
struct RareParts: Hashable, Sendable {
    var alert: AlertState?
    var alertQueue: [AlertState] = []
    var eventQueue: [RaisedEvent] = []
    var externalQueue: [RaisedEvent] = []
    var currentEvent: Value = .null
    var playback: PlaybackState?
    var recording: RecordingState?
    var resultReceivers: [ResultReceiver] = []
    var sessions: [InvokedSession] = []

    /// All absent, shared by every state that has none (a state's `rare` until it is written).
    static let absent = CopyOnWrite(RareParts())
}

extension CopyOnWrite where Wrapped == RareParts {
    /// Whether every part is absent, each read where it is: a question asked of the whole value would copy it
    /// first (a retain of each of its parts), on every step.
    var areAbsent: Bool {
        guard case .null = box.value.currentEvent else { return false }
        return box.value.alert == nil && box.value.alertQueue.isEmpty && box.value.eventQueue.isEmpty
            && box.value.externalQueue.isEmpty && box.value.playback == nil && box.value.recording == nil
            && box.value.resultReceivers.isEmpty && box.value.sessions.isEmpty
    }
}

/// Each rare part reads in place from the box, and a whole new value is written only when it differs: writing
/// copies the box the state shares with the one it came from, and a copied box is one the packer must compare and
/// hash by value (`StatePacker`), where a shared one it knows by its address (`state.playback = nil` with no
/// playback, say, left the state equal and the box new).
extension MachineState {
    /// Whether any of the usually empty parts (alerts, queues, `current_event`, playback, recording, result
    /// receivers, sessions) is there: most states have none, so what goes over every part can skip them all.
    /// The shared box of absent parts is known at once, without a copy of its value.
    package var hasRareParts: Bool { !rare.isShared(with: RareParts.absent) && !rare.areAbsent }
    /// Whether an alert is shown or queued, asked in place: reading `alert` copies it out of its box.
    package var hasAlerts: Bool {
        guard !rare.isShared(with: RareParts.absent) else { return false }
        return rare.box.value.alert != nil || !rare.box.value.alertQueue.isEmpty
    }
    public var alert: AlertState? {
        get { rare.box.value.alert }
        set { if rare.box.value.alert != newValue { rare.value.alert = newValue } }
        _modify { yield &rare.value.alert }
    }
    public var alertQueue: [AlertState] {
        get { rare.box.value.alertQueue }
        set { if rare.box.value.alertQueue != newValue { rare.value.alertQueue = newValue } }
        _modify { yield &rare.value.alertQueue }
    }
    /// Raised events waiting to run, before the next outside input.
    public var eventQueue: [RaisedEvent] {
        get { rare.box.value.eventQueue }
        set { if rare.box.value.eventQueue != newValue { rare.value.eventQueue = newValue } }
        _modify { yield &rare.value.eventQueue }
    }
    /// Events sent with `type: external`: each runs once the machine has settled (SCXML's external queue).
    public var externalQueue: [RaisedEvent] {
        get { rare.box.value.externalQueue }
        set { if rare.box.value.externalQueue != newValue { rare.value.externalQueue = newValue } }
        _modify { yield &rare.value.externalQueue }
    }
    /// `current_event`: the last event a screen took, as a record, or null (kept only when the flow reads it).
    public var currentEvent: Value {
        get { rare.box.value.currentEvent }
        set { if rare.box.value.currentEvent != newValue { rare.value.currentEvent = newValue } }
        _modify { yield &rare.value.currentEvent }
    }
    /// Lines playing on a screen with `playback:`, if any.
    public var playback: PlaybackState? {
        get { rare.box.value.playback }
        set { if rare.box.value.playback != newValue { rare.value.playback = newValue } }
        _modify { yield &rare.value.playback }
    }
    /// A take being recorded, if any.
    public var recording: RecordingState? {
        get { rare.box.value.recording }
        set { if rare.box.value.recording != newValue { rare.value.recording = newValue } }
        _modify { yield &rare.value.recording }
    }
    /// The `present`/`show` navigations with `on_result:` whose screens are still open.
    public var resultReceivers: [ResultReceiver] {
        get { rare.box.value.resultReceivers }
        set { if rare.box.value.resultReceivers != newValue { rare.value.resultReceivers = newValue } }
        _modify { yield &rare.value.resultReceivers }
    }
    /// The invoked child sessions running now (`invoke:`), in the order they started.
    public var sessions: [InvokedSession] {
        get { rare.box.value.sessions }
        set { if rare.box.value.sessions != newValue { rare.value.sessions = newValue } }
        _modify { yield &rare.value.sessions }
    }
    /// What the flow was launched with (restored data, defaults, device), kept for `restart`.
    public var environment: LaunchEnvironment {
        get { launchEnvironment.box.value }
        _modify { yield &launchEnvironment.value }
    }

    /// Writes every stored field under the keys `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        var saved = encoder.container(keyedBy: CodingKeys.self)
        try saved.encode(launched, forKey: .launched)
        try saved.encode(layers, forKey: .layers)
        try saved.encode(data, forKey: .data)
        try saved.encode(pendingCalls, forKey: .pendingCalls)
        try saved.encode(timers, forKey: .timers)
        try saved.encode(now, forKey: .now)
        try saved.encodeIfPresent(alert, forKey: .alert)
        try saved.encode(alertQueue, forKey: .alertQueue)
        try saved.encode(eventQueue, forKey: .eventQueue)
        try saved.encode(externalQueue, forKey: .externalQueue)
        try saved.encode(currentEvent, forKey: .currentEvent)
        try saved.encode(nextInstance, forKey: .nextInstance)
        try saved.encode(nextCall, forKey: .nextCall)
        try saved.encode(nextTimer, forKey: .nextTimer)
        try saved.encode(nextSend, forKey: .nextSend)
        try saved.encode(environment, forKey: .environment)
        try saved.encodeIfPresent(playback, forKey: .playback)
        try saved.encodeIfPresent(recording, forKey: .recording)
        try saved.encode(ended, forKey: .ended)
        try saved.encode(resultReceivers, forKey: .resultReceivers)
        try saved.encode(sessions, forKey: .sessions)
        try saved.encode(nextSession, forKey: .nextSession)
    }
}
