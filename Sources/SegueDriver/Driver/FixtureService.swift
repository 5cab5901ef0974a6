import SegueExpression
import SegueMachine
import SegueModel
import SegueRuntime

/// A custom service answered from its outcomes file (`fixture:`): the first rule of the operation whose `when`
/// matches the call's arguments, after the rule's delay on the flow's clock.
///
///     let library = FixtureService(name: "library", fixture: fixture, file: "library.outcomes.yaml")
///     await library.answer("search", arguments: ["query": "swift"], call: 1)   // ok [...] after 1.5 s
public struct FixtureService: FlowService {
    public let name: String
    public let fixture: ServiceFixture
    /// The file, as written in the flow, for messages.
    public let file: String
    public let operations: [String]

    public init(name: String, fixture: ServiceFixture, file: String, operations: [String]) {
        self.name = name
        self.fixture = fixture
        self.file = file
        self.operations = operations
    }

    public func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome {
        await answer(operation, arguments: arguments, call: 0).outcome
    }

    public func answer(_ operation: String, arguments: [String: Value], call id: Int) async -> ServiceAnswer {
        guard let rule = fixture.rule(for: operation, arguments: arguments) else {
            let message =
                fixture.operations[operation] == nil
                ? "\(file) has no outcomes for `\(operation)`"
                : "\(file) has no outcome of `\(operation)` for \(Value.record(arguments).literal) (add one without `when` as the default)"
            return ServiceAnswer(.error(ServiceError(service: name, code: "no_outcome", message: message)))
        }
        switch rule.outcome {
        case .ok(let value): return ServiceAnswer(.ok(value), delay: rule.delay)
        case .error(let code, let message):
            return ServiceAnswer(.error(ServiceError(service: name, code: code, message: message)), delay: rule.delay)
        case .cancelled: return ServiceAnswer(.cancelled, delay: rule.delay)
        }
    }
}
