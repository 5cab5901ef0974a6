import SegueMachine

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
        make(&state, clearing: dead, unread: &unread)
        return state
    }

    /// Makes `state` canonical in place: for a state the search owns, which is then not copied first.
    static func make(_ state: inout MachineState, clearing dead: ScreenLocalData?, unread: inout UnreadData?) {
        dead?.clear(&state)
        unread?.clear(&state)
        // Old ids in the order they are renumbered (new id = position + 1): a handful each, so arrays, not tables.
        // Kept only from the first id that is not its position + 1: most states' instances are in order already,
        // and an array would be an allocation on every step.
        var shown = 0
        var instances: [Int]?
        for layer in state.layers.indices {
            for index in state.layers[layer].stack.indices {
                let id = state.layers[layer].stack[index].id
                shown += 1
                if instances == nil, id != shown { instances = Array(1..<shown) }
                instances?.append(id)
                // Only what changes is written: writing would copy the stacks the step's state shares.
                if id != shown { state.layers[layer].stack[index].id = shown }
                for field in state.layers[layer].stack[index].form.fields.indices
                where state.layers[layer].stack[index].form.fields[field].touched {
                    state.layers[layer].stack[index].form.fields[field].touched = false
                }
            }
        }
        var calls = state.pendingCalls.map(\.id)
        let timers = state.timers.map(\.id)
        let renumber = Self.renumbered
        let instance = { [instances, shown] (id: Int) in
            id < 0 ? id : instances.map { renumber($0, id) } ?? (id >= 1 && id <= shown ? id : 0)
        }
        let now = state.now
        // Most states have none of the rare parts: reading each would copy it out of its box.
        if state.hasRareParts {
            if let id = state.playback?.call, !calls.contains(id) { calls.append(id) }
            if let id = state.recording?.call, !calls.contains(id) { calls.append(id) }
            renumberRareParts(&state, calls: calls, timers: timers, instance: instance, now: now)
        }
        for index in state.pendingCalls.indices {
            state.pendingCalls[index].id = renumber(calls, state.pendingCalls[index].id)
            state.pendingCalls[index].frame.instance = instance(state.pendingCalls[index].frame.instance)
        }
        for index in state.timers.indices {
            state.timers[index].id = renumber(timers, state.timers[index].id)
            state.timers[index].deadline -= now
            state.timers[index].frame.instance = instance(state.timers[index].frame.instance)
        }
        state.now = 0
        state.nextInstance = shown + 1
        state.nextCall = calls.count + 1
        state.nextTimer = timers.count + 1
    }

    /// An id's new number among `ids` (its position + 1), 0 when it is not among them.
    private static func renumbered(_ ids: [Int], _ id: Int) -> Int { ids.firstIndex(of: id).map { $0 + 1 } ?? 0 }

    /// The alerts dropped, and the instances, calls and timers the rare parts name renumbered, their clocks moved.
    /// A part is written only when that changes it: a write copies the box of rare parts the graph's states share,
    /// and a box left as it was is packed by its address (`StatePacker`).
    private static func renumberRareParts(
        _ state: inout MachineState, calls: [Int], timers: [Int], instance: (Int) -> Int, now: ClockDuration
    ) {
        let renumber = Self.renumbered
        if state.alert != nil { state.alert = nil }
        if !state.alertQueue.isEmpty { state.alertQueue = [] }
        for index in state.resultReceivers.indices {
            let receiver = state.resultReceivers[index]
            let opened = instance(receiver.opened)
            let frame = instance(receiver.frame.instance)
            if opened != receiver.opened { state.resultReceivers[index].opened = opened }
            if frame != receiver.frame.instance { state.resultReceivers[index].frame.instance = frame }
        }
        for index in state.externalQueue.indices {
            state.externalQueue[index].instance = instance(state.externalQueue[index].instance)
            state.externalQueue[index].below = state.externalQueue[index].below.map(instance)
        }
        for index in state.eventQueue.indices {
            state.eventQueue[index].instance = instance(state.eventQueue[index].instance)
            state.eventQueue[index].below = state.eventQueue[index].below.map(instance)
        }
        if let playback = state.playback {
            var renumbered = playback
            renumbered.instance = instance(playback.instance)
            renumbered.call = playback.call.map { renumber(calls, $0) }
            renumbered.timer = playback.timer.map { renumber(timers, $0) }
            if renumbered != playback { state.playback = renumbered }
        }
        if let recording = state.recording {
            var renumbered = recording
            renumbered.instance = instance(recording.instance)
            renumbered.call = renumber(calls, recording.call)
            if renumbered != recording { state.recording = renumbered }
        }
        for index in state.sessions.indices {
            state.sessions[index].instance = instance(state.sessions[index].instance)
            state.sessions[index].state = Self.shifted(state.sessions[index].state, back: now)
        }
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
