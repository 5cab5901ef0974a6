import SegueExpression
import SegueMachine

/// An outcome a stepped session holds until the virtual clock reaches `due` (a service answered with a delay).
struct DeferredOutcome: Sendable, Hashable {
    var due: ClockDuration
    var call: Int
    var outcome: ServiceOutcome
}

extension Session {
    /// Stepped mode: keeps an outcome until `advance` moves the clock to `due`.
    func hold(_ outcome: ServiceOutcome, of call: Int, due: ClockDuration) {
        deferred.append(DeferredOutcome(due: due, call: call, outcome: outcome))
    }

    /// A cancelled call: its held outcome is forgotten and one still to come is dropped.
    func withdraw(_ call: Int) {
        deferred.removeAll { $0.call == call }
        cancelledCalls.append(call)
    }

    /// The earliest held outcome due by `end` (ties: the earlier call first), taken out.
    func takeDeferred(dueBy end: ClockDuration) -> DeferredOutcome? {
        guard
            let index = deferred.indices.filter({ deferred[$0].due <= end }).min(by: {
                (deferred[$0].due, deferred[$0].call) < (deferred[$1].due, deferred[$1].call)
            })
        else { return nil }
        return deferred.remove(at: index)
    }

    /// Keeps only the held outcomes of calls still pending in `state` (after an undo or a restored session).
    func keepDeferred(pendingIn state: MachineState) {
        let pending = Set(state.pendingCalls.map(\.id))
        deferred.removeAll { !pending.contains($0.call) }
    }

    /// Stops the take of a screen that went away, keeping it; the failure, unless no take was recording.
    func stopRecording() async -> ServiceError? {
        guard let audio = audioService else { return nil }
        guard case .error(let error) = await audio.call("stop_recording", arguments: [:]) else { return nil }
        return error.code == "invalid_state" ? nil : error
    }
}
