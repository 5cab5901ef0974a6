import SegueExpression
import SegueRuntime

/// An `APIService` seen as a flow's `api` service: each declared endpoint is an operation the flow can `call`.
///
///     let api = APIFlowService(endpoints: WallOfHonorContract.endpoints, service: try LocalBoard())
///     await api.call("list_entries", arguments: ["count": .int(6)])
public struct APIFlowService: FlowService {
    public let endpoints: [APIEndpoint]
    public let service: any APIService
    /// The name errors carry in `service`.
    public let serviceName: String

    public init(endpoints: [APIEndpoint], service: any APIService, serviceName: String = "api") {
        self.endpoints = endpoints
        self.service = service
        self.serviceName = serviceName
    }

    public var operations: [String] { endpoints.map(\.name) }

    /// Calls the endpoint named `operation`; an undeclared name is `unknown_operation`, without a call.
    public func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome {
        guard let endpoint = endpoints.first(where: { $0.name == operation }) else {
            return .error(
                ServiceError(
                    service: serviceName, code: "unknown_operation",
                    message: "Операция «\(operation)» не объявлена (есть: \(operations.joined(separator: ", ")))",
                    details: ["operation": .string(operation)]))
        }
        return await service.call(endpoint, arguments: arguments)
    }
}
