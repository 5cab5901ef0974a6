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
        var defaults: [String: Value] = [:]
        let program = machine.program
        if let name = program.defaultsService, let service = services[name] {
            for key in program.data.compactMap(\.defaultsKey) {
                if case .ok(let value) = await service.call("get", arguments: ["key": .string(key)]), value != .null {
                    defaults[key] = value
                }
            }
        }
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
        process(.advanceTime(by: seconds))
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
        await saving?.value
    }

    private func process(_ input: Input) -> Step {
        let step = machine.step(state, input)
        state = step.state
        history.append(step)
        for observer in observers.values { observer.yield(step) }
        for effect in step.effects { perform(effect) }
        return step
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
        case .play, .stopPlayback:
            playback.append(effect)
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
