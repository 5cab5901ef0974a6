import SegueExpression
import SegueMachine
import SegueRuntime

/// The user defaults as a flow calls them: `defaults.get`, `defaults.set`, `defaults.remove`.
///
/// - `get {key}` → `ok` with the value, or `null` when the key is missing;
/// - `set {key, value}` → `ok` with the value stored;
/// - `remove {key}` → `ok` with `null`.
public struct DefaultsFlowService: FlowService {
    public let defaults: any DefaultsService

    public init(defaults: any DefaultsService) {
        self.defaults = defaults
    }

    public var operations: [String] { ["get", "set", "remove"] }

    public func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome {
        let arguments = FlowArguments(service: "defaults", operation: operation, values: arguments)
        do {
            switch operation {
            case "get":
                return .ok(await defaults.value(forKey: try arguments.string("key")) ?? .null)
            case "set":
                let value = try arguments.value("value")
                try await defaults.set(value, forKey: try arguments.string("key"))
                return .ok(value)
            case "remove":
                try await defaults.set(nil, forKey: try arguments.string("key"))
                return .ok(.null)
            default:
                return FlowArguments.unknownOperation(operation, service: "defaults", known: operations)
            }
        } catch {
            return .error(error)
        }
    }
}
