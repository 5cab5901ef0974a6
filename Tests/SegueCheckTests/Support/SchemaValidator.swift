import Foundation
import SegueExpression
import SegueJSON
import SegueModel

/// A JSON Schema validator for exactly the keywords `Vocabulary.jsonSchema()` emits, so the drift test never needs
/// Python; a keyword it does not know is itself an error, never silently accepted.
struct SchemaValidator {
    let root: JSON

    /// The order keywords are checked in, so the first problem reported is the same every run (a schema object's
    /// keys have no order): what a value is before what it holds; the rest by name.
    private static let precedence = [
        "$ref", "type", "enum", "const", "required", "properties", "additionalProperties", "items", "anyOf", "allOf",
        "if", "then", "not", "dependentSchemas",
    ]

    static func ordered(_ keys: Dictionary<String, JSON>.Keys) -> [String] {
        let known = precedence.filter { keys.contains($0) }
        return known + keys.filter { !precedence.contains($0) }.sorted()
    }

    /// Keywords that only describe.
    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

    /// The first problem found in a YAML document read as a plain value, as `path: message`; nil when it is valid.
    func firstError(_ document: Value) -> String? {
        errors(document, against: root, at: "").first
    }

    func errors(_ value: Value, against schema: JSON, at path: String) -> [String] {
        if case .bool(let allowed) = schema { return allowed ? [] : ["\(path): not allowed here"] }
        guard case .object(let keywords) = schema else { return ["\(path): a schema must be an object"] }
        var found: [String] = []
        for keyword in Self.ordered(keywords.keys) {
            guard let argument = keywords[keyword] else { continue }
            found += check(keyword, argument, value, schema: schema, at: path)
            if !found.isEmpty { return found }
        }
        return found
    }

    private func check(_ keyword: String, _ argument: JSON, _ value: Value, schema: JSON, at path: String)
        -> [String]
    {
        switch keyword {
        case _ where Self.annotations.contains(keyword): return []
        case "$ref":
            guard case .string(let target) = argument, target.hasPrefix("#/$defs/"),
                let definition = root["$defs"]?[String(target.dropFirst("#/$defs/".count))]
            else { return ["\(path): unresolvable $ref \(argument)"] }
            return errors(value, against: definition, at: path)
        case "type":
            let names: [String]
            switch argument {
            case .string(let name): names = [name]
            case .array(let items):
                names = items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
            default: return ["\(path): bad `type`"]
            }
            return names.contains { Self.value(value, is: $0) } ? [] : ["\(path): expected \(names), found \(value)"]
        case "enum":
            guard case .array(let allowed) = argument else { return ["\(path): bad `enum`"] }
            return allowed.contains { Self.same($0, value) } ? [] : ["\(path): \(value) is not one of \(allowed)"]
        case "const": return Self.same(argument, value) ? [] : ["\(path): expected \(argument), found \(value)"]
        case "pattern":
            guard case .string(let text) = value else { return [] }
            guard case .string(let pattern) = argument, let regex = try? NSRegularExpression(pattern: pattern) else {
                return ["\(path): bad pattern \(argument)"]
            }
            let range = NSRange(text.startIndex..., in: text)
            return regex.firstMatch(in: text, range: range) == nil
                ? ["\(path): `\(text)` does not match \(pattern)"] : []
        case "minimum", "exclusiveMinimum":
            guard let bound = Self.number(argument) else { return ["\(path): bad `\(keyword)`"] }
            guard let number = Self.number(value) else { return [] }
            let ok = keyword == "minimum" ? number >= bound : number > bound
            return ok ? [] : ["\(path): \(number) is below the \(keyword) \(bound)"]
        case "properties":
            guard case .record(let members) = value, case .object(let properties) = argument else { return [] }
            return properties.sorted { $0.key < $1.key }.flatMap { property in
                members[property.key].map { errors($0, against: property.value, at: "\(path)/\(property.key)") } ?? []
            }
        case "additionalProperties":
            guard case .record(let members) = value else { return [] }
            let declared: [String]
            if case .object(let properties) = schema["properties"] ?? .object([:]) {
                declared = Array(properties.keys)
            } else {
                declared = []
            }
            return members.filter { !declared.contains($0.key) }.sorted { $0.key < $1.key }.flatMap {
                errors($0.value, against: argument, at: "\(path)/\($0.key)")
            }
        case "required":
            guard case .record(let members) = value, case .array(let names) = argument else { return [] }
            return names.compactMap { name in
                guard case .string(let key) = name else { return "\(path): bad `required`" }
                return members[key] == nil ? "\(path): needs `\(key)`" : nil
            }
        case "items":
            guard case .list(let items) = value else { return [] }
            return items.enumerated().flatMap { errors($0.element, against: argument, at: "\(path)/\($0.offset)") }
        case "anyOf":
            guard case .array(let options) = argument else { return ["\(path): bad `anyOf`"] }
            let failures = options.map { errors(value, against: $0, at: path) }
            if failures.contains(where: \.isEmpty) { return [] }
            return ["\(path): matches none of \(options.count) shapes (first: \(failures.first?.first ?? "?"))"]
        case "allOf":
            guard case .array(let parts) = argument else { return ["\(path): bad `allOf`"] }
            return parts.flatMap { errors(value, against: $0, at: path) }
        case "if":
            guard errors(value, against: argument, at: path).isEmpty, let then = schema["then"] else { return [] }
            return errors(value, against: then, at: path)
        case "then": return []  // read with `if`
        case "not":
            return errors(value, against: argument, at: path).isEmpty ? ["\(path): matches a shape it must not"] : []
        case "dependentSchemas":
            guard case .record(let members) = value, case .object(let dependents) = argument else { return [] }
            let present = dependents.filter { members[$0.key] != nil }.sorted { $0.key < $1.key }
            return present.flatMap { dependent in
                errors(value, against: dependent.value, at: path).map { "\($0) (because of `\(dependent.key)`)" }
            }
        default:
            return ["\(path): the validator does not know the keyword `\(keyword)`"]
        }
    }

    private static func value(_ value: Value, is type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .list), ("object", .record):
            return true
        case ("integer", .int), ("number", .int), ("number", .number): return true
        case ("integer", .number(let number)): return number == number.rounded()
        default: return false
        }
    }

    /// Whether a schema's literal (`enum`, `const`) is the document's scalar; 1 and 1.0 are the same number.
    private static func same(_ literal: JSON, _ value: Value) -> Bool {
        switch (literal, value) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        default: return number(literal).flatMap { a in number(value).map { a == $0 } } ?? false
        }
    }

    private static func number(_ value: JSON) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .number(let number): return number
        default: return nil
        }
    }

    private static func number(_ value: Value) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .number(let number): return number
        default: return nil
        }
    }
}
