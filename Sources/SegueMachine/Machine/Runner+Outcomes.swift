import SegueDiagnostics
import SegueExpression
import SegueModel

extension Runner {
    /// An outcome resumes its call's action list in the branch it selects; late and unknown outcomes are dropped.
    mutating func receive(_ id: Int, _ outcome: ServiceOutcome) {
        if let playback = state.playback, playback.call == id { return receiveTimeline(outcome) }
        guard let index = state.pendingCalls.firstIndex(where: { $0.id == id }) else {
            return record(.outcomeDropped(id: id, reason: "no call #\(id) is waiting"))
        }
        let call = state.pendingCalls.remove(at: index)
        noteMediaOutcome(call, outcome)
        guard call.frame.instance < 0 || locate(call.frame.instance) != nil else {
            return record(
                .outcomeDropped(
                    id: id, reason: "the screen that called \(call.service).\(call.operation) is gone"))
        }
        guard case .call(let operation) = program.code[call.pc] else { return }
        var frame = call.frame
        let continuation = call.pc + 1
        switch outcome {
        case .ok(let value):
            frame.locals[ImplicitName.result.rawValue] = value
            if value == .null, let empty = program.emptyCodes[operation.service],
                let branch = operation.codes.first(where: { empty.contains($0.code) })
            {
                record(.outcome(id: id, branch: "code \(branch.code) (empty)"))
                return run(branch.entry, frame)
            }
            if let target = operation.resultTarget { assign(value, to: target, frame: frame) }
            record(.outcome(id: id, branch: "ok"))
            run(operation.ok ?? continuation, frame)
        case .error(let reported):
            let error = localized(reported)
            frame.locals[ImplicitName.error.rawValue] = error.value
            if let branch = operation.codes.first(where: { $0.code == error.code }) {
                record(.outcome(id: id, branch: "code \(branch.code)"))
                run(branch.entry, frame)
            } else if let entry = operation.error {
                record(.outcome(id: id, branch: "error"))
                run(entry, frame)
            } else {
                record(.outcome(id: id, branch: "error, not handled by the call"))
                // Placed at the call that did not handle it (`segue check`'s S009 points there).
                var unhandled = error
                if unhandled.origin == nil, operation.range != .synthesized { unhandled.origin = operation.range }
                routeError(unhandled, frame: frame)
            }
        case .cancelled:
            if let entry = operation.cancelled {
                record(.outcome(id: id, branch: "cancelled"))
                run(entry, frame)
            } else {
                record(.outcome(id: id, branch: "cancelled: no `cancelled` branch, the action list ends"))
            }
        }
    }

    /// A store's built-in text (`store.network`: its catalog text in English or Russian) in this run's language,
    /// with the flow's `messages:` override; a text a fixture scripted stays as it is.
    func localized(_ error: ServiceError) -> ServiceError {
        guard program.services[error.service] == .store, let id = MessageID(rawValue: "store." + error.code),
            MessageLanguage.allCases.contains(where: { MessageBook(language: $0).text(id) == error.message })
        else { return error }
        var localized = error
        localized.message = messages.text(id)
        return localized
    }

    /// An error nobody handled where it happened: the screen's `on_error`, the flow's, then the default alert.
    ///
    /// The action list that failed does not continue. An error inside an error handler goes to the default alert.
    mutating func routeError(_ error: ServiceError, frame: Frame) {
        if error.service == "expression" || error.service == SendFailure.service,
            raiseExecutionError(error, frame: frame)
        {
            return
        }
        let handlerFrame = Frame(
            instance: frame.instance, owner: frame.owner, locals: [ImplicitName.error.rawValue: error.value])
        if errorDepth == 0, let instance = findInstance(frame.instance),
            let onError = program.screens[instance.screen].onError
        {
            record(
                .error(
                    message: error.message, handledBy: "on_error of \(program.screens[instance.screen].name)",
                    at: error.origin))
            errorDepth += 1
            run(onError, handlerFrame)
            errorDepth -= 1
        } else if errorDepth == 0, let onError = program.onError {
            recordNotable(.error(message: error.message, handledBy: "flow on_error", at: error.origin))
            errorDepth += 1
            run(onError, handlerFrame)
            errorDepth -= 1
        } else {
            recordNotable(.error(message: error.message, handledBy: "default alert", at: error.origin))
            let message = error.message.isEmpty ? messages.text(.errorAlertMessage) : error.message
            showAlert(
                AlertState(
                    image: "error", title: messages.text(.errorAlertTitle), message: message, origin: error.origin))
        }
    }

