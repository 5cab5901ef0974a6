import SegueExpression

extension Runner {
    /// Notes an `audio.record` call, so the line being recorded is highlighted once capture starts.
    mutating func noteMediaCall(
        _ id: Int, service: String, operation: String, arguments: [String: Value], _ frame: Frame
    ) {
        guard RecordingCall(service: service, operation: operation, services: program.services) == .start,
            let instance = findInstance(frame.instance)
        else { return }
        var line: Int?
        if let lineID = arguments["line"], let playback = program.screens[instance.screen].playback,
            case .success(.list(let lines)) = evaluate(playback.lines, frame)
        {
            line = lines.firstIndex { $0["id"] == lineID }
        }
        state.recording = RecordingState(instance: instance.id, line: line, call: id)
    }

    /// Follows the outcomes of `audio.record` (capture starts, or not) and `audio.stop_recording` (capture ends).
    mutating func noteMediaOutcome(_ call: PendingCall, _ outcome: ServiceOutcome) {
        switch RecordingCall(service: call.service, operation: call.operation, services: program.services) {
        case .start:
            guard state.recording?.call == call.id else { return }
            if case .ok = outcome {
                state.recording?.capturing = true
            } else {
                state.recording = nil
            }
        case .stop:
            state.recording = nil
        case nil:
            break
        }
    }

    /// The input level while a take records: written to the recording screen's `recording.level` variable.
    mutating func inputLevel(_ level: Double) {
        guard let recording = state.recording, recording.capturing,
            let instance = findInstance(recording.instance)
        else { return ignore("input level \(level)", "no take is recording") }
        guard level.isFinite, let target = program.screens[instance.screen].recording?.level else {
            return ignore("input level \(level)", "the recording screen has no `recording.level` variable")
        }
        assign(.number(min(max(level, 0), 1)), to: target, frame: Frame(instance: recording.instance))
    }

    /// Ends the media of an instance that goes away: its playback stops, a recording it started is forgotten.
    mutating func endMedia(of instance: Int) {
        if state.playback?.instance == instance { endPlayback(reason: "its screen is gone") }
        if state.recording?.instance == instance { state.recording = nil }
    }
}
