import SegueExpression
import SegueMachine
import SegueRuntime

/// An `APIService` seen as a flow's `api` service: each declared endpoint is an operation the flow can `call`.
///
///     let api = APIFlowService(endpoints: WallOfHonorContract.endpoints, service: try LocalBoard())
///     await api.call("list_entries", arguments: ["count": .int(6)])
///
/// With `results`, an endpoint's `ok` data is checked against its declared type and limits: an item of a list
/// result that breaks them is left out with a warning in the trace, and the rest shows; other data that breaks
/// them (or a list with no good item) is the error `bad_response`, with the first problem in `details.problem`. With `uploads`, a `file` argument must
/// be a file the photo service produced, or the call fails (code `01`, rule `file`) before any request.
public struct APIFlowService: FlowService {
    public let endpoints: [APIEndpoint]
    public let service: any APIService
    /// The name errors carry in `service`.
    public let serviceName: String
    /// What each endpoint's data must be, by endpoint name; an endpoint without one is not checked.
    public let results: [String: APIResultContract]
    /// The files an upload may send; nil sends any regular file.
    public let uploads: PhotoFileRegistry?

    public init(
        endpoints: [APIEndpoint], service: any APIService, serviceName: String = "api",
        results: [String: APIResultContract] = [:], uploads: PhotoFileRegistry? = nil
    ) {
        self.endpoints = endpoints
        self.service = service
        self.serviceName = serviceName
        self.results = results
        self.uploads = uploads
    }

    public var operations: [String] { endpoints.map(\.name) }

    /// Calls the endpoint named `operation`; an undeclared name is `unknown_operation`, without a call.
    public func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome {
        await answer(operation, arguments: arguments, call: 0).outcome
    }

    /// The call's outcome, and a warning in the trace for each item of a list result left out for breaking the
    /// result contract (`APIResultContract.screened`): the rest of the page shows.
    public func answer(_ operation: String, arguments: [String: Value], call _: Int) async -> ServiceAnswer {
        guard let endpoint = endpoints.first(where: { $0.name == operation }) else {
            return ServiceAnswer(
                .error(
                    ServiceError(
                        service: serviceName, code: "unknown_operation",
                        message: "Операция «\(operation)» не объявлена (есть: \(operations.joined(separator: ", ")))",
                        details: ["operation": .string(operation)])))
        }
        if let refusal = await refusedUpload(arguments, endpoint) { return ServiceAnswer(.error(refusal)) }
        let outcome = await service.call(endpoint, arguments: arguments)
        guard case .ok(let data) = outcome, let contract = results[operation] else { return ServiceAnswer(outcome) }
        switch contract.screened(data, arguments: arguments, endpoint: endpoint) {
        case .success((let kept, let leftOut)):
            let warnings = leftOut.map {
                "warning: \(operation): item \($0.index) of the list left out, it breaks the result contract: "
                    + ServerText.sanitized($0.problem)
            }
            return ServiceAnswer(.ok(kept), log: warnings)
        case .failure(let refusal):
            return ServiceAnswer(
                .error(
                    ServiceError(
                        service: serviceName, code: "bad_response",
                        message: "Сервер прислал данные не того вида, что ожидались; попробуйте позже",
                        details: [
                            "endpoint": .string(operation), "expected": .string(contract.type.description),
                            "problem": .string(ServerText.sanitized(refusal.problem)),
                        ])))
        }
    }

    /// The error for the first `file` argument that is not a file the photo service produced, or nil.
    private func refusedUpload(_ arguments: [String: Value], _ endpoint: APIEndpoint) async -> ServiceError? {
        guard let uploads else { return nil }
        for parameter in endpoint.parameters where parameter.kind == .file {
            guard let path = arguments[parameter.name]?.stringValue, !path.isEmpty,
                let problem = await uploads.problem(uploading: path)
            else { continue }
            return APIArgumentValidator.violation(
                "Файл «\(ServerText.sanitized(path))» для параметра «\(parameter.name)» не отправлен: \(problem)",
                parameter.name, "file", endpoint, serviceName)
        }
        return nil
    }
}
