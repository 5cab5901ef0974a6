import Foundation

/// One parsed HTTP/1.1 request: method, version, path, query, headers (names in lower case) and body.
///
///     request.path            // "/input"
///     request.query["step"]   // "3"
///     request.header("content-type")
public struct HTTPRequest: Sendable {
    public var method: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The percent-decoded path, without the query.
    public var path: String
    public var query: [String: String]
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(
        method: String, version: String = "HTTP/1.1", path: String, query: [String: String] = [:],
        headers: [(name: String, value: String)] = [], body: Data = Data()
    ) {
        self.method = method
        self.version = version
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first header of that name (case does not matter).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name == wanted }?.value
    }
}
