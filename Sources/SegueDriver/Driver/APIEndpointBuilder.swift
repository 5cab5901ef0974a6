import SegueCheck
import SegueExpression
import SegueModel
import SegueRuntime
import SegueServices

/// Turns a flow's `kind: api` declaration into the endpoints the HTTP client and the local board call.
public enum APIEndpointBuilder {
    public static func endpoints(of declaration: ServiceDeclaration) -> [APIEndpoint] {
        let codes = declaration.codes.map { code in
            APIEndpoint.Code(
                code: code.code.text,
                outcome: code.outcome == .ok ? .ok : code.outcome == .empty ? .empty : .error, meaning: code.meaning)
        }
        return declaration.operations.map { operation in
            APIEndpoint(
                name: operation.name.text,
                method: APIEndpoint.Method(rawValue: operation.method?.rawValue ?? "GET") ?? .get,
                path: operation.path ?? "/" + operation.name.text,
                parameters: operation.parameters.map(parameter), errorField: declaration.envelope?.codeField ?? "Error",
                dataField: declaration.envelope?.dataField ?? "Data", codes: codes,
                timeout: operation.timeout ?? APIEndpoint.defaultTimeout,
                emptyResult: operation.result.map { $0.text.hasPrefix("list") || $0.text.hasPrefix("[") } == true
                    ? .list([]) : .null,
                maxResponseBytes: operation.maxResponseBytes ?? APIEndpoint.defaultMaxResponseBytes)
        }
    }

    /// What each endpoint's data must be: its `result:` type (the flow's `types` resolved), strings no longer than
    /// the service's parameters of the same name allow, and a list no longer than a `count` parameter asks for.
    public static func resultContracts(of declaration: ServiceDeclaration, types: [RecordTypeDeclaration])
        -> [String: APIResultContract]
    {
        let resolver = TypeResolver(types: types)
        var fieldLimits: [String: Int] = [:]
        for parameter in declaration.operations.flatMap(\.parameters) {
            guard let limit = parameter.maxLength else { continue }
            fieldLimits[parameter.name.text] = min(limit, fieldLimits[parameter.name.text] ?? limit)
        }
        var contracts: [String: APIResultContract] = [:]
        for operation in declaration.operations {
            guard let result = operation.result else { continue }
            let type = resolver.lenient(result.text)
            var paged = false
            if case .list = type.unwrapped { paged = operation.parameters.contains { $0.name.text == "count" } }
            contracts[operation.name.text] = APIResultContract(
                type: type, fieldLimits: fieldLimits, pageSizeParameter: paged ? "count" : nil)
        }
        return contracts
    }

    private static func parameter(_ declared: OperationParameter) -> APIEndpoint.Parameter {
        let kind: APIEndpoint.Parameter.Kind =
            switch declared.type.text {
            case "int": .int
            case "number": .number
            case "bool": .bool
            case "file": .file
            default: .string
            }
        var defaultValue: Value?
        if let text = declared.defaultValue?.text {
            defaultValue = Int(text).map(Value.int) ?? Double(text).map(Value.number) ?? .string(text)
        }
        return APIEndpoint.Parameter(
            name: declared.name.text, kind: kind, required: declared.required, maxLength: declared.maxLength,
            minimum: declared.minimum, maximum: declared.maximum, defaultValue: defaultValue)
    }
}
