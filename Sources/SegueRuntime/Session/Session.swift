import Foundation
import SegueExpression
import SegueMachine

/// A running flow: owns the machine's state, performs effects against services and persistence, and feeds their
/// outcomes back — the one effect runner, for tools and apps alike.
///
/// `.stepped` (the default) is virtual time: `send` performs the calls one after another in the order the
/// machine made them and returns once every effect has run, so the same inputs always give the same states
/// (undo, replay, golden transcripts, scenarios). `.realTime` runs calls concurrently and timers on the wall
/// clock, like a live app.
///
///     let session = Session(program: program, services: ["store": store, "board": board])
///     await session.launch()
///     await session.send(.tap(path))   // stepped: every call answered and handled, data saved
///     await session.view?.title
public actor Session {
    /// How effects run and time moves.
    public enum Mode: Sendable {
        /// Virtual clock; calls performed in order, each input run to quiescence before `send` returns.
        case stepped
        /// Wall clock; calls run concurrently and their outcomes arrive as they come.
        case realTime
    }

    public nonisolated let machine: Machine
    public nonisolated let mode: Mode
    public private(set) var state = MachineState()
    /// Every step so far, oldest first.
    public private(set) var history: [Step] = []
    /// The steps of the last `launch`, `send` or `advance`, the input's own step first.
    public private(set) var lastSteps: [Step] = []
    /// Every service call answered, in order, with its outcome.
    public private(set) var calls: [ServiceCallRecord] = []
    /// URLs the flow asked to open.
    public private(set) var openedURLs: [String] = []
    /// Output events the flow sent with `emit:`, oldest first.
    public private(set) var emitted: [OutputEvent] = []
    /// Playback effects, for an audio engine to follow.
    public private(set) var playback: [Effect] = []
    /// The ids of the calls cancelled because their screen or state went away, oldest first: none of their
    /// outcomes reaches the machine.
    public internal(set) var cancelledCalls: [Int] = []
    /// Every failure to load or save persisted data, oldest first; in stepped mode each is also traced as an
    /// error in the step that caused it.
    public private(set) var persistenceErrors: [PersistenceError] = []
    /// The device the next launch starts on.
    public private(set) var device: DeviceProfile

    let services: [String: any FlowService]
    let persistence: (any Persistence)?
    /// Follows the virtual clock in stepped mode (an audio recorder capturing exactly the time ticked).
    let follower: (any VirtualClockFollower)?
    var persisted: [String: Value] = [:]
    var scripted: [String: [ServiceOutcome]] = [:]
    var inFlight: [Int: Task<Void, Never>] = [:]
    /// Stepped mode: outcomes that arrive later on the virtual clock.
    var deferred: [DeferredOutcome] = []
    var saving: Task<Void, Never>?
    var timers: [Int: Task<Void, Never>] = [:]
    var launchInstant = ContinuousClock.now
    private var observers: [UUID: AsyncStream<Step>.Continuation] = [:]
    /// Samples the input level on the real clock while a take records.
    private var meter: Task<Void, Never>?

    public init(
        program: Program, services: [String: any FlowService], persistence: (any Persistence)? = nil,
        mode: Mode = .stepped, device: DeviceProfile = .standard, follower: (any VirtualClockFollower)? = nil
    ) {
        machine = Machine(program: program)
        self.services = services
        self.persistence = persistence
        self.mode = mode
        self.device = device
        self.follower = follower
    }

    /// The last failure to load or save persisted data, if any.
    public var persistenceError: PersistenceError? { persistenceErrors.last }

    /// The top screen as the user sees it.
    public var view: ScreenView? { machine.view(of: state) }

    /// Outcomes scripted but not used yet, by call.
    public var pendingScripts: [String: [ServiceOutcome]] { scripted.filter { !$0.value.isEmpty } }

    /// Makes the next call of `service.operation` end with `outcome` instead of reaching the service.
    public func script(_ call: String, _ outcome: ServiceOutcome) {
        scripted[call, default: []].append(outcome)
    }

    /// Forgets every scripted outcome not used yet (a replay that no longer makes a call it recorded).
    public func clearScripts() {
        scripted = [:]
    }

    /// Steps as they happen, from now on.
    public func steps() -> AsyncStream<Step> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Step>.makeStream()
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        return stream
    }

    private func removeObserver(_ id: UUID) { observers[id] = nil }

    /// Restores persisted data, reads the defaults keys, and launches the flow afresh (on `device` when given).
    /// A failure to load is recorded and traced; the flow then starts from what it had.
    @discardableResult
    public func launch(device: DeviceProfile? = nil) async -> [Step] {
        if let device { self.device = device }
        var failure: PersistenceError?
        if let persistence {
            do {
                persisted = try await persistence.load()
            } catch {
                failure = error
                persistenceErrors.append(error)
            }
        }
        let defaults = await machine.program.defaultsValues(from: services)
        for timer in timers.values { timer.cancel() }
        timers = [:]
        deferred = []
        launchInstant = ContinuousClock.now
        state = MachineState()
        var steps = await send(
            .launch(LaunchEnvironment(persisted: persisted, defaults: defaults, device: self.device)))
        if let failure, !steps.isEmpty {
            steps[0].trace.insert(.error(message: failure.description, handledBy: "launched without saved data"), at: 0)
            lastSteps = steps
        }
        return steps
    }

    /// Quits and launches again: only persisted data, defaults and what the services stored survive.
    @discardableResult
    public func restart() async -> [Step] {
        await launch()
    }

    /// Handles one input: stepped, with every effect it causes until nothing is pending; in real time, its
    /// effects started.
    @discardableResult
    public func send(_ input: Input) async -> [Step] {
        guard mode == .stepped else {
            lastSteps = [process(input)]
            return lastSteps
        }
        var steps: [Step] = []
        var queue: [Input] = [input]
        while !queue.isEmpty {
            var step = machine.step(state, queue.removeFirst())
            state = step.state
            for effect in step.effects {
                switch await performInOrder(effect) {
                case .answer(let next, let log):
                    queue.append(next)
                    step.trace += log
                case .traced(let entries): step.trace += entries
                case .withdraw(let call):
                    queue.removeAll {
                        guard case .outcome(let id, _) = $0 else { return false }
                        return id == call
                    }
                case .done: break
                }
            }
            publish(step)
            steps.append(step)
        }
        lastSteps = steps
        return steps
    }

    /// Moves the clock: in stepped mode the follower (a recording) catches up first, due timers fire, and while
    /// a take records the audio service's latest input level then goes to the flow (`Input.inputLevel`, P10).
    ///
    /// Held outcomes (a service that answers after a delay) arrive at their instant on the way, after the timers
    /// due by then.
    @discardableResult
    public func advance(by span: ClockDuration) async -> [Step] {
        let end = state.now + span
        var steps: [Step] = []
        while mode == .stepped, span >= .zero, let next = takeDeferred(dueBy: end) {
            if next.due > state.now { steps += await moveClock(by: next.due - state.now) }
            steps += await send(.outcome(call: next.call, next.outcome))
        }
        steps += await moveClock(by: end - state.now)
        lastSteps = steps
        return steps
    }

    private func moveClock(by span: ClockDuration) async -> [Step] {
        if mode == .stepped { await follower?.advance(to: state.now + span) }
        var steps = await send(.advanceTime(by: span))
        if mode == .stepped, state.recording?.capturing == true, let audio = audioService,
            let level = await Self.level(of: audio)
        {
            steps += await send(.inputLevel(level))
            lastSteps = steps
        }
        return steps
    }

    /// Puts the machine back into an earlier state (undo, redo, loading a saved session).
    public func restore(_ earlier: MachineState) {
        state = earlier
        keepDeferred(pendingIn: earlier)
    }

    /// Waits until no service call is in flight (each outcome handled, including calls those outcomes made) and
    /// persisted data is saved. A stepped session is always idle between calls.
    public func waitUntilIdle() async {
        while let (id, task) = inFlight.first {
            await task.value
            if inFlight[id] == task { inFlight[id] = nil }
        }
        await saving?.value
    }

    /// Real time: one step, its effects started.
    func process(_ input: Input) -> Step {
        let step = machine.step(state, input)
        state = step.state
        publish(step)
        for effect in step.effects { performConcurrently(effect) }
        followRecording()
        return step
    }

    private func publish(_ step: Step) {
        history.append(step)
        for observer in observers.values { observer.yield(step) }
    }

    func record(_ call: ServiceCallRecord) { calls.append(call) }
    func record(_ error: PersistenceError) { persistenceErrors.append(error) }
    func opened(_ url: String) { openedURLs.append(url) }
    func emitted(_ event: String, _ payload: [String: Value]) {
        emitted.append(OutputEvent(event: event, payload: payload))
    }
    func played(_ effect: Effect) { playback.append(effect) }

    /// The next scripted outcome of `service.operation`, used up.
    func takeScripted(_ key: String) -> ServiceOutcome? {
        guard var queue = scripted[key], !queue.isEmpty else { return nil }
        let outcome = queue.removeFirst()
        scripted[key] = queue
        return outcome
    }

    var audioService: (any FlowService)? { machine.program.audioService.flatMap { services[$0] } }

    /// On the real clock, samples the input level every `recording.meter_interval` while a take records.
    private func followRecording() {
        guard let recording = state.recording, recording.capturing else {
            meter?.cancel()
            meter = nil
            return
        }
        guard mode == .realTime, meter == nil, let audio = audioService else { return }
        let screen = state.instance(recording.instance).map { machine.program.screens[$0.screen] }
        let interval = max(0.01, screen?.recording?.meterInterval ?? 0.05)
        meter = Task {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
                guard !Task.isCancelled, let level = await Self.level(of: audio) else { continue }
                self.deliverLevel(level)
            }
        }
    }

    static func level(of audio: any FlowService) async -> Double? {
        guard case .ok(let value) = await audio.call("level", arguments: [:]) else { return nil }
        return value.numberValue
    }

    private func deliverLevel(_ level: Double) {
        guard state.recording?.capturing == true else { return }
        _ = process(.inputLevel(level))
    }
}
