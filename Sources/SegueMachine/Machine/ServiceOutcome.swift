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
