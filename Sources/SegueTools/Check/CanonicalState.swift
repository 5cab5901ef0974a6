import SegueRuntime

/// Makes two states that differ only in ids or in where the clock stands one state, so exploration ends.
///
/// Screen instances, calls and timers are renumbered in the order the state lists them, and the clock is moved to
/// 0 with every deadline kept relative to it: no behaviour depends on the numbers or on the absolute time. What only
/// the user sees and no behaviour or property reads is dropped too: shown and queued alerts (an SPAlert goes away by
/// itself; `segue check` looks at each when it appears) and whether a field was touched (it only decides whether its
/// error is drawn). Data only an absent screen reads, which it sets again when entered, is reset to its launch value
/// (`ScreenLocalData`), and data nothing reads holds one value (`UnreadData`).
///
///     CanonicalState.of(state, clearing: nil, unread: &unread).nextInstance  // the instances shown + 1
enum CanonicalState {
    static func of(
        _ original: MachineState, clearing dead: ScreenLocalData?, unread: inout UnreadData?
    ) -> MachineState {
        var state = original
        dead?.clear(&state)
        unread?.clear(&state)
        var instances: [Int: Int] = [:]
        for layer in state.layers.indices {
            for index in state.layers[layer].stack.indices {
                let id = state.layers[layer].stack[index].id
                instances[id] = instances.count + 1
                state.layers[layer].stack[index].id = instances.count
                for field in state.layers[layer].stack[index].form.fields.indices {
                    state.layers[layer].stack[index].form.fields[field].touched = false
                }
            }
        }
        state.alert = nil
        state.alertQueue = []
        var calls: [Int: Int] = [:]
        for call in state.pendingCalls { calls[call.id] = calls.count + 1 }
        if let id = state.playback?.call, calls[id] == nil { calls[id] = calls.count + 1 }
        if let id = state.recording?.call, calls[id] == nil { calls[id] = calls.count + 1 }
        var timers: [Int: Int] = [:]
        for timer in state.timers { timers[timer.id] = timers.count + 1 }
        let instance = { (id: Int) in id < 0 ? id : (instances[id] ?? 0) }
        let frame = { (frame: Frame) -> Frame in
            var copy = frame
            copy.instance = instance(frame.instance)
            return copy
        }
        let now = state.now
        for index in state.pendingCalls.indices {
            state.pendingCalls[index].id = calls[state.pendingCalls[index].id] ?? 0
            state.pendingCalls[index].frame = frame(state.pendingCalls[index].frame)
        }
        for index in state.timers.indices {
            state.timers[index].id = timers[state.timers[index].id] ?? 0
            state.timers[index].deadline -= now
            state.timers[index].frame = frame(state.timers[index].frame)
        }
        for index in state.resultReceivers.indices {
            state.resultReceivers[index].opened = instance(state.resultReceivers[index].opened)
            state.resultReceivers[index].frame = frame(state.resultReceivers[index].frame)
        }
        for index in state.externalQueue.indices {
            state.externalQueue[index].instance = instance(state.externalQueue[index].instance)
            state.externalQueue[index].below = state.externalQueue[index].below.map(instance)
        }
        for index in state.eventQueue.indices {
            state.eventQueue[index].instance = instance(state.eventQueue[index].instance)
            state.eventQueue[index].below = state.eventQueue[index].below.map(instance)
        }
        if var playback = state.playback {
            playback.instance = instance(playback.instance)
            playback.call = playback.call.map { calls[$0] ?? 0 }
            playback.timer = playback.timer.map { timers[$0] ?? 0 }
            state.playback = playback
        }
        if var recording = state.recording {
            recording.instance = instance(recording.instance)
            recording.call = calls[recording.call] ?? 0
            state.recording = recording
        }
        for index in state.sessions.indices {
            state.sessions[index].instance = instance(state.sessions[index].instance)
            state.sessions[index].state = Self.shifted(state.sessions[index].state, back: now)
        }
        state.now = 0
        state.nextInstance = instances.count + 1
        state.nextCall = calls.count + 1
        state.nextTimer = timers.count + 1
        return state
    }

    /// An invoked session's clock moved back with its parent's: a child's own clock only ever catches up with the
    /// parent's when it runs, so one behind it is the same as one level with it.
    static func shifted(_ session: MachineState, back now: ClockDuration) -> MachineState {
        var state = session
        state.now = max(state.now - now, .zero)
        for index in state.timers.indices { state.timers[index].deadline -= now }
        for index in state.sessions.indices {
            state.sessions[index].state = shifted(state.sessions[index].state, back: now)
        }
        return state
    }
}
