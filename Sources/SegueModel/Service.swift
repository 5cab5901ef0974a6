import SegueDiagnostics

/// A service a flow calls, with the operations it may call on it.
///
///     services:
///       store: { kind: store, configuration: donate/Products.storekit }
///       board: { kind: api, endpoints: { list_entries: { method: GET, path: /board, … } } }
public struct ServiceDeclaration: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case store
        case api
        case audio
        case defaults
        case photos
        /// Operations declared in the flow, answered by a service registered in Swift.
        case custom
    }

    public var name: Name
    public var kind: Kind
    public var kindRange: SourceRange
    /// For `api`: the envelope fields and the code table shared by every endpoint.
    public var envelope: Envelope?
    public var codes: [ResponseCode]
    /// Declared operations (API endpoints, custom operations); built-in kinds add theirs from `BuiltinOperations`.
    public var operations: [Operation]
    public var range: SourceRange
    /// For `store`: the StoreKit configuration file (`configuration:`); for `photos`: the photo `pick` returns
    /// headless (`sample_photo:`); for `audio`: the WAV file recordings are taken from (`input:`). Relative to the
    /// flow file; the command line may override each.
    public var fixture: FixturePath? = nil
    /// For `custom`: the process that answers its calls in JSON lines (`command: [python3, library.py]`).
    public var command: ServiceCommand? = nil
    /// For `custom` with `command:`: seconds a call waits for the process's answer (`timeout:`).
    public var callTimeout: Double? = nil

    public func operation(named name: String) -> Operation? { operations.first { $0.name.text == name } }
}

/// The program and arguments of a custom service's process, as written; a program with a `/` is relative to the
/// flow file's directory, which is also the process's working directory.
public struct ServiceCommand: Sendable, Hashable {
    public var arguments: [String]
    public var range: SourceRange

    public init(_ arguments: [String], at range: SourceRange) {
        self.arguments = arguments
        self.range = range
    }

    /// The flow file's directory: where the process runs and relative programs are found.
    public var directory: String {
        guard let slash = range.path.lastIndex(of: "/") else { return "." }
        return String(range.path[..<slash])
    }

    /// Seconds a call waits for an answer when the flow gives no `timeout:`.
    public static let defaultTimeout = 10.0
}

/// The JSON envelope every response of an API has: `{ "Error": "10", "Data": … }`.
public struct Envelope: Sendable {
    public var codeField: String
    public var dataField: String
    /// A field holding the server's own message, if the API sends one.
    public var messageField: String?
}

/// One row of an API's code table: what a code means and which branch it takes.
public struct ResponseCode: Sendable {
    public enum Outcome: String, Sendable, CaseIterable {
        case ok
        case empty
        case error
    }

    public var code: Name
    public var outcome: Outcome
    public var meaning: String
    public var range: SourceRange
}

/// An operation of a service: typed parameters and result; for APIs also method, path and timeout.
public struct Operation: Sendable {
    public enum Method: String, Sendable, CaseIterable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    public var name: Name
    public var parameters: [OperationParameter]
    public var result: TypeText?
    public var method: Method?
    public var path: String?
    /// Seconds.
    public var timeout: Double?
    /// `max_response_bytes`: the largest response body the client reads (APIs only).
    public var maxResponseBytes: Int?
    public var range: SourceRange
}

/// A parameter of an operation: `name: { type: string, required: true, max_length: 100 }`.
public struct OperationParameter: Sendable {
    public var name: Name
    /// `string`, `int`, `number`, `bool`, `file`, or any type of the language.
    public var type: TypeText
    public var required: Bool
    public var maxLength: Int?
    public var minimum: Int?
    public var maximum: Int?
    public var defaultValue: ExpressionText?
    public var range: SourceRange
}

/// The operations built-in service kinds always have, with their parameter and result types.
public enum BuiltinOperations {
    public struct Signature: Sendable {
        public var name: String
        /// (name, type, required)
        public var parameters: [(String, String, Bool)]
        public var result: String
        /// Whether the operation can end in `cancelled` (the user closed a system sheet).
        public var cancellable: Bool
        /// Whether it can fail at all (a `call` without an error handler is then a warning).
        public var canFail: Bool
    }

