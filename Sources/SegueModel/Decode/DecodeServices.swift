import SegueDiagnostics
import SegueYAML

extension FlowDecoder {
    /// `services: { store: { kind: store }, board: { kind: api, envelope: …, codes: …, endpoints: … } }`.
    mutating func decodeServices(_ node: Node) -> [ServiceDeclaration] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of service names", context: "`services`")
            return []
        }
        return entries.compactMap { entry in
            guard var reader = mapping(entry.value, at: nil, context: "service `\(entry.name)`") else { return nil }
            guard let kindNode = reader.take("kind") else {
                missing("kind", in: reader)
                finish(reader)
                return nil
            }
            guard let kind = keyword(kindNode, as: ServiceDeclaration.Kind.self, context: "`kind`") else {
                finish(reader)
                return nil
            }
            reader.enter(.service(kind.rawValue))
            var service = ServiceDeclaration(
                name: Name(entry.name, at: entry.key.range), kind: kind, kindRange: kindNode.range, envelope: nil,
                codes: [], operations: [], range: entry.value.range)
            switch kind {
            case .api:
                service.envelope =
                    reader.take("envelope").flatMap { decodeEnvelope($0) }
                    ?? Envelope(codeField: "Error", dataField: "Data", messageField: nil)
                if let codes = reader.take("codes") { service.codes = decodeCodes(codes) }
                if let endpoints = reader.take("endpoints") {
                    service.operations = decodeOperations(endpoints, api: true)
                } else {
                    missing("endpoints", in: reader)
                }
            case .custom:
                if let operations = reader.take("operations") {
                    service.operations = decodeOperations(operations, api: false)
                } else {
                    missing("operations", in: reader)
                }
                decodeCustomAnswers(&reader, into: &service)
            case .store, .audio, .photos:
                let key = Self.fixtureKeys[kind] ?? ""
                if let node = reader.take(key), let text = string(node, context: "`\(key)`") {
                    service.fixture = FixturePath(text, at: node.range)
                }
            case .defaults:
                break
            }
            finish(reader)
            return service
        }
    }

    /// A custom service's `fixture:`, `command:` and `timeout:`.
    mutating func decodeCustomAnswers(_ reader: inout MappingReader, into service: inout ServiceDeclaration) {
        if let node = reader.take("fixture"), let text = string(node, context: "`fixture`") {
            service.fixture = FixturePath(text, at: node.range)
        }
        if let node = reader.take("command") {
            let words = node.sequence?.compactMap { string($0, context: "`command`") } ?? []
            if node.sequence == nil || words.isEmpty {
                typeMismatch(
                    node, expected: "a program and its arguments, `[python3, library.py]`", context: "`command`")
            } else {
                service.command = ServiceCommand(words, at: node.range)
            }
        }
        if let node = reader.take("timeout") { service.callTimeout = span(node, context: "`timeout`") }
    }

    /// The key naming each service kind's fixture file, relative to the flow file.
    public static let fixtureKeys: [ServiceDeclaration.Kind: String] = [
        .store: "configuration", .photos: "sample_photo", .audio: "input", .custom: "fixture",
    ]

    mutating func decodeEnvelope(_ node: Node) -> Envelope? {
        guard var reader = mapping(node, at: .envelope, context: "`envelope`") else { return nil }
        let code = reader.take("code").flatMap { string($0, context: "`code`") } ?? "Error"
        let data = reader.take("data").flatMap { string($0, context: "`data`") } ?? "Data"
        let message = reader.take("message").flatMap { string($0, context: "`message`") }
        finish(reader)
        return Envelope(codeField: code, dataField: data, messageField: message)
    }

    /// `codes: { "10": { outcome: ok, meaning: Успешно }, "11": { outcome: error, meaning: … } }`.
    mutating func decodeCodes(_ node: Node) -> [ResponseCode] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of codes", context: "`codes`")
            return []
        }
        return entries.compactMap { entry in
            guard var reader = mapping(entry.value, at: .responseCode, context: "code `\(entry.name)`") else {
                return nil
            }
            let outcome = reader.take("outcome").flatMap {
                keyword($0, as: ResponseCode.Outcome.self, context: "`outcome`")
            }
            if outcome == nil, !reader.has("outcome") { missing("outcome", in: reader) }
            let meaning = reader.take("meaning").flatMap { string($0, context: "`meaning`") } ?? ""
            finish(reader)
            return outcome.map {
                ResponseCode(
                    code: Name(entry.name, at: entry.key.range), outcome: $0, meaning: meaning, range: entry.value.range
                )
            }
        }
    }

    mutating func decodeOperations(_ node: Node, api: Bool) -> [Operation] {
        let what = api ? "endpoint" : "operation"
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of \(what) names", context: api ? "`endpoints`" : "`operations`")
            return []
        }
        return entries.compactMap { entry in
            guard
                var reader = mapping(entry.value, at: api ? .endpoint : .operation, context: "\(what) `\(entry.name)`")
            else { return nil }
            var operation = Operation(
                name: Name(entry.name, at: entry.key.range), parameters: [], result: nil, method: nil, path: nil,
                timeout: nil, maxResponseBytes: nil, range: entry.value.range)
            if api {
                operation.method = reader.take("method").flatMap {
                    keyword($0, as: Operation.Method.self, context: "`method`")
                }
                if !reader.has("method") { missing("method", in: reader) }
                if let path = reader.take("path"), let text = string(path, context: "`path`") {
                    if !text.hasPrefix("/") {
                        error(
                            DiagnosticCode.invalidValue, "an endpoint's `path` starts with `/`, found `\(text)`",
                            at: path.range, fix: "/" + text)
                    }
                    operation.path = text
                } else if !reader.has("path") {
                    missing("path", in: reader)
                }
                if let timeout = reader.take("timeout") { operation.timeout = span(timeout, context: "`timeout`") }
                if let limit = reader.take("max_response_bytes") {
                    operation.maxResponseBytes = int(limit, context: "`max_response_bytes`", minimum: 1)
                }
            }
            if let parameters = reader.take("parameters") {
                operation.parameters = decodeOperationParameters(parameters)
            }
            operation.result = reader.take("result").flatMap { typeText($0, context: "`result`") }
            finish(reader)
            return operation
        }
    }

    /// `name: string` or `name: { type: string, required: true, max_length: 100, default: 50, min: 1, max: 100 }`.
    mutating func decodeOperationParameters(_ node: Node) -> [OperationParameter] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of parameter names", context: "`parameters`")
            return []
        }
        return entries.compactMap { entry in
            let name = Name(entry.name, at: entry.key.range)
            if entry.value.scalar != nil {
                return typeText(entry.value, context: "the type of `\(entry.name)`").map {
                    OperationParameter(
                        name: name, type: $0, required: false, maxLength: nil, minimum: nil, maximum: nil,
                        defaultValue: nil, range: entry.value.range)
                }
            }
            guard var reader = mapping(entry.value, at: .operationParameter, context: "parameter `\(entry.name)`")
            else { return nil }
            let type = reader.take("type").flatMap { typeText($0, context: "`type`") }
            if type == nil, !reader.has("type") { missing("type", in: reader) }
            let required = reader.take("required").flatMap { bool($0, context: "`required`") } ?? false
            let maxLength = reader.take("max_length").flatMap { int($0, context: "`max_length`", minimum: 1) }
            let minimum = reader.take("min").flatMap { int($0, context: "`min`") }
            let maximum = reader.take("max").flatMap { int($0, context: "`max`") }
            let defaultValue = reader.take("default").flatMap { expression($0, context: "`default`") }
            finish(reader)
            if let minimum, let maximum, minimum > maximum {
                error(
                    DiagnosticCode.invalidValue, "`min` (\(minimum)) is greater than `max` (\(maximum))",
                    at: entry.value.range)
            }
            return type.map {
                OperationParameter(
                    name: name, type: $0, required: required, maxLength: maxLength, minimum: minimum,
                    maximum: maximum, defaultValue: defaultValue, range: entry.value.range)
            }
        }
    }
}
