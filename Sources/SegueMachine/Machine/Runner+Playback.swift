import SegueExpression
import SegueModel

extension Runner {
    /// `play: line` or `play: continuous`: asks the audio service for the lines' timeline, then plays it.
    ///
    /// `line` plays only the given line and makes it current; `continuous` plays from the current line (or the
    /// given one) to the end, the current line following the line playing.
    mutating func startPlayback(_ operation: PlayOperation, _ frame: Frame) {
        guard let instance = findInstance(frame.instance) else { return ignore("play", "no screen is shown") }
        let screen = program.screens[instance.screen]
        guard let playback = screen.playback else { return ignore("play", "\(screen.name) has no `playback:`") }
        let mode = operation.mode
        let lines: [Value]
        switch evaluate(playback.lines, frame) {
        case .success(.list(let values)): lines = values
        case .success(let other):
            return routeError(mediaError("the playback lines are \(other.literal), not a list"), frame: frame)
        case .failure(let failure): return routeError(failure.serviceError, frame: frame)
        }
        var start = 0
        if let expression = operation.line {
            switch evaluate(expression, frame) {
            case .success(let value): start = value.intValue ?? -1
            case .failure(let failure): return routeError(failure.serviceError, frame: frame)
            }
        } else if let current = playback.current {
            start = read(current, frame: frame)?.intValue ?? 0
        }
        guard lines.indices.contains(start) else {
            return ignore("play \(mode.rawValue) from line \(start)", "the script has \(lines.count) lines")
        }
        guard let service = program.audioService else {
            return routeError(mediaError("playback needs a service of kind `audio`"), frame: frame)
        }
        let played = mode == .line ? [start] : Array(start..<lines.count)
        var described: [Value] = []
        for index in played {
            var lineFrame = frame
            lineFrame.bind(lines[index], at: index, as: .line)
            var fields = lines[index].recordValue ?? [:]
            for (name, expression) in [("clip", playback.clip), ("volume", playback.volume)] {
                guard let expression else { continue }
                switch evaluate(expression, lineFrame) {
                case .success(let value): fields[name] = value
                case .failure(let failure): return routeError(failure.serviceError, frame: frame)
                }
            }
            described.append(.record(fields))
        }
        if let current = playback.current { assign(.int(start), to: current, frame: frame) }
        endPlayback(reason: "a new playback starts")
        let id = state.nextCall
        state.nextCall += 1
        state.playback = PlaybackState(instance: instance.id, mode: mode, lines: played, call: id)
        effects.append(
            .callService(
                id: id, service: service, operation: "timeline",
                arguments: ["lines": .list(described), "mode": .string(mode.rawValue)]))
        record(.callStarted(id: id, service: service, operation: "timeline"))
    }

    /// The timeline's outcome: `{ durations: [seconds per line] }` starts the first line.
    mutating func receiveTimeline(_ outcome: ServiceOutcome) {
        guard var playback = state.playback else { return }
        let frame = Frame(instance: playback.instance)
        guard locate(playback.instance) != nil else {
            state.playback = nil
            return record(.note("playback dropped: its screen is gone"))
        }
        switch outcome {
        case .ok(let value):
            let durations = (value["durations"]?.listValue ?? value.listValue ?? []).compactMap(\.numberValue)
            guard !playback.lines.isEmpty, durations.count == playback.lines.count,
                durations.allSatisfy({ $0 >= 0 && $0.isFinite })
            else {
                state.playback = nil
                return routeError(
                    mediaError(
                        "the audio timeline gave \(durations.count) durations for \(playback.lines.count) lines"),
                    frame: frame)
            }
            record(.outcome(id: playback.call ?? -1, branch: "ok"))
            playback.durations = durations
            playback.call = nil
            state.playback = playback
            effects.append(.play(mode: playback.mode.rawValue, line: playback.lines[0]))
            scheduleLineEnd()
        case .error(let error):
            state.playback = nil
            record(.outcome(id: playback.call ?? -1, branch: "error"))
            routeError(error, frame: frame)
        case .cancelled:
            state.playback = nil
            record(.outcome(id: playback.call ?? -1, branch: "cancelled"))
        }
    }