    /// SCXML's `error.execution`: a run-time evaluation error on a screen whose chart handles it (`error`,
    /// `error.execution`, `*`, in any of its states or the screen's `on:`) is raised there as that event, with the
    /// error as its payload, instead of going to `on_error`; the state active when it is taken decides what it does.
    /// A send that cannot reach its target raises `error.communication` the same way, with the send's id.
    /// True when it was raised.
    private mutating func raiseExecutionError(_ error: ServiceError, frame: Frame, first: Bool = false) -> Bool {
        let communication = error.service == SendFailure.service && error.code == SendFailure.communication.rawValue
        let event = communication ? program.communicationErrorEvent : program.executionErrorEvent
        guard event >= 0, errorDepth == 0, let instance = findInstance(frame.instance) else { return false }
        let screen = program.screens[instance.screen]
        let handled =
            screen.handlers.handler(for: event) != nil
            || screen.states.contains { $0.handlers.handler(for: event) != nil }
        guard handled else { return false }
        recordNotable(.error(message: error.message, handledBy: "raised as \(program.events[event])", at: error.origin))
        var raised = RaisedEvent(event: event, payload: error.value, instance: frame.instance, kind: .platform)
        if case .string(let id)? = error.details["sendid"] { raised.sendID = id }
        if first { state.eventQueue.insert(raised, at: 0) } else { state.eventQueue.append(raised) }
        return true
    }

    /// Data whose default failed at launch: on a start screen whose chart handles `error.execution`, the errors are
    /// raised there ahead of what its entry raised (they came first, as SCXML's `<data>` errors do); otherwise they
    /// go to the flow's `on_error` or the default alert, as before any screen existed.
    mutating func raiseLaunchErrors(_ errors: [ServiceError], instance: Int) {
        for error in errors.reversed() where !raiseExecutionError(error, frame: Frame(instance: instance), first: true)
        {
            routeError(error, frame: Frame(instance: -1))
        }
    }

    // MARK: timers

    /// Schedules `after`/`every`; a named timer restarts (the old one is cancelled). False when the delay is bad.
    mutating func startTimer(_ operation: TimerOperation, frame: Frame) -> Bool {
        guard let delay = clockDelay(operation.delay, repeats: operation.repeats, frame: frame) else { return false }
        schedule(
            name: operation.name, delay: delay, repeats: operation.repeats, entry: operation.entry, frame: frame)
        return true
    }

    /// Puts a timer on the clock; a named one restarts (the old one of the instance is cancelled).
    mutating func schedule(name: Int?, delay: ClockDuration, repeats: Bool, entry: Int, frame: Frame) {
        if let name {
            cancelTimers { $0.name == name && $0.frame.instance == frame.instance }
        }
        let id = state.nextTimer
        state.nextTimer += 1
        let deadline = state.now + delay
        state.timers.append(
            ScheduledTimer(
                id: id, name: name, deadline: deadline, interval: repeats ? delay : nil, entry: entry, frame: frame))
        effects.append(.startTimer(id: id, deadline: deadline))
    }

    mutating func cancelTimers(where matches: (ScheduledTimer) -> Bool) {
        guard !state.timers.isEmpty else { return }
        for timer in state.timers where matches(timer) { effects.append(.cancelTimer(id: timer.id)) }
        state.timers.removeAll(where: matches)
    }

    /// Moves the clock; due timers fire one at a time in deadline order, each run to completion.
    ///
    /// Timers due at the same instant fire in the order they were started (timer ids ascend with each start).
    mutating func advanceTime(by span: ClockDuration) {
        guard span >= .zero else {
            return ignore("advance time by \(span)", "time only moves forward")
        }
        let end = state.now + span
        while true {
            let next = state.timers.indices.filter({ state.timers[$0].deadline <= end }).min(by: {
                (state.timers[$0].deadline, state.timers[$0].id) < (state.timers[$1].deadline, state.timers[$1].id)
            })
            // An invoked session's timer first when it is due earlier; at the same instant, this session's.
            if let session = nextDueSession(before: end),
                next.map({ session.deadline < state.timers[$0].deadline }) ?? true
            {
                sessionTimerFired(serial: state.sessions[session.index].serial)
                drainEvents()
                continue
            }
            guard let next else { break }
            state.now = max(state.now, state.timers[next].deadline)
            fire(next)
            drainEvents()
        }
        state.now = end
    }

    /// A real clock's timer came due.
    mutating func timerFired(_ id: Int) {
        if id < 0 { return sessionTimerFired(serial: -id) }
        guard let index = state.timers.firstIndex(where: { $0.id == id }) else {
            return ignore("timer #\(id)", "it was cancelled or never started")
        }
        state.now = max(state.now, state.timers[index].deadline)
        fire(index)
    }

    private mutating func fire(_ index: Int) {
        let timer = state.timers[index]
        record(.timerFired(id: timer.id))
        if let interval = timer.interval {
            state.timers[index].deadline += interval
            effects.append(.startTimer(id: timer.id, deadline: state.timers[index].deadline))
        } else {
            state.timers.remove(at: index)
        }
        run(timer.entry, timer.frame)
    }
}
