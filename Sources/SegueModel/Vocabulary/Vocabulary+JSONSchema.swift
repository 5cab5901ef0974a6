extension Vocabulary {
    /// The JSON Schema (draft 2020-12) of flow files, for editors' YAML language servers and `segue schema`.
    ///
    /// Every place is a `$defs` entry named by its identifier; keys carry their doc as `description`.
    public static func jsonSchema() -> JSONValue {
        var defs: [(String, JSONValue)] = [
            ("element", .object([("anyOf", .array(elementKinds.map { reference($0.place) }))])),
            ("elements", .object([("type", .string("array")), ("items", reference("element"))])),
            (
                "action",
                .object([
                    (
                        "anyOf",
                        .array(
                            [.object([("enum", .array(bareActionKinds.map(JSONValue.string)))])]
                                + actionKinds.map { reference($0.place) })
                    )
                ])
            ),
            (
                "actions",
                .object([
                    (
                        "anyOf",
                        .array([
                            .object([("type", .string("null"))]), reference("action"),
                            .object([("type", .string("array")), ("items", reference("action"))]),
                        ])
                    )
                ])
            ),
        ]
        // The flow too: the document's own shape, and an invocation's inline `chart:`.
        for spec in places { defs.append((spec.place.identifier, object(spec))) }
        let header: [(String, JSONValue)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://segue.dev/schema/flow-1.json")),
            ("title", .string("Segue flow")),
            ("description", .string("A Segue flow file (segue: 1). Reference: docs/flow-language.md.")),
        ]
        guard case .object(let top) = object(spec(.flow)) else { return .null }
        return .object(
            header + top.filter { $0.0 != "description" && $0.0 != "required" } + libraryOrFlow + [
                ("$defs", .object(defs))
            ])
    }

    /// A flow file has `flow`, `start` and `screens`; a library file (components, types, events to import) has none.
    static var libraryOrFlow: [(String, JSONValue)] {
        let identity = spec(.flow).requiredKeys.filter { $0 != "segue" }
        let each = JSONValue.array(identity.map { .object([("required", .array([.string($0)]))]) })
        return [
            ("required", .array([.string("segue")])),
            (
                "anyOf",
                .array([
                    .object([("required", .array(identity.map(JSONValue.string)))]),
                    .object([("not", .object([("anyOf", each)]))]),
                ])
            ),
        ]
    }

    static func reference(_ place: KeyPlace) -> JSONValue { reference(place.identifier) }

    static func reference(_ name: String) -> JSONValue { .object([("$ref", .string("#/$defs/\(name)"))]) }

    /// A closed object: the place's keys, the required ones, and the rules between keys.
    static func object(_ spec: PlaceSpec) -> JSONValue {
        var members: [(String, JSONValue)] = [("description", .string(spec.doc)), ("type", .string("object"))]
        members.append(
            (
                "properties",
                .object(
                    spec.keys.map { key in
                        let doc = key.defaultValue.map { "\(key.doc) (default: \($0))" } ?? key.doc
                        guard case .object(let shape) = schema(key.type) else { return (key.name, schema(key.type)) }
                        return (key.name, .object([("description", .string(doc))] + shape))
                    })
            ))
        members.append(("additionalProperties", .bool(false)))
        if !spec.requiredKeys.isEmpty { members.append(("required", .array(spec.requiredKeys.map(JSONValue.string)))) }
        if !spec.oneRequired.isEmpty {
            members.append(
                (
                    "anyOf",
                    .array(spec.oneRequired.map { .object([("required", .array([.string($0)]))]) })
                ))
        }
        let dependent: [(String, JSONValue)] = spec.keys.compactMap { key in
            var rule: [(String, JSONValue)] = []
            if !key.needs.isEmpty { rule.append(("anyOf", .array(key.needs.map(requirement)))) }
            if !key.excludes.isEmpty {
                rule.append(("not", .object([("anyOf", .array(key.excludes.map(requirement)))])))
            }
            return rule.isEmpty ? nil : (key.name, .object(rule))
        }
        if !dependent.isEmpty { members.append(("dependentSchemas", .object(dependent))) }
        if !spec.requiredWhen.isEmpty {
            let conditions = spec.requiredWhen.map { condition in
                JSONValue.object([
                    ("if", requirement(KeyRequirement(condition.key, condition.value))),
                    ("then", .object([("required", .array([.string(condition.requires)]))])),
                ])
            }
            members.append(("allOf", .array(conditions)))
        }
        return .object(members)
    }

    /// `{ required: [kind], properties: { kind: { const: photo } } }`: the key is there, with the value if given.
    static func requirement(_ requirement: KeyRequirement) -> JSONValue {
        var members: [(String, JSONValue)] = [("required", .array([.string(requirement.key)]))]
        if let value = requirement.value {
            let literal: JSONValue = value == "true" ? .bool(true) : value == "false" ? .bool(false) : .string(value)
            members.append(("properties", .object([(requirement.key, .object([("const", literal)]))])))
        }
        return .object(members)
    }

    /// The schema of one value type.
    static func schema(_ type: KeyType) -> JSONValue {
        func types(_ names: [String]) -> (String, JSONValue) {
            ("type", names.count == 1 ? .string(names[0]) : .array(names.map(JSONValue.string)))
        }
        switch type {
        case .name: return .object([types(["string"]), ("pattern", .string("^[A-Za-z_][A-Za-z0-9_]*$"))])
        case .string, .typeText: return .object([types(["string"])])
        case .matching(let pattern, _): return .object([types(["string"]), ("pattern", .string(pattern))])
        case .expression: return .object([types(["string", "number", "boolean", "null"])])
        case .template: return .object([types(["string", "number", "boolean"])])
        case .bool: return .object([types(["boolean"])])
        case .flag: return .object([types(["boolean", "null"])])
        case .yes: return .object([("const", .bool(true))])
        case .wholeNumber(let minimum):
            return .object([types(["integer"])] + (minimum.map { [("minimum", .int($0))] } ?? []))
        case .number(let atLeast, let above):
            return .object(
                [types(["number"])] + (atLeast.map { [("minimum", .number($0))] } ?? [])
                    + (above.map { [("exclusiveMinimum", .number($0))] } ?? []))
        case .duration: return .object([types(["string", "number"])])
        case .oneOf(let words): return .object([("enum", .array(words.map(JSONValue.string)))])
        case .constant(let value): return .object([("const", .int(value))])
        case .nothing: return .object([types(["null"])])
        case .any: return .object([])
        case .actions: return reference("actions")
        case .elements: return reference("elements")
        case .recordFields:
            return .object([
                types(["object"]), ("properties", .object([("let", schema(.mapping(of: .expression)))])),
                ("additionalProperties", schema(.typeText)),
            ])
        case .mapping(let value): return .object([types(["object"]), ("additionalProperties", schema(value))])
        case .list(let item): return .object([types(["array"]), ("items", schema(item))])
        case .object(let place): return reference(place)
        case .either(let shapes): return .object([("anyOf", .array(shapes.map(schema)))])
        }
    }
}
