import Foundation
import SegueExpression

extension Session {
    /// What performing one effect in stepped mode gave back.
    enum Performed {
        case done
        /// An outcome to handle next.
        case answer(Input)
        /// The effect failed outside the machine (a save): traced in the step that asked for it.
        case failed(TraceEntry)
    }

    /// Stepped mode: performs an effect to its end before the next one.
    func performInOrder(_ effect: Effect) async -> Performed {
        switch effect {
        case .callService(let id, let service, let operation, let arguments):
            let outcome = await outcome(of: service, operation, arguments)
            return .answer(.outcome(call: id, outcome))
        case .persist(let name, let value):
            persisted[name] = value
            guard let persistence else { return .done }
            do throws(PersistenceError) {
                try await persistence.save(persisted)
                return .done
            } catch {
                record(error)
                return .failed(.error(message: error.description, handledBy: "not saved"))
            }
        case .openURL(let url):
            opened(url)
            return .done
        case .emit(let event, let payload):
            emitted(event, payload)
            return .done
        case .stopPlayback:
            played(effect)
            // The engine stops the audio it plays; the machine already ended playback.
            if let audio = audioService { _ = await audio.call("stop", arguments: [:]) }
            return .done
        case .play:
            played(effect)
            return .done
        case .startTimer, .cancelTimer:
            // Virtual time: the machine keeps its own timers and fires them when `advanceTime` moves the clock.
            return .done
        }
    }

    /// A call's outcome: a scripted one first, else the service's, else `unknown_service`; recorded in `calls`.
    func outcome(of service: String, _ operation: String, _ arguments: [String: Value]) async -> ServiceOutcome {
        let outcome: ServiceOutcome
        if let scripted = takeScripted("\(service).\(operation)") {
            outcome = scripted
        } else if let target = services[service] {
            outcome = await target.call(operation, arguments: arguments)
        } else {
            outcome = .error(
                ServiceError(
                    service: service, code: "unknown_service", message: "no service `\(service)` is registered"))
        }
        record(ServiceCallRecord(service: service, operation: operation, arguments: arguments, outcome: outcome))
        return outcome
    }

    /// Real time: starts an effect; calls and saves finish later and feed back as they come.
    func performConcurrently(_ effect: Effect) {
        switch effect {
        case .callService(let id, let service, let operation, let arguments):
            inFlight[id] = Task {
                let outcome = await self.outcome(of: service, operation, arguments)
                self.deliver(id, outcome)
            }
        case .startTimer(let id, let deadline):
            timers[id]?.cancel()
            let due = launchInstant.advanced(by: .nanoseconds(deadline.nanoseconds))
            timers[id] = Task {
                try? await Task.sleep(until: due, clock: .continuous)
                guard !Task.isCancelled else { return }
                self.fire(id)
            }
        case .cancelTimer(let id):
            timers[id]?.cancel()
            timers[id] = nil
        case .openURL(let url):
            opened(url)
        case .emit(let event, let payload):
            emitted(event, payload)
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
                    self.record(error)
                }
            }
        case .play:
            played(effect)
        case .stopPlayback:
            played(effect)
            if let audio = audioService { Task { _ = await audio.call("stop", arguments: [:]) } }
        }
    }

    private func deliver(_ id: Int, _ outcome: ServiceOutcome) {
        inFlight[id] = nil
        process(.outcome(call: id, outcome))
    }

    private func fire(_ id: Int) {
        timers[id] = nil
        process(.timerFired(id: id))
    }
}
