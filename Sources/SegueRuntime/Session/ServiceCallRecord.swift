import SegueExpression
import SegueMachine

/// One service call the flow made, with what came back.
public struct ServiceCallRecord: Sendable, Hashable, Codable {
    public var service: String
    public var operation: String
    public var arguments: [String: Value]
    public var outcome: ServiceOutcome

    public init(service: String, operation: String, arguments: [String: Value], outcome: ServiceOutcome) {
        self.service = service
        self.operation = operation
        self.arguments = arguments
        self.outcome = outcome
    }

    public var name: String { "\(service).\(operation)" }
}