    public static func signatures(for kind: ServiceDeclaration.Kind) -> [Signature] {
        switch kind {
        case .store:
            return [
                Signature(
                    name: "products", parameters: [("ids", "list<string>", true)], result: "list<Product>",
                    cancellable: false, canFail: true),
                Signature(
                    name: "purchase", parameters: [("product", "string", true)], result: "Purchase",
                    cancellable: true, canFail: true),
                Signature(
                    name: "transactions", parameters: [], result: "list<Purchase>", cancellable: false, canFail: false),
            ]
        case .defaults:
            return [
                Signature(
                    name: "get", parameters: [("key", "string", true)], result: "any", cancellable: false, canFail: true
                ),
                Signature(
                    name: "set", parameters: [("key", "string", true), ("value", "any", false)], result: "null",
                    cancellable: false, canFail: true),
            ]
        case .photos:
            return [
                Signature(name: "pick", parameters: [], result: "Photo", cancellable: true, canFail: true),
                Signature(
                    name: "crop",
                    parameters: [
                        ("photo", "Photo", false), ("path", "string", false), ("zoom", "number", false),
                        ("center_x", "number", false),
                        ("center_y", "number", false), ("aspect", "number", false), ("max_side", "int", false),
                    ], result: "Photo", cancellable: false, canFail: true),
            ]
        case .audio:
            let take = [("line", "string", true), ("character", "string", true)]
            return [
                Signature(name: "record", parameters: take, result: "Take", cancellable: false, canFail: true),
                Signature(name: "stop_recording", parameters: [], result: "Take", cancellable: false, canFail: true),
                Signature(name: "takes", parameters: [], result: "list<Take>", cancellable: false, canFail: true),
                Signature(name: "delete_take", parameters: take, result: "null", cancellable: false, canFail: true),
                Signature(
                    name: "set_volume", parameters: take + [("volume", "number", true)], result: "Take",
                    cancellable: false, canFail: true),
                Signature(
                    name: "trim", parameters: take + [("start", "number", true), ("end", "number", true)],
                    result: "Take", cancellable: false, canFail: true),
                Signature(
                    name: "play", parameters: [("clips", "list<any>", true)], result: "null", cancellable: true,
                    canFail: true),
                Signature(name: "stop", parameters: [], result: "null", cancellable: false, canFail: false),
                Signature(
                    name: "mixdown",
                    parameters: [
                        ("lines", "list<any>", true), ("clips", "map<string, string>", false),
                        ("volumes", "map<string, number>", false),
                    ],
                    result: "string", cancellable: false, canFail: true),
            ]
        case .api, .custom:
            return []
        }
    }

    /// Record types the built-in results use, as field lists, so `result.price` is checked.
    public static let recordTypes: [String: [(String, String)]] = [
        "Product": [
            ("id", "string"), ("title", "string"), ("description", "string"), ("price", "string"),
            ("price_value", "number"), ("currency", "string"), ("family_shareable", "bool?"),
            ("subscription", "StoreSubscription?"),
        ],
        "StoreSubscription": [
            ("period", "string"), ("group", "string?"), ("introductory_offer", "StoreOffer?"),
            ("promotional_offers", "list<StoreOffer>"),
        ],
        "StoreOffer": [
            ("id", "string?"), ("payment_mode", "string"), ("period", "string"), ("periods", "int"),
            ("price", "string?"),
        ],
        "Purchase": [("transaction_id", "string"), ("product", "string")],
        // A photo field's value adds its framing (D14): `photos.crop { photo: form.photo }` cuts out what it shows.
        "Photo": [
            ("path", "string"), ("width", "int"), ("height", "int"), ("zoom", "number?"), ("center_x", "number?"),
            ("center_y", "number?"), ("aspect", "number?"), ("max_side", "int?"),
        ],
        "Take": [
            ("id", "string"), ("line", "string"), ("character", "string"), ("file", "string"), ("duration", "number"),
            ("volume", "number"), ("trim_start", "number?"), ("trim_end", "number?"),
        ],
    ]
}
