import SegueExpression
import SegueModel

/// Invoked sessions (`invoke:`, SCXML §6.4): each starts at the end of the macrostep that entered its state, runs
/// on a runner of its own over its own program and state (data, queues, timers), and is cancelled when its state
/// exits. Events between the sessions go to the receiver's external queue; the child's end raises
/// `done.invoke.<id>` in the parent.
extension Runner {
    /// An event one session sends another: its name (the receiver interns it), payload and the send's id.
    struct SessionEvent {
        var name: String
        var payload: Value
        var sendID: String?
    }

    /// Queues a state's invocations, started once the macrostep that entered it ends.
    mutating func noteInvocations(of id: Int, screen: Int, instance: Int) {
        guard !program.screens[screen].states[id].invocations.isEmpty else { return }
        toInvoke.append((instance: instance, state: id))
    }

    /// Starts the invocations of the states entered during the macrostep and still active, in entry order.
    mutating func startInvocations() {
        let pending = toInvoke
        toInvoke = []
        dropOrphanSessions()
        for (instance, id) in pending {
            guard let location = locate(instance),
                state.layers[location.layer].stack[location.index].active.contains(id)
            else { continue }
            let screen = state.layers[location.layer].stack[location.index].screen
            for invocation in program.screens[screen].states[id].invocations {
                startInvocation(invocation, instance: instance)
            }
        }
    }

    private mutating func startInvocation(_ index: Int, instance: Int) {
        let invocation = program.invocations[index]
        let frame = Frame(instance: instance, owner: invocation.state)
        if let guardExpression = invocation.guardExpression {
            switch evaluate(guardExpression, frame) {
            case .success(.bool(true)): break
            case .success:
                return record(.note("invoke \(invocation.id): not started, `when` does not hold"))
            case .failure(let failure):
                record(.note("invoke \(invocation.id): not started, `when` failed"))
                return routeError(failure.serviceError, frame: frame)
            }
        }
        if let slot = invocation.idLocation, state.data.indices.contains(slot) {
            state.data[slot] = .string(invocation.id)
        }
        var overrides: [String: Value] = [:]
        for argument in invocation.arguments {
            switch evaluate(argument.value, frame) {
            case .success(let value): overrides[argument.name] = value
            case .failure(let failure):
                // SCXML: an invocation whose arguments cannot be computed does not start; the error is raised.
                record(.note("invoke \(invocation.id): not started, `\(argument.name)` failed"))
                routeError(failure.serviceError, frame: frame)
                return
            }
        }
        let serial = state.nextSession
        state.nextSession += 1
        var environment = state.environment
        environment.persisted = [:]
        environment.defaults = [:]
        environment.sessionID = state.environment.sessionID + "." + String(serial)
        var child = MachineState()
        child.now = state.now
        record(.sessionStarted(id: invocation.id))
        state.sessions.append(
            InvokedSession(
                serial: serial, invokeID: invocation.id, invocation: index, instance: instance, state: child))
        runSession(state.sessions.count - 1) { child in
            child.dataOverrides = overrides
            child.handle(.launch(environment))
        }
    }

    /// Runs `work` on a runner of the session at `index`, then takes what it did: its trace (prefixed with its id),
    /// its output events, the events it sent this session, and its end.
    mutating func runSession(_ index: Int, _ work: (inout Runner) -> Void) {
        let session = state.sessions[index]
        var child = Runner(box: box.children[session.invocation], state: session.state, trace: traceDetail)
        child.invoked = true
        child.state.now = max(child.state.now, state.now)
        let before = session.state.nextDeadline
        work(&child)
        for entry in child.trace { record(.session(id: session.invokeID, entry: entry)) }
        for effect in child.effects {
            switch effect {
            case .emit: effects.append(effect)
            // The session's clock is this one's: one timer, `-serial`, at its next deadline (below).
            case .startTimer, .cancelTimer: break
            default:
                record(
                    .session(
                        id: session.invokeID,
                        entry: .ignored(what: "\(effect)", reason: "an invoked session has no services")))
            }
        }
        for sent in child.outbox { receiveFromSession(sent, session: session) }
        guard let position = state.sessions.firstIndex(where: { $0.serial == session.serial }) else { return }
        guard child.state.ended else {
            state.sessions[position].state = child.state
            let after = child.state.nextDeadline
            if after != before {
                if let after {
                    effects.append(.startTimer(id: -session.serial, deadline: after))
                } else {
                    effects.append(.cancelTimer(id: -session.serial))
                }
            }
            return
        }
        state.sessions.remove(at: position)
        if before != nil { effects.append(.cancelTimer(id: -session.serial)) }
        let invocation = program.invocations[session.invocation]
        record(.sessionEnded(id: session.invokeID, cancelled: false))
        var done = RaisedEvent(
            event: invocation.doneEvent, payload: child.endData, instance: session.instance, kind: .external)
        done.invokeID = session.invokeID
        state.externalQueue.append(done)
    }