    /// A line ended: the next one plays, or playback ends (continuous playback raises `end_event`).
    mutating func advancePlayback(_ frame: Frame) {
        guard var playback = state.playback, playback.instance == frame.instance, playback.call == nil,
            let instance = findInstance(frame.instance)
        else { return }
        let config = program.screens[instance.screen].playback
        playback.position += 1
        playback.timer = nil
        guard playback.position < playback.lines.count else {
            state.playback = nil
            record(.note("playback ended after line \(playback.lines.last.map(String.init) ?? "none")"))
            if playback.mode == .continuous, let event = config?.endEvent {
                state.eventQueue.append(
                    RaisedEvent(event: event, payload: .null, instance: playback.instance, kind: .platform))
            }
            return
        }
        state.playback = playback
        if playback.mode == .continuous, let current = config?.current {
            assign(.int(playback.lines[playback.position]), to: current, frame: frame)
        }
        scheduleLineEnd()
    }

    /// An audio engine says line `line` began playing: playback moves there, it becomes current, its timer restarts.
    mutating func playbackReached(_ line: Int) {
        let what = "playback reached line \(line)"
        guard let top = topInstance, let config = program.screens[top.screen].playback else {
            return ignore(what, "the top screen has no playback")
        }
        guard var playback = state.playback, playback.instance == top.id, playback.call == nil else {
            return ignore(what, "nothing is playing")
        }
        guard let position = playback.lines.firstIndex(of: line) else {
            return ignore(what, "line \(line) is not among the lines playing")
        }
        if let timer = playback.timer { cancelTimers { $0.id == timer } }
        playback.position = position
        playback.timer = nil
        state.playback = playback
        if let current = config.current { assign(.int(line), to: current, frame: Frame(instance: top.id)) }
        scheduleLineEnd()
    }

    /// An audio engine says the last line has played: playback ends as if its last timer had fired.
    mutating func playbackFinished() {
        guard let top = topInstance, program.screens[top.screen].playback != nil else {
            return ignore("playback finished", "the top screen has no playback")
        }
        guard var playback = state.playback, playback.instance == top.id, playback.call == nil else {
            return ignore("playback finished", "nothing is playing")
        }
        if let timer = playback.timer { cancelTimers { $0.id == timer } }
        playback.position = max(0, playback.lines.count - 1)
        playback.timer = nil
        state.playback = playback
        advancePlayback(Frame(instance: top.id))
    }

    /// `stop_playback`: the line playing stops, the highlight clears.
    mutating func stopPlayback() {
        guard state.playback != nil else { return ignore("stop_playback", "nothing is playing") }
        endPlayback(reason: "stopped")
    }

    /// Ends any playback at once (its screen went away, it was stopped, another started).
    mutating func endPlayback(reason: String) {
        guard let playback = state.playback else { return }
        if let timer = playback.timer { cancelTimers { $0.id == timer } }
        state.playback = nil
        if playback.call == nil { effects.append(.stopPlayback) }
        record(.note("playback ended: \(reason)"))
    }

    /// The line highlighted on an instance, with the expression of its colour: recording first, then playback.
    func highlight(of instance: ScreenInstance) -> (line: Int, color: Int?)? {
        let screen = program.screens[instance.screen]
        if let recording = state.recording, recording.instance == instance.id, recording.capturing,
            let line = recording.line
        {
            return (line, screen.recording?.highlight)
        }
        if let playback = state.playback, playback.instance == instance.id, let line = playback.playingLine {
            return (line, screen.playback?.highlight)
        }
        return nil
    }

    private mutating func scheduleLineEnd() {
        guard var playback = state.playback, playback.durations.indices.contains(playback.position) else { return }
        let id = state.nextTimer
        state.nextTimer += 1
        let deadline = state.now + ClockDuration(seconds: playback.durations[playback.position])
        state.timers.append(
            ScheduledTimer(
                id: id, name: nil, deadline: deadline, interval: nil, entry: program.playbackEntry,
                frame: Frame(instance: playback.instance)))
        effects.append(.startTimer(id: id, deadline: deadline))
        playback.timer = id
        state.playback = playback
    }

    func mediaError(_ message: String) -> ServiceError {
        ServiceError(service: "audio", code: "invalid_playback", message: message)
    }
}
