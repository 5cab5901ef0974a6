import SegueExpression
import SegueMachine

/// A `FlowService` answered by a closure: a test double that records nothing and fakes nothing else.
///
///     let store = InMemoryService(operations: ["purchase"]) { operation, arguments in
///         .ok(.record(["product": arguments["product"] ?? .null]))
///     }
public struct InMemoryService: FlowService {
    public let operations: [String]
    let answer: @Sendable (String, [String: Value]) async -> ServiceOutcome

    public init(
        operations: [String],
        answer: @escaping @Sendable (_ operation: String, _ arguments: [String: Value]) async -> ServiceOutcome
    ) {
        self.operations = operations
        self.answer = answer
    }

    public func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome {
        guard operations.contains(operation) else {
            return .error(
                ServiceError(service: "test", code: "unknown_operation", message: "no operation `\(operation)`"))
        }
        return await answer(operation, arguments)
    }
}