    /// An event a child sent `to: parent`: into this session's external queue, with its `invokeid`.
    private mutating func receiveFromSession(_ sent: SessionEvent, session: InvokedSession) {
        guard let event = program.event(matching: sent.name) else {
            return ignore(sent.name, "from session \(session.invokeID): no state takes it")
        }
        var raised = RaisedEvent(
            event: event, payload: sent.payload, instance: session.instance, kind: .external, sendID: sent.sendID)
        if program.events[event] != sent.name { raised.name = sent.name }
        raised.origin = "#_" + session.invokeID
        raised.invokeID = session.invokeID
        state.externalQueue.append(raised)
    }

    /// A `send … to:`: `parent` leaves through the outbox (the parent's runner takes it); an invocation's id goes
    /// into that child's external queue, and the child runs until it settles.
    mutating func sendToSession(_ target: String, name: String, payload: Value, sendID: String?) {
        if target == "parent" {
            guard invoked else { return ignore(name, "this chart was not invoked: it has no parent") }
            return outbox.append(SessionEvent(name: name, payload: payload, sendID: sendID))
        }
        guard let index = state.sessions.firstIndex(where: { $0.invokeID == target }) else {
            return ignore(name, "no session `\(target)` is running")
        }
        let child = box.children[state.sessions[index].invocation].program
        guard let event = child.event(matching: name) else {
            return ignore(name, "session \(target) takes no such event")
        }
        var raised = RaisedEvent(event: event, payload: payload, instance: -1, kind: .external, sendID: sendID)
        if child.events[event] != name { raised.name = name }
        runSession(index) { $0.receive(raised) }
    }

    /// An event from the parent: into the external queue, for the top screen, with the parent as its origin.
    mutating func receive(_ event: RaisedEvent) {
        guard state.launched, !state.ended, let top = topInstance else {
            return ignore(program.events[event.event], "the session has ended")
        }
        var raised = event
        raised.instance = top.id
        raised.origin = "#_parent"
        state.externalQueue.append(raised)
        drainEvents()
    }

    /// Before an external event is handled: the `finalize` of the invocation it came from, then a copy to every
    /// session with `autoforward` (SCXML's order).
    mutating func beforeExternalEvent(_ raised: RaisedEvent) {
        if let invokeID = raised.invokeID,
            let index = program.invocations.firstIndex(where: { $0.id == invokeID }),
            let entry = program.invocations[index].finalize,
            findInstance(raised.instance)?.active.contains(program.invocations[index].state) == true
        {
            run(entry, Frame(instance: raised.instance, owner: program.invocations[index].state, event: raised.payload))
        }
        guard program.events.indices.contains(raised.event) else { return }
        let name = raised.name ?? program.events[raised.event]
        for session in state.sessions where program.invocations[session.invocation].autoforward {
            sendToSession(session.invokeID, name: name, payload: raised.payload, sendID: raised.sendID)
        }
    }

    /// Exiting an invoking state cancels its sessions: their timers stop and the events they sent are dropped.
    mutating func cancelSessions(of id: Int, instance: Int) {
        toInvoke.removeAll { $0.instance == instance && $0.state == id }
        let invocations = box.program.invocations
        cancelSessions(reason: "its state was exited") {
            $0.instance == instance && invocations[$0.invocation].state == id
        }
    }

    /// Cancels the sessions whose invoking screen has gone.
    mutating func dropOrphanSessions() {
        guard !state.sessions.isEmpty else { return }
        let layers = state.layers
        cancelSessions(reason: "its screen went away") { MachineState.location(of: $0.instance, in: layers) == nil }
    }

    mutating func cancelSessions(reason: String, where cancelled: (InvokedSession) -> Bool) {
        guard !state.sessions.isEmpty else { return }
        for session in state.sessions where cancelled(session) {
            if session.state.nextDeadline != nil { effects.append(.cancelTimer(id: -session.serial)) }
            state.externalQueue.removeAll { $0.invokeID == session.invokeID }
            record(.sessionEnded(id: session.invokeID, cancelled: true))
            record(.note("invoke \(session.invokeID): \(reason)"))
        }
        state.sessions.removeAll(where: cancelled)
    }

    /// A session's next timer is due on a real clock (`timerFired(-serial)`): it runs to that instant.
    mutating func sessionTimerFired(serial: Int) {
        guard let index = state.sessions.firstIndex(where: { $0.serial == serial }),
            let due = state.sessions[index].state.nextDeadline
        else { return ignore("timer #-\(serial)", "its session has ended") }
        state.now = max(state.now, due)
        runSession(index) { $0.handle(.advanceTime(by: .zero)) }
    }

    /// The session whose next timer comes first, at or before `end`.
    func nextDueSession(before end: ClockDuration) -> (index: Int, deadline: ClockDuration)? {
        var best: (index: Int, deadline: ClockDuration)?
        for (index, session) in state.sessions.enumerated() {
            guard let due = session.state.nextDeadline, due <= end else { continue }
            if let earlier = best, earlier.deadline <= due { continue }
            best = (index, due)
        }
        return best
    }
}
