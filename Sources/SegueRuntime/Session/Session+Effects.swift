import Foundation
import SegueExpression
import SegueMachine

extension Session {
    /// What performing one effect in stepped mode gave back.
    enum Performed {
        case done
        /// An outcome to handle next, and what the service said meanwhile (traced in the calling step).
        case answer(Input, log: [TraceEntry])
        /// What to trace in the step that asked for the effect: a failure outside the machine (a save), or what a
        /// service said.
        case traced([TraceEntry])
        /// A call was cancelled: an outcome of it still queued in this `send` must not reach the machine.
        case withdraw(call: Int)
    }

    /// Stepped mode: performs an effect to its end before the next one.
    func performInOrder(_ effect: Effect) async -> Performed {
        switch effect {
        case .callService(let id, let service, let operation, let arguments):
            let answer = await answer(of: service, operation, arguments, call: id)
            let log = answer.log.map { TraceEntry.note("\(service) says: \($0)") }
            guard answer.delay > .zero else { return .answer(.outcome(call: id, answer.outcome), log: log) }
            hold(answer.outcome, of: id, due: state.now + answer.delay)
            return .traced(log)
        case .cancelCall(let id, _, _):
            withdraw(id)
            return .withdraw(call: id)
        case .stopRecording:
            guard let failure = await stopRecording() else { return .done }
            return .traced([.error(message: failure.message, handledBy: "the take was not kept")])
        case .persist(let name, let value):
            persisted[name] = value
            guard let persistence else { return .done }
            do throws(PersistenceError) {
                try await persistence.save(persisted)
                return .done
            } catch {
                record(error)
                return .traced([.error(message: error.description, handledBy: "not saved")])
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

    /// A call's answer: a scripted outcome first (at once), else the service's, else `unknown_service`; recorded
    /// in `calls`.
    func answer(of service: String, _ operation: String, _ arguments: [String: Value], call id: Int) async
        -> ServiceAnswer
    {
        let answer: ServiceAnswer
        if let scripted = takeScripted("\(service).\(operation)") {
            answer = ServiceAnswer(scripted)
        } else if let target = services[service] {
            answer = await target.answer(operation, arguments: arguments, call: id)
        } else {
            answer = ServiceAnswer(
                .error(
                    ServiceError(
                        service: service, code: "unknown_service", message: "no service `\(service)` is registered")))
        }
        record(
            ServiceCallRecord(service: service, operation: operation, arguments: arguments, outcome: answer.outcome))
        return answer
    }

    /// Real time: starts an effect; calls and saves finish later and feed back as they come.
    func performConcurrently(_ effect: Effect) {
        switch effect {
        case .callService(let id, let service, let operation, let arguments):
            inFlight[id] = Task {
                let answer = await self.answer(of: service, operation, arguments, call: id)
                if answer.delay > .zero { try? await Task.sleep(nanoseconds: UInt64(answer.delay.nanoseconds)) }
                self.deliver(id, answer.outcome)
            }
        case .cancelCall(let id, _, _):
            // The task stops its work (libcurl aborts the transfer, a service process is told); its outcome is
            // dropped when it comes, and `waitUntilIdle` still waits for it to end.
            inFlight[id]?.cancel()
            withdraw(id)
        case .stopRecording(let call):
            let starting = inFlight[call]
            Task {
                await starting?.value
                _ = await self.stopRecording()
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
        guard !cancelledCalls.contains(id) else { return }
        _ = process(.outcome(call: id, outcome))
    }

    private func fire(_ id: Int) {
        timers[id] = nil
        _ = process(.timerFired(id: id))
    }
}
