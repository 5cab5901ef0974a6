import SegueDiagnostics
import SegueExpression

/// A custom service's outcomes written in a file (`fixture:`): per operation, rules tried in order, each with the
/// arguments it matches, the outcome and an optional delay on the flow's clock (docs/services.md).
///
///     search:
///       - when: { query: swift }
///         ok: [{ title: The Swift Book }]
///         after: 1.5s
///       - error: { code: not_found, message: Nothing found }
public struct ServiceFixture: Sendable {
    /// One rule: when every `when` argument equals the call's, the call ends with `outcome` after `delay`.
    public struct Rule: Sendable {
        public var when: [String: Value]
        public var outcome: Outcome
        public var delay: ClockDuration
        public var range: SourceRange
    }

    /// How a rule ends the call.
    public enum Outcome: Sendable, Hashable {
        case ok(Value)
        case error(code: String, message: String)
        case cancelled
    }

    /// Rules by operation, in file order.
    public var operations: [String: [Rule]]
    /// Where each operation's key is written, for diagnostics.
    public var operationRanges: [String: SourceRange]

    public init(operations: [String: [Rule]], operationRanges: [String: SourceRange]) {
        self.operations = operations
        self.operationRanges = operationRanges
    }

    /// The first rule of `operation` whose `when` the arguments match (a rule without `when` matches any call).
    public func rule(for operation: String, arguments: [String: Value]) -> Rule? {
        operations[operation]?.first { rule in rule.when.allSatisfy { arguments[$0.key] ?? .null == $0.value } }
    }
}
