import Foundation
import SegueExpression

/// A running flow: owns the machine's state, performs effects against services, and feeds their outcomes back.
///
///     let session = Session(program: program, services: ["store": store, "board": board])
///     await session.launch()
///     await session.send(.tap(path))
///     await session.waitUntilIdle()   // every call answered and handled
public actor Session {
    /// How timers come due: only when told (`advance(by:)`), or on the wall clock.
    public enum Clock: Sendable {
        case virtual
        case real
    }

    public nonisolated let machine: Machine
    public private(set) var state = MachineState()
    /// Every step so far, oldest first.
    public private(set) var history: [Step] = []
    /// URLs the flow asked to open.
    public private(set) var openedURLs: [String] = []
    /// Playback effects, for an audio engine to follow.
    public private(set) var playback: [Effect] = []
    /// The last error saving persisted data, if any.
    public private(set) var persistenceError: PersistenceError?

    private let services: [String: any FlowService]
    private let persistence: (any Persistence)?
    private let clock: Clock
    private var persisted: [String: Value] = [:]
    private var calls: [Int: Task<Void, Never>] = [:]
    private var saving: Task<Void, Never>?
    private var timers: [Int: Task<Void, Never>] = [:]
    private var launchInstant = ContinuousClock.now
    private var observers: [UUID: AsyncStream<Step>.Continuation] = [:]
    /// Samples the input level on the real clock while a take records.
    private var meter: Task<Void, Never>?
    /// The level read after the last virtual `advance`, until it is handled.
    private var levelRead: Task<Void, Never>?

    public init(
        program: Program, services: [String: any FlowService], persistence: (any Persistence)? = nil,
        clock: Clock = .virtual
    ) {
        machine = Machine(program: program)
        self.services = services
        self.persistence = persistence
        self.clock = clock
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

    /// Restores persisted data, reads the defaults keys, and launches the flow.
    @discardableResult
    public func launch(device: DeviceProfile = .standard) async -> Step {
        do {
            persisted = try await persistence?.load() ?? [:]
        } catch {
            persistenceError = error
        }
        let defaults = await machine.program.defaultsValues(from: services)
        launchInstant = ContinuousClock.now
        return process(.launch(LaunchEnvironment(persisted: persisted, defaults: defaults, device: device)))
    }

    /// Handles one input and starts its effects.
    @discardableResult
    public func send(_ input: Input) -> Step {
        process(input)
    }

    /// Moves the virtual clock; due timers fire.
    @discardableResult
    public func advance(by seconds: Double) -> Step {
        let step = process(.advanceTime(by: seconds))
        if clock == .virtual, state.recording?.capturing == true, let audio = audioService {
            // Like the driver: after time moves, the recording screen's level follows the input (P10).
            let previous = levelRead
            levelRead = Task {
                await previous?.value
                if let level = await Self.level(of: audio) { self.deliverLevel(level) }
            }
        }
        return step
    }

    /// The top screen as the user sees it.
    public var view: ScreenView? { machine.view(of: state) }

    /// Waits until no service call is in flight (each outcome handled, including calls those outcomes made) and
    /// persisted data is saved.
    public func waitUntilIdle() async {
        while let (id, task) = calls.first {
            await task.value
            if calls[id] == task { calls[id] = nil }
        }
        await levelRead?.value
        await saving?.value
    }

    private func process(_ input: Input) -> Step {
        let step = machine.step(state, input)
        state = step.state
        history.append(step)
        for observer in observers.values { observer.yield(step) }
        for effect in step.effects { perform(effect) }
        followRecording()
        return step
    }

    private var audioService: (any FlowService)? { machine.program.audioService.flatMap { services[$0] } }

    /// On the real clock, samples the input level every `recording.meter_interval` while a take records.
    private func followRecording() {
        guard let recording = state.recording, recording.capturing else {
            meter?.cancel()
            meter = nil
            return
        }
        guard clock == .real, meter == nil, let audio = audioService else { return }
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

    private static func level(of audio: any FlowService) async -> Double? {
        guard case .ok(let value) = await audio.call("level", arguments: [:]) else { return nil }
        return value.numberValue
    }

    private func deliverLevel(_ level: Double) {
        guard state.recording?.capturing == true else { return }
        process(.inputLevel(level))
    }

    private func perform(_ effect: Effect) {
        switch effect {
        case .callService(let id, let service, let operation, let arguments):
            let target = services[service]
            calls[id] = Task {
                let outcome: ServiceOutcome
                if let target {
                    outcome = await target.call(operation, arguments: arguments)
                } else {
                    outcome = .error(
                        ServiceError(
                            service: service, code: "unknown_service", message: "no service `\(service)` is registered")
                    )
                }
                await self.deliver(id, outcome)
            }
        case .startTimer(let id, let deadline):
            timers[id]?.cancel()
            guard clock == .real else { return }
            let due = launchInstant.advanced(by: .milliseconds(Int64((deadline * 1000).rounded())))
            timers[id] = Task {
                try? await Task.sleep(until: due, clock: .continuous)
                guard !Task.isCancelled else { return }
                await self.fire(id)
            }
        case .cancelTimer(let id):
            timers[id]?.cancel()
            timers[id] = nil
        case .openURL(let url):
            openedURLs.append(url)
        case .persist(let name, let value):
            persisted[name] = value
            let snapshot = persisted
            guard let persistence else { return }
            // Saves run one after another, so an older snapshot never overwrites a newer one.
            let previous = saving
            saving = Task {
                await previous?.value
                do throws(PersistenceError) {
                    try await persistence.save(snapshot)
                } catch {
                    self.recordPersistenceError(error)
                }
            }
        case .play:
            playback.append(effect)
        case .stopPlayback:
            playback.append(effect)
            if let audio = audioService { Task { _ = await audio.call("stop", arguments: [:]) } }
        }
    }

    private func recordPersistenceError(_ error: PersistenceError) { persistenceError = error }

    private func deliver(_ id: Int, _ outcome: ServiceOutcome) {
        calls[id] = nil
        process(.outcome(call: id, outcome))
    }

    private func fire(_ id: Int) {
        timers[id] = nil
        process(.timerFired(id: id))
    }
}
