import SegueAudio
import SegueExpression
import SegueMachine
import SegueRuntime

/// A stepped `Session` whose state the REPL and scenarios read without waiting: each `launch`, `send` and
/// `advance` runs on the session (every effect to quiescence) and then mirrors what it needs here.
///
///     let driver = FlowDriver(program: program, embedded: embedded)
///     await driver.launch()
///     await driver.send(.tap(path))
///     driver.view?.title
public final class FlowDriver {
    public let session: Session
    public var machine: Machine { session.machine }
    public var program: Program { machine.program }
    public private(set) var state = MachineState()
    /// Every service call made, in order, with its outcome.
    public private(set) var calls: [ServiceCallRecord] = []
    public private(set) var openedURLs: [String] = []
    /// Output events the flow sent with `emit:`, oldest first.
    public private(set) var emitted: [OutputEvent] = []
    /// Results screens handed back to an `on_result`, oldest first: who sent it, who got it, the value.
    public private(set) var handedBack: [(from: String, to: String, value: Value)] = []
    /// The steps of the last `send`, `advance` or `launch`, the input's own step first.
    public private(set) var lastSteps: [Step] = []
    /// Outcomes scripted but not used yet, by call.
    public private(set) var pendingScripts: [String: [ServiceOutcome]] = [:]
    /// Every failure to load or save persisted data (each also traced in its step).
    public private(set) var persistenceErrors: [PersistenceError] = []
    /// The device the next launch starts on.
    public var device: DeviceProfile

    public init(
        program: Program, services: [String: any FlowService], persistence: (any Persistence)? = nil,
        device: DeviceProfile = .standard, audioClock: SteppedAudioClock? = nil
    ) {
        session = Session(
            program: program, services: services, persistence: persistence, mode: .stepped, device: device,
            follower: audioClock)
        self.device = device
    }

    /// A driver over the embedded services built for the flow.
    public convenience init(program: Program, embedded: EmbeddedServices, device: DeviceProfile = .standard) {
        self.init(
            program: program, services: embedded.services, persistence: embedded.persistence, device: device,
            audioClock: embedded.audioClock)
    }

    /// The top screen as the user sees it.
    public var view: ScreenView? { machine.view(of: state) }

    /// Restores persisted data, reads the defaults keys, and launches the flow on `device`.
    @discardableResult
    public func launch() async -> [Step] {
        await mirror(session.launch(device: device))
    }

    /// Quits and launches again: only persisted data, defaults and what the services stored survive.
    @discardableResult
    public func restart() async -> [Step] {
        await launch()
    }

    /// Handles one input, then every effect it causes, until nothing is pending.
    @discardableResult
    public func send(_ input: Input) async -> [Step] {
        await mirror(session.send(input))
    }

    /// Moves the virtual clock (see `Session.advance(by:)`).
    @discardableResult
    public func advance(by span: ClockDuration) async -> [Step] {
        await mirror(session.advance(by: span))
    }

    /// Makes the next call of `service.operation` end with `outcome` instead of reaching the service.
    public func script(_ call: String, _ outcome: ServiceOutcome) async {
        await session.script(call, outcome)
        pendingScripts = await session.pendingScripts
    }

    /// Forgets every scripted outcome not used yet.
    public func clearScripts() async {
        await session.clearScripts()
        pendingScripts = [:]
    }

    /// Puts the machine back into an earlier state (undo, redo, loading a saved session).
    public func restore(_ earlier: MachineState) async {
        await session.restore(earlier)
        state = earlier
    }

    private func mirror(_ steps: [Step]) async -> [Step] {
        state = await session.state
        calls = await session.calls
        openedURLs = await session.openedURLs
        emitted = await session.emitted
        pendingScripts = await session.pendingScripts
        persistenceErrors = await session.persistenceErrors
        lastSteps = steps
        for entry in steps.flatMap(\.trace) {
            if case .resultHandedBack(let from, let to, let value) = entry { handedBack.append((from, to, value)) }
        }
        return steps
    }
}
