import SegueExpression
import SegueModel

/// A `send`'s parts computed when it runs (SCXML's `eventexpr`, `targetexpr`, `typeexpr`, `idlocation`,
/// `sendidexpr`), and the errors SCXML raises when a send cannot go: `error.execution` for a target or processor
/// it does not support, `error.communication` for a session it cannot reach; either carries the send's id.
extension Runner {
    /// The frame local holding a delayed send's generated id until it is delivered (not a name a flow can write).
    static let generatedSendID = "#sendid"

    /// SCXML's own event I/O processor, by its two names; the only one a `send` can go through.
    static let scxmlProcessors: Set<String> = [scxmlProcessor, "scxml"]

    /// Runs a `send` whose parts are computed: the id first (so an error about the send can name it), then the
    /// name, the processor, the target and the payload. False when it failed and the action list stops there.
    mutating func sendComputed(_ operation: ComputedSendOperation, frame: Frame) -> Bool {
        var delivery = operation.delivery
        if let location = operation.idLocation { delivery.id = generateSendID(into: location, frame: frame).text }
        let fallback = operation.event.map { program.events[$0] }
        let name: String
        if let expression = operation.name {
            guard let computed = computedEvent(expression, fallback: fallback, frame: frame) else { return false }
            name = computed
        } else if let fallback {
            name = fallback
        } else {
            return false
        }
        if let processor = operation.processor, !supportsProcessor(processor, sendID: delivery.id, frame: frame) {
            return false
        }
        if let target = operation.target {
            guard let kind = queue(for: target, default: delivery.kind, sendID: delivery.id, frame: frame) else {
                return false
            }
            delivery.kind = kind
        }
        guard frame.instance >= 0 else {
            ignore(name, "sent outside any screen")
            return true
        }
        guard let value = evaluate(operation.payload, data: operation.data, frame) else { return false }
        // A name no handler key takes is dropped, as SCXML drops unmatched events; one a key takes as a prefix
        // (`foo` of `foo.bar`) is dispatched as the event it falls under, keeping its own name.
        guard let event = program.event(matching: name) else {
            ignore(name, "no state takes it")
            return true
        }
        deliver(event, payload: value, delivery: delivery, instance: frame.instance, name: name)
        return true
    }

    /// A fresh send id (`send.1`, `send.2`, … for the run), stored into `location` (`id_as:`), with the timer name
    /// a delayed send waits under: generated ids are named by negative numbers, which no written `id:` interns to.
    mutating func generateSendID(into location: AssignTarget, frame: Frame) -> (text: String, timerName: Int) {
        let number = state.nextSend
        state.nextSend += 1
        let text = "send.\(number)"
        assign(.string(text), to: location, frame: frame)
        return (text, -number)
    }

    /// `cancel_timer` + `timer:`: cancels the screen's timers and delayed sends with the computed id, written
    /// (`id:`) or generated (`id_as:`), or null's `fallback`; an id nothing waits under cancels nothing. False when
    /// it is not a text.
    mutating func cancelTimers(computedBy expression: Int, fallback: Int?, frame: Frame) -> Bool {
        guard let value = routedValue(expression, frame: frame) else { return false }
        var names: Set<Int> = []
        switch value {
        case .null where fallback != nil:
            if let fallback { names.insert(fallback) }
        case .string(let id):
            if let written = program.timerNames.firstIndex(of: id) { names.insert(written) }
            if id.hasPrefix("send."), let number = Int(id.dropFirst(5)), number > 0, "send.\(number)" == id {
                names.insert(-number)
            }
        default:
            let expected = fallback == nil ? "a text" : "a text or null"
            failSend(
                .execution, "`cancel_timer`'s `timer` must be \(expected), found `\(value.literal)`", sendID: nil,
                written: expression, frame: frame)
            return false
        }
        cancelTimers { timer in timer.name.map(names.contains) == true && timer.frame.instance == frame.instance }
        return true
    }

    /// Whether a computed `processor:` is SCXML's (or null); any other raises `error.execution`.
    private mutating func supportsProcessor(_ expression: Int, sendID: String?, frame: Frame) -> Bool {
        guard let value = routedValue(expression, frame: frame) else { return false }
        if case .null = value { return true }
        if case .string(let processor) = value, Self.scxmlProcessors.contains(processor) { return true }
        failSend(
            .execution, "the event I/O processor `\(value.literal)` is not supported", sendID: sendID,
            written: expression, frame: frame)
        return false
    }

    /// The queue a computed `target:` goes to: `#_internal` the internal one, this session's own address the
    /// external one, null `kind`'s; nil once any other address has raised SCXML's error.
    private mutating func queue(for expression: Int, default kind: EventKind, sendID: String?, frame: Frame)
        -> EventKind?
    {
        guard let value = routedValue(expression, frame: frame) else { return nil }
        switch value {
        case .null: return kind
        case .string("#_internal"): return .internal
        case .string(ownOrigin): return .external
        case .string(let address) where address.hasPrefix("#_"):
            failSend(
                .communication, "no session at `\(address)` can be reached", sendID: sendID, written: expression,
                frame: frame)
        default:
            failSend(
                .execution, "`\(value.literal)` is not a target a send can go to", sendID: sendID, written: expression,
                frame: frame)
        }
        return nil
    }

    /// Routes SCXML's error about a send: raised as `error.execution` or `error.communication` where the chart
    /// takes it, else to `on_error` like any error; `error.sendid` (and `current_event.sendid`) name the send.
    /// `written` is the expression that gave what the send could not use, where the error points.
    private mutating func failSend(
        _ kind: SendFailure, _ message: String, sendID: String?, written expression: Int, frame: Frame
    ) {
        let details: [String: Value] = sendID.map { ["sendid": .string($0)] } ?? [:]
        routeError(
            ServiceError(
                service: SendFailure.service, code: kind.rawValue, message: message, details: details,
                origin: program.expressions[expression].range),
            frame: frame)
    }
}

/// Why a send could not go, as SCXML names its error event: `error.execution`, `error.communication`.
enum SendFailure: String {
    case execution
    case communication

    /// The `service` of the error a failed send routes.
    static let service = "send"
}
