import Foundation

/// One HTTP request of an API call as the encoder builds it and `HTTPTransport` sends it: a plain value, so the
/// client needs no FoundationNetworking and `segue` does not load libcurl and its 28 libraries at every start.
///
///     let request = try APIRequestEncoder.request(for: endpoint, arguments: checked, baseURL: base)
///     request.header("Content-Type")   // "application/x-www-form-urlencoded; charset=utf-8"
public struct APIRequest: Sendable, Equatable {
    public var url: URL
    /// `GET`, `POST`, …
    public var method: String
    /// Header field name → value, names as set (`header(_:)` compares them case-insensitively).
    public var headers: [String: String]
    /// The body; nil for a GET.
    public var body: Data?
    /// Seconds for the whole exchange.
    public var timeout: Double

    public init(url: URL, method: String, headers: [String: String] = [:], body: Data? = nil, timeout: Double) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The value of the header field `name`, whatever its case, or nil.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    /// The header fields as `Name: value` lines, sorted by name.
    var headerLines: [String] { headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" } }
}
