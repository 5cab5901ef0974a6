import SegueJSON

extension Vocabulary {
    /// The JSON Schema (draft 2020-12) of flow files, for editors' YAML language servers and `segue schema`.
    ///
    /// Every place is a `$defs` entry named by its identifier; keys carry their doc as `description`.
    public static func jsonSchema() -> JSON {
        var defs: [(String, JSON)] = [
            ("element", .members([("anyOf", .array(elementKinds.map { reference($0.place) }))])),
            ("elements", .members([("type", .string("array")), ("items", reference("element"))])),
            (
                "action",
                .members([
                    (
                        "anyOf",
                        .array(
                            [.members([("enum", .array(bareActionKinds.map(JSON.string)))])]
                                + actionKinds.map { reference($0.place) })
                    )
                ])
            ),
            (
                "actions",
                .members([
                    (
                        "anyOf",
                        .array([
                            .members([("type", .string("null"))]), reference("action"),
                            .members([("type", .string("array")), ("items", reference("action"))]),
                        ])
                    )
                ])
            ),
        ]
        // The flow too: the document's own shape, and an invocation's inline `chart:`.
        for spec in places { defs.append((spec.place.identifier, object(spec))) }
        let header: [(String, JSON)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://segue.dev/schema/flow-1.json")),
            ("title", .string("Segue flow")),
            ("description", .string("A Segue flow file (segue: 1). Reference: docs/flow-language.md.")),
        ]
        guard case .object(let top) = object(spec(.flow)) else { return .null }
        let flowKeys = top.filter { $0.key != "description" && $0.key != "required" }.map { ($0.key, $0.value) }
        return .members(
            header + flowKeys + libraryOrFlow + [
                ("$defs", .members(defs))
            ])
    }

    /// A flow file has `flow`, `start` and `screens`; a library file (components, types, events to import) has none.
    static var libraryOrFlow: [(String, JSON)] {
        let identity = spec(.flow).requiredKeys.filter { $0 != "segue" }
        let each = JSON.array(identity.map { .members([("required", .array([.string($0)]))]) })
        return [
            ("required", .array([.string("segue")])),
            (
                "anyOf",
                .array([
                    .members([("required", .array(identity.map(JSON.string)))]),
                    .members([("not", .members([("anyOf", each)]))]),
                ])
            ),
        ]
    }

    static func reference(_ place: KeyPlace) -> JSON { reference(place.identifier) }

    static func reference(_ name: String) -> JSON { .members([("$ref", .string("#/$defs/\(name)"))]) }

    /// A closed object: the place's keys, the required ones, and the rules between keys.
    static func object(_ spec: PlaceSpec) -> JSON {
        var members: [(String, JSON)] = [("description", .string(spec.doc)), ("type", .string("object"))]
        members.append(
            (
                "properties",
                .members(
                    spec.keys.map { key in
                        let doc = key.defaultValue.map { "\(key.doc) (default: \($0))" } ?? key.doc
                        guard case .object(let shape) = schema(key.type) else { return (key.name, schema(key.type)) }
                        return (key.name, .members([("description", .string(doc))] + shape.map { ($0.key, $0.value) }))
                    })
            ))
        members.append(("additionalProperties", .bool(false)))
        if !spec.requiredKeys.isEmpty { members.append(("required", .array(spec.requiredKeys.map(JSON.string)))) }
        if !spec.oneRequired.isEmpty {
            members.append(
                (
                    "anyOf",
                    .array(spec.oneRequired.map { .members([("required", .array([.string($0)]))]) })
                ))
        }
        let dependent: [(String, JSON)] = spec.keys.compactMap { key in
            var rule: [(String, JSON)] = []
            if !key.needs.isEmpty { rule.append(("anyOf", .array(key.needs.map(requirement)))) }
            if !key.excludes.isEmpty {
                rule.append(("not", .members([("anyOf", .array(key.excludes.map(requirement)))])))
            }
            return rule.isEmpty ? nil : (key.name, .members(rule))
        }
        if !dependent.isEmpty { members.append(("dependentSchemas", .members(dependent))) }
        if !spec.requiredWhen.isEmpty {
            let conditions = spec.requiredWhen.map { condition in
                JSON.members([
                    ("if", requirement(KeyRequirement(condition.key, condition.value))),
                    ("then", .members([("required", .array([.string(condition.requires)]))])),
                ])
            }
            members.append(("allOf", .array(conditions)))
        }
        return .members(members)
    }

    /// `{ required: [kind], properties: { kind: { const: photo } } }`: the key is there, with the value if given.
    static func requirement(_ requirement: KeyRequirement) -> JSON {
        var members: [(String, JSON)] = [("required", .array([.string(requirement.key)]))]
        if let value = requirement.value {
            let literal: JSON = value == "true" ? .bool(true) : value == "false" ? .bool(false) : .string(value)
            members.append(("properties", .members([(requirement.key, .members([("const", literal)]))])))
        }
        return .members(members)
    }

    /// The schema of one value type.
    static func schema(_ type: KeyType) -> JSON {
        func types(_ names: [String]) -> (String, JSON) {
            ("type", names.count == 1 ? .string(names[0]) : .array(names.map(JSON.string)))
        }
        switch type {
        case .name: return .members([types(["string"]), ("pattern", .string("^[A-Za-z_][A-Za-z0-9_]*$"))])
        case .string, .typeText: return .members([types(["string"])])
        case .matching(let pattern, _): return .members([types(["string"]), ("pattern", .string(pattern))])
        case .expression: return .members([types(["string", "number", "boolean", "null"])])
        case .template: return .members([types(["string", "number", "boolean"])])
        case .bool: return .members([types(["boolean"])])
        case .flag: return .members([types(["boolean", "null"])])
        case .yes: return .members([("const", .bool(true))])
        case .wholeNumber(let minimum):
            return .members([types(["integer"])] + (minimum.map { [("minimum", .int($0))] } ?? []))
        case .number(let atLeast, let above):
            return .members(
                [types(["number"])] + (atLeast.map { [("minimum", .number($0))] } ?? [])
                    + (above.map { [("exclusiveMinimum", .number($0))] } ?? []))
        case .duration: return .members([types(["string", "number"])])
        case .oneOf(let words): return .members([("enum", .array(words.map(JSON.string)))])
        case .constant(let value): return .members([("const", .int(value))])
        case .nothing: return .members([types(["null"])])
        case .any: return .members([])
        case .actions: return reference("actions")
        case .elements: return reference("elements")
        case .recordFields:
            return .members([
                types(["object"]), ("properties", .members([("let", schema(.mapping(of: .expression)))])),
                ("additionalProperties", schema(.typeText)),
            ])
        case .mapping(let value): return .members([types(["object"]), ("additionalProperties", schema(value))])
        case .list(let item): return .members([types(["array"]), ("items", schema(item))])
        case .object(let place): return reference(place)
        case .either(let shapes): return .members([("anyOf", .array(shapes.map(schema)))])
        }
    }
}

extension JSON {
    /// An object from its members as the schema writes them; the file lists keys sorted (`JSON.prettyText`).
    fileprivate static func members(_ members: [(String, JSON)]) -> JSON {
        .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }
}
