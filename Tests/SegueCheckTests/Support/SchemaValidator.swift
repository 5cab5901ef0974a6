import Foundation
import SegueModel
import SegueYAML

/// A JSON Schema validator for exactly the keywords `Vocabulary.jsonSchema()` emits, so the drift test never needs
/// Python; a keyword it does not know is itself an error, never silently accepted.
struct SchemaValidator {
    let root: JSONValue

    /// Keywords that only describe.
    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

    /// The first problem found, as `path: message`, or nil when `document` is valid.
    func firstError(_ document: JSONValue) -> String? {
        errors(document, against: root, at: "").first
    }

    func errors(_ value: JSONValue, against schema: JSONValue, at path: String) -> [String] {
        if case .bool(let allowed) = schema { return allowed ? [] : ["\(path): not allowed here"] }
        guard case .object(let keywords) = schema else { return ["\(path): a schema must be an object"] }
        var found: [String] = []
        for (keyword, argument) in keywords {
            found += check(keyword, argument, value, schema: schema, at: path)
            if !found.isEmpty { return found }
        }
        return found
    }

    private func check(_ keyword: String, _ argument: JSONValue, _ value: JSONValue, schema: JSONValue, at path: String)
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
            return allowed.contains(value) ? [] : ["\(path): \(value) is not one of \(allowed)"]
        case "const": return argument == value ? [] : ["\(path): expected \(argument), found \(value)"]
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
            guard case .object(let members) = value, case .object(let properties) = argument else { return [] }
            return members.flatMap { member in
                properties.first { $0.0 == member.0 }.map { errors(member.1, against: $0.1, at: "\(path)/\(member.0)") }
                    ?? []
            }
        case "additionalProperties":
            guard case .object(let members) = value else { return [] }
            let declared: [String]
            if case .object(let properties) = schema["properties"] ?? .object([]) {
                declared = properties.map(\.0)
            } else {
                declared = []
            }
            return members.filter { !declared.contains($0.0) }.flatMap {
                errors($0.1, against: argument, at: "\(path)/\($0.0)")
            }
        case "required":
            guard case .object(let members) = value, case .array(let names) = argument else { return [] }
            return names.compactMap { name in
                guard case .string(let key) = name else { return "\(path): bad `required`" }
                return members.contains { $0.0 == key } ? nil : "\(path): needs `\(key)`"
            }
        case "items":
            guard case .array(let items) = value else { return [] }
            return items.enumerated().flatMap { errors($0.element, against: argument, at: "\(path)/\($0.offset)") }
        case "anyOf":
            guard case .array(let options) = argument else { return ["\(path): bad `anyOf`"] }
            let failures = options.map { errors(value, against: $0, at: path) }
            if failures.contains(where: \.isEmpty) { return [] }
            return ["\(path): matches none of \(options.count) shapes (first: \(failures.first?.first ?? "?"))"]
        case "not":
            return errors(value, against: argument, at: path).isEmpty ? ["\(path): matches a shape it must not"] : []
        case "dependentSchemas":
            guard case .object(let members) = value, case .object(let dependents) = argument else { return [] }
            let present = dependents.filter { dependent in members.contains { $0.0 == dependent.0 } }
            return present.flatMap { dependent in
                errors(value, against: dependent.1, at: path).map { "\($0) (because of `\(dependent.0)`)" }
            }
        default:
            return ["\(path): the validator does not know the keyword `\(keyword)`"]
        }
    }

    private static func value(_ value: JSONValue, is type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object):
            return true
        case ("integer", .int), ("number", .int), ("number", .number): return true
        case ("integer", .number(let number)): return number == number.rounded()
        default: return false
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .number(let number): return number
        default: return nil
        }
    }
}

extension Node {
    /// The subtree as JSON (mapping keys as their text; the first of duplicate keys wins, as in the decoder).
    var json: JSONValue {
        switch content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .int(let value): return .int(value)
            case .float(let value): return .number(value)
            case .string(let value): return .string(value)
            }
        case .sequence(let items): return .array(items.map(\.json))
        case .mapping(let entries):
            var members: [(String, JSONValue)] = []
            for entry in entries where !members.contains(where: { $0.0 == entry.name }) {
                members.append((entry.name, entry.value.json))
            }
            return .object(members)
        }
    }
}
