import SegueExpression
import SegueMachine

/// One REST endpoint as a flow declares it; the runtime builds these from the flow's `services:` section.
public struct APIEndpoint: Sendable, Hashable, Codable {
    public enum Method: String, Sendable, Hashable, Codable, CaseIterable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    public struct Parameter: Sendable, Hashable, Codable {
        public enum Kind: String, Sendable, Hashable, Codable {
            case string
            case int
            case number
            case bool
            /// A file path on this machine, sent as a multipart part.
            case file
        }

        public var name: String
        public var kind: Kind
        public var required: Bool
        /// In Characters, for strings.
        public var maxLength: Int?
        public var minimum: Int?
        public var maximum: Int?
        public var defaultValue: Value?

        public init(
            name: String, kind: Kind, required: Bool = false, maxLength: Int? = nil, minimum: Int? = nil,
            maximum: Int? = nil, defaultValue: Value? = nil
        ) {
            self.name = name
            self.kind = kind
            self.required = required
            self.maxLength = maxLength
            self.minimum = minimum
            self.maximum = maximum
            self.defaultValue = defaultValue
        }
    }

    /// What one envelope code means.
    public struct Code: Sendable, Hashable, Codable {
        public enum Outcome: String, Sendable, Hashable, Codable {
            /// The call worked (`10`).
            case ok
            /// The call worked and there is nothing (`00`): `ok` with empty data.
            case empty
            case error
        }

        public var code: String
        public var outcome: Outcome
        public var meaning: String

        public init(code: String, outcome: Outcome, meaning: String) {
            self.code = code
            self.outcome = outcome
            self.meaning = meaning
        }
    }

    /// The operation name the flow calls, e.g. `add_entry`.
    public var name: String
    public var method: Method
    /// Relative to the API's base URL, e.g. `/board/add`.
    public var path: String
    public var parameters: [Parameter]
    /// Where the code and data sit in every response body (the seed's `Error` and `Data`).
    public var errorField: String
    public var dataField: String
    public var codes: [Code]
    /// Seconds before the call fails with `timeout`.
    public var timeout: Double
    /// What `ok` carries for an `empty` code (`00`): `[]` for endpoints that return a list, else null.
    public var emptyResult: Value
    /// The largest response body read, in bytes, on the wire and after decompression; more is `response_too_large`.
    public var maxResponseBytes: Int

    /// Seconds, when a flow's endpoint declares no `timeout` (docs/services.md says the same).
    public static let defaultTimeout: Double = 15

    /// 8 MiB: far more than any page of the board, far less than a gzip bomb.
    public static let defaultMaxResponseBytes = 8 << 20

    public init(
        name: String, method: Method, path: String, parameters: [Parameter], errorField: String = "Error",
        dataField: String = "Data", codes: [Code], timeout: Double = APIEndpoint.defaultTimeout,
        emptyResult: Value = .null,
        maxResponseBytes: Int = APIEndpoint.defaultMaxResponseBytes
    ) {
        self.name = name
        self.method = method
        self.path = path
        self.parameters = parameters
        self.errorField = errorField
        self.dataField = dataField
        self.codes = codes
        self.timeout = timeout
        self.emptyResult = emptyResult
        self.maxResponseBytes = maxResponseBytes
    }
}

/// A REST API with the envelope contract: every response is `{Error: code, Data: …}`.
/// `ok` carries `Data` (`emptyResult` for code `00`); every failure is a `ServiceError`.
public protocol APIService: Sendable {
    func call(_ endpoint: APIEndpoint, arguments: [String: Value]) async -> ServiceOutcome
}
