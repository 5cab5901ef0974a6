import Foundation
import SegueExpression

/// A value found wrongly shaped at a JSON path such as `$.products[1].displayPrice`.
struct JSONShapeError: Error, Sendable, Hashable {
    var path: String
    var message: String
}

/// One value inside a parsed JSON document together with the path that leads to it, for errors that say where.
struct JSONPathReader: Sendable {
    let value: Value
    let path: String

    init(root: Value) {
        self.value = root
        self.path = "$"
    }

    init(value: Value, path: String) {
        self.value = value
        self.path = path
    }

    /// The field `name`, or nil when it is absent or null (optional keys are tolerated).
    func optional(_ name: String) throws(JSONShapeError) -> JSONPathReader? {
        let fields = try record()
        guard let field = fields[name], field != .null else { return nil }
        return JSONPathReader(value: field, path: "\(path).\(name)")
    }

    func required(_ name: String) throws(JSONShapeError) -> JSONPathReader {
        guard let field = try optional(name) else {
            throw JSONShapeError(path: "\(path).\(name)", message: "required key \"\(name)\" is missing")
        }
        return field
    }

    func record() throws(JSONShapeError) -> [String: Value] {
        guard case .record(let fields) = value else { throw mismatch("an object") }
        return fields
    }

    func items() throws(JSONShapeError) -> [JSONPathReader] {
        guard case .list(let items) = value else { throw mismatch("an array") }
        return items.enumerated().map { JSONPathReader(value: $0.element, path: "\(path)[\($0.offset)]") }
    }

    /// The object's fields in key order, each with its path.
    func fields() throws(JSONShapeError) -> [(key: String, reader: JSONPathReader)] {
        try record().sorted { $0.key < $1.key }.map {
            ($0.key, JSONPathReader(value: $0.value, path: "\(path).\($0.key)"))
        }
    }

    func string() throws(JSONShapeError) -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return text
    }

    func bool() throws(JSONShapeError) -> Bool {
        switch value {
        case .bool(let flag): return flag
        // Older Xcode versions wrote some flags as 0 / 1.
        case .int(0): return false
        case .int(1): return true
        default: throw mismatch("true or false")
        }
    }

    func int() throws(JSONShapeError) -> Int {
        guard let number = value.intValue else { throw mismatch("an integer") }
        return number
    }

    func number() throws(JSONShapeError) -> Double {
        guard let number = value.numberValue else { throw mismatch("a number") }
        return number
    }

    func mismatch(_ expected: String) -> JSONShapeError {
        JSONShapeError(path: path, message: "expected \(expected), found \(Self.describe(value))")
    }

    func invalid(_ message: String) -> JSONShapeError {
        JSONShapeError(path: path, message: message)
    }

    static func describe(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int, .number: return "the number \(value)"
        case .string: return "the string \(value.literal)"
        case .list: return "an array"
        case .record: return "an object"
        }
    }
}
