import SegueExpression

extension Runner {
    /// Cancels the pending calls that `matches` picks: each leaves the state, is traced, and becomes a `cancelCall`
    /// effect so the service stops the work instead of finishing it for nobody.
    mutating func cancelCalls(_ reason: String, where matches: (PendingCall) -> Bool) {
        guard !state.pendingCalls.isEmpty else { return }
        for call in state.pendingCalls where matches(call) {
            effects.append(.cancelCall(id: call.id, service: call.service, operation: call.operation))
            let why =
                program.services[call.service] == .store && call.operation == "purchase"
                ? "\(reason) (an app cannot cancel a purchase: the store finishes it, the flow does not hear of it)"
                : reason
            record(.callCancelled(id: call.id, service: call.service, operation: call.operation, reason: why))
        }
        state.pendingCalls.removeAll(where: matches)
    }

    /// The calls and the recording of a screen instance that goes away.
    mutating func cancelWork(of instance: Int) {
        cancelCalls("its screen is gone") { $0.frame.instance == instance }
        guard let recording = state.recording, recording.instance == instance else { return }
        effects.append(.stopRecording(call: recording.call))
        record(.note("recording stopped: its screen is gone (the take is kept)"))
    }
}
