import SegueDiagnostics
import SegueExpression
import SegueModel

/// One thing that happened during a step, in order; names are the flow's own.
public enum TraceEntry: Sendable, Hashable, Codable, CustomStringConvertible {
    case screenEntered(screen: String, instance: Int)
    case screenExited(screen: String, instance: Int)
    case stateEntered(screen: String, state: String)
    case stateExited(screen: String, state: String)
    /// A navigation transition: its kind, the screen on top before and after.
    case transition(kind: TransitionKind, from: String?, to: String?)
    /// An action ran, on a screen (or `flow` for the flow's own hooks).
    case action(keyword: String, screen: String)
    /// An event was handled by a screen or a nested state (`recording.countdown`).
    case eventConsumed(event: String, by: String)
    /// An event or input had no effect, and why.
    case ignored(what: String, reason: String)
    case callStarted(id: Int, service: String, operation: String)
    /// An outcome arrived and took a branch (`ok`, `error`, `code 12`, `cancelled`, …).
    case outcome(id: Int, branch: String)
    /// A pending call whose screen or state went away: a `cancelCall` effect reaches the service.
    case callCancelled(id: Int, service: String, operation: String, reason: String)
    /// An outcome nobody waits for any more.
    case outcomeDropped(id: Int, reason: String)
    /// An error went to a handler: `call error branch`, `on_error of donate`, `flow on_error`, `default alert`;
    /// `at` is where the expression or `send` that failed was written (nil for a service's failure).
    case error(message: String, handledBy: String, at: SourceRange? = nil)
    /// A state's completion was queued: `done.state.<state>` (on the internal queue, `current_event.type` `internal`).
    case doneRaised(event: String)
    /// A final state at the top of a screen's chart ended the flow.
    case flowEnded(screen: String, state: String)
    /// A macrostep raised more events than the limit (a send loop, or `always:` that never settles): the queued ones
    /// were dropped.
    case eventLimit(limit: Int, dropped: Int, cause: String)
    case alertShown(title: String)
    case timerFired(id: Int)
    /// A screen that left handed a value back to the `on_result` of the navigation that opened it.
    case resultHandedBack(from: String, to: String, value: Value)
    case note(String)
    /// What an invoked session did (`invoke:`), as its own trace says it.
    indirect case session(id: String, entry: TraceEntry)
    /// An invocation started its session.
    case sessionStarted(id: String)
    /// An invoked session ended: it reached a final state (`done.invoke.<id>` follows), or was cancelled.
    case sessionEnded(id: String, cancelled: Bool)

    public var description: String {
        switch self {
        case .screenEntered(let screen, let instance): "enter \(screen) #\(instance)"
        case .screenExited(let screen, let instance): "exit \(screen) #\(instance)"
        case .stateEntered(let screen, let state): "enter state \(screen).\(state)"
        case .stateExited(let screen, let state): "exit state \(screen).\(state)"
        case .transition(let kind, let from, let to): "\(kind.rawValue) \(from ?? "-") → \(to ?? "-")"
        case .action(let keyword, let screen): "\(screen): \(keyword)"
        case .eventConsumed(let event, let by): "event \(event) handled by \(by)"
        case .ignored(let what, let reason): "ignored \(what): \(reason)"
        case .callStarted(let id, let service, let operation): "call #\(id) \(service).\(operation)"
        case .outcome(let id, let branch): "outcome #\(id): \(branch)"
        case .callCancelled(let id, let service, let operation, let reason):
            "call #\(id) \(service).\(operation) cancelled: \(reason)"
        case .outcomeDropped(let id, let reason): "dropped outcome #\(id): \(reason)"
        case .error(let message, let handledBy, _): "error \"\(message)\" → \(handledBy)"
        case .doneRaised(let event): "raised \(event)"
        case .flowEnded(let screen, let state): "the flow ended: \(screen) entered final state \(state)"
        case .eventLimit(let limit, let dropped, let cause):
            "stopped after \(limit) raised events: \(dropped) dropped (\(cause))"
        case .alertShown(let title): "alert \"\(title)\""
        case .timerFired(let id): "timer #\(id) fired"
        case .resultHandedBack(let from, let to, let value): "result \(value.literal) handed back by \(from) to \(to)"
        case .note(let text): text
        case .session(let id, let entry): "[\(id)] \(entry.description)"
        case .sessionStarted(let id): "invoke \(id): its session started"
        case .sessionEnded(let id, let cancelled): "invoke \(id): its session \(cancelled ? "was cancelled" : "ended")"
        }
    }
}
