import SegueExpression
import SegueModel

/// Delays on the clock: a timer's or a delayed `send`'s, and the delayed send itself, which belongs to its screen
/// rather than to the state that sent it (SCXML's `<send delay>` outlives its state; Segue's `after:` does not).
extension Runner {
    /// A delay in whole nanoseconds from a number of seconds or a duration text (`'1.5s'`, `'500ms'`); nil once a
    /// bad one is routed as an error.
    mutating func clockDelay(_ expression: Int, repeats: Bool, send: Bool = false, frame: Frame) -> ClockDuration? {
        guard let value = routedValue(expression, frame: frame) else { return nil }
        // Whole nanoseconds from here on: re-arming an `every` adds integers, so nothing drifts.
        let span: ClockDuration?
        if case .string(let text) = value {
            span = ClockDuration(parsing: text)
        } else {
            span = value.numberValue.flatMap { $0 >= 0 && $0.isFinite ? ClockDuration(seconds: $0) : nil }
        }
        guard let span, !repeats || span > .zero else {
            let source = program.expressions[expression]
            routeError(
                ExpressionFailure(
                    kind: "invalidArgument",
                    message: repeats || !send
                        ? "a timer's delay must be a number of seconds\(repeats ? " above 0" : ""), found `\(value.literal)`"
                        : "a send's delay must be a number of seconds or a duration such as `1.5s`, found `\(value.literal)`",
                    source: source.source, offset: 0, length: source.source.utf8.count, range: source.range
                ).serviceError, frame: frame)
            return nil
        }
        return span
    }

    /// A `send`'s computed `event:` name (null gives `fallback`), or nil once anything else that is not a text is
    /// routed as an error.
    mutating func computedEvent(_ expression: Int, fallback: String?, frame: Frame) -> String? {
        guard let value = routedValue(expression, frame: frame) else { return nil }
        if case .null = value, let fallback { return fallback }
        guard case .string(let name) = value, !name.isEmpty else {
            let source = program.expressions[expression]
            routeError(
                ExpressionFailure(
                    kind: "invalidArgument",
                    message:
                        "a send's `event` must be a non-empty text\(fallback == nil ? "" : " or null"), found `\(value.literal)`",
                    source: source.source, offset: 0, length: source.source.utf8.count, range: source.range
                ).serviceError, frame: frame)
            return nil
        }
        return name
    }

    /// An expression's value, or nil once its failure is routed as an error.
    mutating func routedValue(_ expression: Int, frame: Frame) -> Value? {
        switch evaluate(expression, frame) {
        case .success(let result): return result
        case .failure(let failure):
            routeError(failure.serviceError, frame: frame)
            return nil
        }
    }

    /// A sent event into its queue: the internal one, or with `type: external` the external one (SCXML's).
    mutating func deliver(_ event: Int, payload: Value, delivery: SendDelivery, instance: Int, name: String? = nil) {
        if let session = delivery.session {
            return sendToSession(session, name: name ?? program.events[event], payload: payload, sendID: delivery.id)
        }
        var raised = RaisedEvent(
            event: event, payload: payload, instance: instance, kind: delivery.kind, sendID: delivery.id,
            below: self.instance(below: instance))
        if let name, name != program.events[event] { raised.name = name }
        if delivery.kind == .external {
            raised.origin = ownOrigin
            state.externalQueue.append(raised)
        } else {
            state.eventQueue.append(raised)
        }
    }

    /// Schedules a delayed send: its timer is the screen's (no state owns it), and keeps the payload as its event.
    mutating func sendLater(_ operation: SendLaterOperation, payload: Value, frame: Frame) -> Bool {
        var timerFrame = Frame(instance: frame.instance, event: payload)
        var name = operation.name
        if let location = operation.idLocation {
            let id = generateSendID(into: location, frame: frame)
            timerFrame.locals[Self.generatedSendID] = .string(id.text)
            name = id.timerName
        }
        guard let delay = clockDelay(operation.delay, repeats: false, send: true, frame: frame) else { return false }
        schedule(name: name, delay: delay, repeats: false, entry: operation.entry, frame: timerFrame)
        return true
    }
}
