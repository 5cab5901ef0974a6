import SegueAudio
import SegueExpression
import SegueRuntime

/// Drives a compiled flow one input at a time and runs every effect to quiescence before returning, so a REPL line
/// or a scenario step always ends in a settled state: service calls answered (by the registered services, or by an
/// outcome scripted for the next call), persisted data saved, URLs recorded.
///
/// Unlike `Session`, which lets calls run concurrently like a live app, the driver performs calls one after another
/// in the order the machine made them: the same inputs always give the same states, which is what undo, replay,
/// golden transcripts and scenario tests need.
///
///     let driver = FlowDriver(program: program, services: services)
///     await driver.launch()
///     await driver.send(.tap(path))
///     driver.view?.title
public final class FlowDriver {
    public let machine: Machine
    public var program: Program { machine.program }
    public private(set) var state = MachineState()
    /// Every service call made, in order, with its outcome.
    public private(set) var calls: [ServiceCallRecord] = []
    public private(set) var openedURLs: [String] = []
    /// The steps of the last `send` or `launch`, the input's own step first.
    public private(set) var lastSteps: [Step] = []
    public var device: DeviceProfile

    private let services: [String: any FlowService]
    private let persistence: (any Persistence)?
    private var persisted: [String: Value] = [:]
    private var scripted: [String: [ServiceOutcome]] = [:]
    /// Recordings in virtual time follow the flow's clock.
    private let audioClock: SteppedAudioClock?

    public init(
        program: Program, services: [String: any FlowService], persistence: (any Persistence)? = nil,
        device: DeviceProfile = .standard, audioClock: SteppedAudioClock? = nil
    ) {
        machine = Machine(program: program)
        self.services = services
        self.persistence = persistence
        self.device = device
        self.audioClock = audioClock
    }

    /// A driver over the embedded services built for the flow.
    public convenience init(program: Program, embedded: EmbeddedServices, device: DeviceProfile = .standard) {
        self.init(
            program: program, services: embedded.services, persistence: embedded.persistence, device: device,
            audioClock: embedded.audioClock)
    }

    /// Moves the virtual clock: recordings capture exactly that much audio, then due timers fire; while a take
    /// records, the audio service's latest input level then goes to the flow (`Input.inputLevel`, P10).
    @discardableResult
    public func advance(by seconds: Double) async -> [Step] {
        await audioClock?.advance(to: state.now + seconds)
        var steps = await send(.advanceTime(by: seconds))
        if state.recording?.capturing == true, let level = await inputLevel() {
            steps += await send(.inputLevel(level))
            lastSteps = steps
        }
        return steps
    }

    /// The audio service's latest input level (its `level` operation), 0…1.
    private func inputLevel() async -> Double? {
        guard let name = program.audioService, let audio = services[name],
            case .ok(let value) = await audio.call("level", arguments: [:])
        else { return nil }
        return value.numberValue
    }

    /// The top screen as the user sees it.
    public var view: ScreenView? { machine.view(of: state) }

    /// Makes the next call of `service.operation` end with `outcome` instead of reaching the service.
    public func script(_ call: String, _ outcome: ServiceOutcome) {
        scripted[call, default: []].append(outcome)
    }

    /// Outcomes scripted but not used yet, by call.
    public var pendingScripts: [String: [ServiceOutcome]] { scripted.filter { !$0.value.isEmpty } }

    /// Restores persisted data, reads the defaults keys, and launches the flow.
    @discardableResult
    public func launch() async -> [Step] {
        persisted = (try? await persistence?.load()) ?? persisted
        let defaults = await machine.program.defaultsValues(from: services)
        state = MachineState()
        return await send(.launch(LaunchEnvironment(persisted: persisted, defaults: defaults, device: device)))
    }

    /// Quits and launches again: only persisted data, defaults and what the services stored survive.
    @discardableResult
    public func restart() async -> [Step] {
        await launch()
    }

    /// Handles one input, then every effect it causes, until nothing is pending.
    @discardableResult
    public func send(_ input: Input) async -> [Step] {
        var steps: [Step] = []
        var queue: [Input] = [input]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            let step = machine.step(state, next)
            state = step.state
            steps.append(step)
            for effect in step.effects {
                if let answer = await perform(effect) { queue.append(answer) }
            }
        }
        lastSteps = steps
        return steps
    }

    /// Puts the machine back into an earlier state (undo, redo, loading a saved session).
    public func restore(_ earlier: MachineState) {
        state = earlier
    }

    private func perform(_ effect: Effect) async -> Input? {
        switch effect {
        case .callService(let id, let service, let operation, let arguments):
            let key = "\(service).\(operation)"
            let outcome: ServiceOutcome
            if var queue = scripted[key], !queue.isEmpty {
                outcome = queue.removeFirst()
                scripted[key] = queue
            } else if let target = services[service] {
                outcome = await target.call(operation, arguments: arguments)
            } else {
                outcome = .error(
                    ServiceError(
                        service: service, code: "unknown_service", message: "no service `\(service)` is registered"))
            }
            calls.append(
                ServiceCallRecord(service: service, operation: operation, arguments: arguments, outcome: outcome))
            return .outcome(call: id, outcome)
        case .persist(let name, let value):
            persisted[name] = value
            try? await persistence?.save(persisted)
            return nil
        case .openURL(let url):
            openedURLs.append(url)
            return nil
        case .stopPlayback:
            // The engine stops the audio it plays; the machine already ended playback.
            if let name = program.audioService, let audio = services[name] {
                _ = await audio.call("stop", arguments: [:])
            }
            return nil
        case .startTimer, .cancelTimer, .play:
            // Virtual time: the machine keeps its own timers and fires them when `advanceTime` moves the clock.
            return nil
        }
    }
}

/// One service call the flow made, with what came back.
public struct ServiceCallRecord: Sendable, Hashable, Codable {
    public var service: String
    public var operation: String
    public var arguments: [String: Value]
    public var outcome: ServiceOutcome

    public var name: String { "\(service).\(operation)" }
}
