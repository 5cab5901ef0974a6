import SegueDiagnostics
import SegueExpression
import SegueModel

/// A failure a flow can show and branch on: `error.code`, `error.message`.
///
///     ServiceError(service: "api", code: "11", message: "Недостаточно средств")
public struct ServiceError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which service failed: `store`, `api`, `audio`, `defaults`, `photos`, or a flow-declared name.
    public var service: String
    /// Stable and matchable in a flow: an API code (`"11"`), or a kind (`timeout`, `refused`, `http_500`,
    /// `malformed_json`, `missing_envelope`, `unknown_code`, `insufficient_funds`, `not_found`, …).
    public var code: String
    /// For people; the server's own text where it sent one (seed requirement D11).
    public var message: String
    /// Anything else worth keeping (HTTP status, the raw code, the endpoint).
    public var details: [String: Value]
    /// Where the flow wrote what failed (an expression, a `send`); nil for a service's own failure.
    public var origin: SourceRange?

    public init(
        service: String, code: String, message: String, details: [String: Value] = [:], origin: SourceRange? = nil
    ) {
        self.service = service
        self.code = code
        self.message = message
        self.details = details
        self.origin = origin
    }

    public var description: String { "\(service) error \(code): \(message)" }

    /// The value a flow sees as `error`: every field `ErrorField` declares (`sendid` null unless a `send` raised
    /// it), over the details kept for people and traces.
    public var value: Value {
        var fields = details
        for field in ErrorField.allCases {
            switch field {
            case .service: fields[field.rawValue] = .string(service)
            case .code: fields[field.rawValue] = .string(code)
            case .message: fields[field.rawValue] = .string(message)
            case .sendid: fields[field.rawValue] = details[field.rawValue] ?? .null
            }
        }
        return .record(fields)
    }
}

/// How a service call ended: the three branches a flow's `call` action has.
public enum ServiceOutcome: Sendable, Hashable, Codable {
    case ok(Value)
    case error(ServiceError)
    /// The user backed out (closed the purchase sheet, cancelled the photo picker).
    case cancelled
}

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
