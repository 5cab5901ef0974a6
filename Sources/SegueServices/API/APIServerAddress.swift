import Foundation
import SegueExpression
import SegueJSON

/// Where a real API server is, if the user named one: a command-line value, `SEGUE_API_URL`, or `api_url` in
/// `.segue/config.json`, first found wins.
///
///     if let address = try APIServerAddress.resolve(commandLine: options.apiURL) {
///         api = HTTPAPIService(baseURL: address.url)      // else: LocalBoard()
///     }
public struct APIServerAddress: Sendable, Hashable {
    /// Where the address came from, for messages like "using https://… (from SEGUE_API_URL)".
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        case commandLine
        case environment(variable: String)
        case configFile(path: String)

        public var description: String {
            switch self {
            case .commandLine: return "the command line"
            case .environment(let variable): return variable
            case .configFile(let path): return path
            }
        }
    }

    /// A named address that cannot be used, or a config file that cannot be read.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        public var source: Source
        public var message: String

        public init(source: Source, message: String) {
            self.source = source
            self.message = message
        }

        public var description: String { "\(source): \(message)" }
    }

    public static let environmentVariable = "SEGUE_API_URL"
    public static let configFile = ".segue/config.json"
    public static let configKey = "api_url"

    public var url: URL
    public var source: Source

    public init(url: URL, source: Source) {
        self.url = url
        self.source = source
    }

    /// The first address given, or nil when none is (use the embedded `LocalBoard` then).
    ///
    /// Empty values count as not given; a nil `configFile` reads none. A missing config file is fine; an unreadable or malformed one, or an
    /// address that is not an absolute `http`/`https` URL with a host, is a `Problem` naming where it came from.
    public static func resolve(
        commandLine: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        configFile: String? = APIServerAddress.configFile
    ) throws(Problem) -> APIServerAddress? {
        if let value = nonEmpty(commandLine) {
            return try parse(value, from: .commandLine)
        }
        if let value = nonEmpty(environment[environmentVariable]) {
            return try parse(value, from: .environment(variable: environmentVariable))
        }
        guard let configFile else { return nil }
        let source = Source.configFile(path: configFile)
        guard let contents = FileManager.default.contents(atPath: configFile) else {
            if FileManager.default.fileExists(atPath: configFile) {
                throw Problem(source: source, message: "the file cannot be read")
            }
            return nil
        }
        let example = "a JSON object such as {\"api_url\": \"https://…\"}"
        let json: JSON
        do {
            json = try JSON.parse(contents)
        } catch {
            throw Problem(
                source: source, message: "\(error.line):\(error.column): \(error.message); expected \(example)")
        }
        guard let fields = Value(json: json).recordValue else {
            throw Problem(source: source, message: "expected \(example)")
        }
        switch fields[configKey] {
        case nil, .null?: return nil
        case .string(let value)?:
            guard let value = nonEmpty(value) else { return nil }
            return try parse(value, from: source)
        case let other?:
            throw Problem(source: source, message: "\"\(configKey)\" must be a string, not \(other.literal)")
        }
    }

    /// One line for a banner, saying which server a service calls and who chose it; a config file is named as such,
    /// since a cloned repository can carry one.
    ///
    ///     address.banner(service: "board")   // "board → http://127.0.0.1:8080 (from .segue/config.json, a file in
    ///                                        //  the working directory), not the local board"
    public func banner(service: String) -> String {
        let origin: String
        switch source {
        case .commandLine: origin = "from --api-url"
        case .environment(let variable): origin = "from \(variable)"
        case .configFile(let path):
            // Relative: under the working directory, where a cloned repository's own `.segue/` would be.
            origin = "from \(path), a file in the \(path.hasPrefix("/") ? "data" : "working") directory"
        }
        return "\(service) → \(url.absoluteString) (\(origin)), not the local board"
    }

    /// Checks that `text` is an absolute http(s) URL with a host.
    public static func parse(_ text: String, from source: Source) throws(Problem) -> APIServerAddress {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw Problem(
                source: source,
                message: "«\(trimmed)» is not an http:// or https:// URL with a host, "
                    + "e.g. https://board.example.com/api")
        }
        return APIServerAddress(url: url, source: source)
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return value
    }
}
