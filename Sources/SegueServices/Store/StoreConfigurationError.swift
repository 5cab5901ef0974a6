import Foundation
import SegueDiagnostics
import SegueExpression
import SegueJSON

/// A store configuration file (`.storekit`, outcomes or transactions JSON) that cannot be used, saying what and where.
///
///     Products.storekit: $.products[1].displayPrice: expected a price such as "149.00", found true
///     Products.storekit:4:7: unexpected '}'; expected a value
public struct StoreConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the caller named it.
    public var file: String
    /// Where a wrongly shaped value sits, e.g. `$.products[1].displayPrice`; nil for syntax and I/O errors.
    public var jsonPath: String?
    /// Where a syntax error sits (1-based); nil otherwise.
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, jsonPath: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.jsonPath = jsonPath
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(message)" }
        if let jsonPath { return "\(file): \(jsonPath): \(message)" }
        return "\(file): \(message)"
    }

    init(file: String, _ error: JSONSyntaxError) {
        self.init(file: file, line: error.line, column: error.column, message: error.message)
    }

    init(file: String, _ error: JSONShapeError) {
        self.init(file: file, jsonPath: error.path, message: error.message)
    }

    /// Reads and parses a JSON file, turning every failure into this error.
    static func parseJSONFile(_ url: URL) throws(StoreConfigurationError) -> JSONPathReader {
        let data: Data
        do {
            data = try SafeFile.read(url.path, limit: 64 << 20, links: .followed)
        } catch {
            let reason =
                !FileManager.default.fileExists(atPath: url.path)
                ? "does not exist"
                : error.size == nil ? "cannot be read: \(error.reason)" : "is too large: \(error.reason)"
            throw StoreConfigurationError(file: url.path, message: "the file \(reason)")
        }
        return try parseJSON(data, file: url.path)
    }

    /// JSON, or an XML property list (older Xcode's `.storekit`), both read as one value tree.
    static func parseJSON(_ data: Data, file: String) throws(StoreConfigurationError) -> JSONPathReader {
        if PropertyListValue.looksLikeXML(data) {
            do {
                return JSONPathReader(root: try PropertyListValue.parse(data))
            } catch {
                throw StoreConfigurationError(file: file, message: error.message)
            }
        }
        do {
            return JSONPathReader(root: Value(json: try JSON.parse(data)))
        } catch {
            throw StoreConfigurationError(file: file, error)
        }
    }
}
