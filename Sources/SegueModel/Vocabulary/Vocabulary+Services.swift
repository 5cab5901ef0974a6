extension Vocabulary {
    /// A service declaration: one shape per service kind.
    static let serviceDeclaration = KeyType.either(
        ServiceDeclaration.Kind.allCases.map { .object(.service($0.rawValue)) })

    static let operationParameters = KeyType.mapping(of: .either([.typeText, .object(.operationParameter)]))

    private static func serviceKind(_ kind: ServiceDeclaration.Kind) -> KeySpec {
        KeySpec("kind", .oneOf([kind.rawValue]), required: true, doc: "what the service is", example: kind.rawValue)
    }

    static let serviceKindTable: [KindSpec] = [
        KindSpec("store", place: .service("store"), doc: "in-app purchases (StoreKit)", example: "`{ kind: store }`"),
        KindSpec(
            "api", place: .service("api"), doc: "an HTTP API with an envelope and a code table",
            example: "`{ kind: api, endpoints: { … } }`"),
        KindSpec(
            "audio", place: .service("audio"), doc: "recording, takes, playback, mixdown", example: "`{ kind: audio }`"),
        KindSpec(
            "defaults", place: .service("defaults"), doc: "UserDefaults-style key/value storage",
            example: "`{ kind: defaults }`"),
        KindSpec(
            "photos", place: .service("photos"), doc: "picking and cropping photos", example: "`{ kind: photos }`"),
        KindSpec(
            "custom", place: .service("custom"),
            doc: "operations declared here, answered by a fixture file, a process, or Swift code",
            example: "`{ kind: custom, operations: { … } }`"),
    ]

    static let servicePlaces: [PlaceSpec] =
        ServiceDeclaration.Kind.allCases.map { kind in
            var keys = [serviceKind(kind)]
            switch kind {
            case .api:
                keys += [
                    KeySpec(
                        "envelope", .object(.envelope), doc: "the response fields holding the code, data and message",
                        example: "{ code: Error, data: Data }"),
                    KeySpec(
                        "codes", .mapping(of: .object(.responseCode)), doc: "code → its outcome and meaning",
                        example: "{ \"10\": { outcome: ok } }"),
                    KeySpec(
                        "endpoints", .mapping(of: .object(.endpoint)), required: true, doc: "name → endpoint",
                        example: "{ list: { method: GET, path: /entries } }"),
                ]
            case .custom:
                keys += [
                    KeySpec(
                        "operations", .mapping(of: .object(.operation)), required: true, doc: "name → operation",
                        example: "{ greet: { parameters: { name: string }, result: string } }"),
                    KeySpec(
                        "fixture", .string,
                        doc:
                            "a YAML or JSON file of outcomes per operation, chosen by arguments, with delays; relative to the flow file",
                        example: "library.outcomes.yaml"
                    ).excluding(["command"], because: "the calls are answered by the file or by the process, not both"),
                    KeySpec(
                        "command", .list(of: .string),
                        doc:
                            "a process that answers the calls in JSON lines, started when first called, in the flow file's directory",
                        example: "[python3, library.py]"),
                    KeySpec(
                        "timeout", .duration, default: "10s",
                        doc: "how long a call waits for the process's answer before it fails with `timeout`",
                        example: "5s"),
                ]
            case .store:
                keys.append(
                    KeySpec(
                        "configuration", .string,
                        doc: "the StoreKit configuration file, relative to the flow file (`--storekit` overrides it)",
                        example: "donate/Products.storekit"))
            case .photos:
                keys.append(
                    KeySpec(
                        "sample_photo", .string,
                        doc:
                            "the image `pick` returns headless, relative to the flow file (`--sample-photo` overrides it)",
                        example: "donate/photo.png"))
            case .audio:
                keys.append(
                    KeySpec(
                        "input", .string,
                        doc:
                            "a WAV file recordings are taken from, relative to the flow file (`--audio-input` overrides it)",
                        example: "voice.wav"))
            case .defaults:
                break
            }
            let spec = serviceKindTable.first { $0.name == kind.rawValue }
            return PlaceSpec(
                .service(kind.rawValue), title: "a `\(kind.rawValue)` service", doc: spec?.doc ?? kind.rawValue,
                keys: keys)
        } + [
            PlaceSpec(
                .envelope, title: "`envelope`", doc: "the response fields of an API",
                keys: [
                    KeySpec(
                        "code", .string, default: "Error", doc: "the field holding the response code", example: "Error"),
                    KeySpec("data", .string, default: "Data", doc: "the field holding the result", example: "Data"),
                    KeySpec("message", .string, doc: "a field with the server's text", example: "Message"),
                ]),
            PlaceSpec(
                .responseCode, title: "a response code", doc: "what one API code means",
                keys: [
                    KeySpec(
                        "outcome", .oneOf(ResponseCode.Outcome.allCases.map(\.rawValue)), required: true,
                        doc: "success, success without data, or failure", example: "ok"),
                    KeySpec("meaning", .string, default: "\"\"", doc: "the text shown for it", example: "Done"),
                ]),
            PlaceSpec(
                .endpoint, title: "an endpoint", doc: "one HTTP endpoint of an API",
                keys: [
                    KeySpec(
                        "method", .oneOf(Operation.Method.allCases.map(\.rawValue)), required: true,
                        doc: "the HTTP method", example: "GET"),
                    KeySpec(
                        "path", .matching(pattern: "^/", shape: "path from `/`"), required: true,
                        doc: "the path below the base URL", example: "/entries"),
                    KeySpec(
                        "timeout", .duration, default: "15s", doc: "how long to wait for the whole answer",
                        example: "10s"),
                    KeySpec(
                        "max_response_bytes", .wholeNumber(minimum: 1), default: "8388608",
                        doc: "the largest response body read, on the wire and decompressed (8 MiB)",
                        example: "1048576"),
                    KeySpec(
                        "parameters", operationParameters,
                        doc: "name → type, or `{ type, … }`; type `file` is a local file sent as multipart",
                        example: "{ page: int }"),
                    KeySpec(
                        "result", .typeText,
                        doc: "the type of the response's data; data that does not match it is `bad_response`",
                        example: "list<Entry>"),
                ]),
            PlaceSpec(
                .operation, title: "an operation", doc: "one operation of a custom service",
                keys: [
                    KeySpec(
                        "parameters", operationParameters, doc: "name → type, or `{ type, … }`",
                        example: "{ name: string }"),
                    KeySpec("result", .typeText, doc: "the type of the result", example: "string"),
                ]),
            PlaceSpec(
                .operationParameter, title: "a parameter", doc: "an operation's parameter written as a mapping",
                keys: [
                    KeySpec("type", .typeText, required: true, doc: "the parameter's type", example: "int"),
                    KeySpec("required", .bool, default: "false", doc: "a call must pass it", example: "true"),
                    KeySpec("max_length", .wholeNumber(minimum: 1), doc: "the longest text accepted", example: "100"),
                    KeySpec("min", .wholeNumber(minimum: nil), doc: "the least number accepted", example: "1"),
                    KeySpec("max", .wholeNumber(minimum: nil), doc: "the greatest number accepted", example: "100"),
                    KeySpec("default", .expression, doc: "the value when a call passes none", example: "50"),
                ]),
        ]
}
