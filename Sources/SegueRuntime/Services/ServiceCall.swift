import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel

/// Every service, seen uniformly: the runtime emits `call SERVICE.OPERATION(arguments)` effects and a session
/// routes each to the service registered under that name. Typed protocols (`StoreService`, `APIService`, …)
/// sit underneath; an adapter maps operation names to their methods.
public protocol FlowService: Sendable {
    /// The operations this service answers, for checks and REPL completion.
    var operations: [String] { get }
    func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome
    /// The outcome of the machine's call `id` and how long after the call it arrives on the flow's clock; a
    /// session calls this. The default asks `call` and answers at once. Task cancellation means the screen that
    /// made the call went away (the `cancelCall` effect): stop the work and return soon.
    func answer(_ operation: String, arguments: [String: Value], call id: Int) async -> ServiceAnswer
}

extension FlowService {
    public func answer(_ operation: String, arguments: [String: Value], call id: Int) async -> ServiceAnswer {
        ServiceAnswer(await call(operation, arguments: arguments))
    }
}

/// A call's outcome and its delay: a stepped session hands it to the machine when the virtual clock has moved
/// that far past the call; a real-time one waits that long.
public struct ServiceAnswer: Sendable, Hashable {
    public var outcome: ServiceOutcome
    public var delay: ClockDuration
    /// Lines the service wrote meanwhile (a process's stderr), for the trace of the step the call was made in.
    public var log: [String]

    public init(_ outcome: ServiceOutcome, delay: ClockDuration = .zero, log: [String] = []) {
        self.outcome = outcome
        self.delay = delay
        self.log = log
    }
}
