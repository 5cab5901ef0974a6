import SegueDiagnostics
import SegueExpression
import SegueYAML

extension FlowDecoder {
    /// The whole file. Returns nil only when the root is not a mapping or lacks `flow`/`start`.
    public mutating func decodeFlow(_ root: Node?) -> Flow? {
        var noScreens: Node?
        return decodeFlow(root, takingScreens: &noScreens)
    }

    /// Like `decodeFlow(_:)`, for a caller handing over its only reference to the tree (`root` is left nil): each
    /// screen's nodes are freed as soon as it is decoded, so a large file's tree and model are not held in full
    /// at once. Diagnostics and the result are the same.
    public mutating func decodeFlow(taking root: inout Node?) -> Flow? {
        guard var node = root else { return decodeFlow(nil) }
        root = nil
        guard var entries = Node.takeEntries(from: &node) else { return decodeFlow(node) }
        guard let at = entries.firstIndex(where: { $0.name == "screens" }) else {
            return decodeFlow(Node(.mapping(entries), range: node.range, tag: node.tag, anchor: node.anchor))
        }
        // Move the screens out of the root (its entry keeps its key, for unknown-key and missing-key checks).
        var screens: Node? = entries[at].value
        let placeholder = Node(.mapping([]), range: entries[at].value.range)
        entries[at] = MappingEntry(key: entries[at].key, value: placeholder, merged: entries[at].merged)
        let rebuilt = Node(.mapping(entries), range: node.range, tag: node.tag, anchor: node.anchor)
        entries = []
        return decodeFlow(rebuilt, takingScreens: &screens)
    }

    /// The whole file; when `takenScreens` holds the `screens` node (taken out of `root`), it is decoded in place of
    /// `root`'s and freed screen by screen.
    private mutating func decodeFlow(_ root: Node?, takingScreens takenScreens: inout Node?) -> Flow? {
        guard let root else {
            error(
                DiagnosticCode.unsupportedVersion, "the file is empty; a flow starts with `segue: 1`",
                at: SourceRange(path: file.path, at: SourceLocation(line: 1, column: 1, offset: 0)))
            return nil
        }
        guard var reader = mapping(root, at: .flow, context: "a flow file") else { return nil }
        let firstExpressionID = nextExpressionID
        let errorsBefore = errorCount
        if let version = reader.take("segue") {
            if let number = int(version, context: "`segue`"), number != 1 {
                error(
                    DiagnosticCode.unsupportedVersion,
                    "this is a Segue \(number) flow; this tool reads version 1", at: version.range)
            }
        } else {
            error(
                DiagnosticCode.unsupportedVersion, "a flow file starts with `segue: 1` (the format version)",
                at: root.range)
        }
        let id = reader.take("flow").flatMap { name($0, context: "`flow`") }
        let start = reader.take("start").flatMap { name($0, context: "`start`") }
        if id == nil, !reader.has("flow") { missing("flow", in: reader) }
        if start == nil, !reader.has("start") { missing("start", in: reader) }
        var flow = Flow(
            id: id ?? Name("", at: root.range), start: start ?? Name("", at: root.range), path: file.path,
            range: root.range)
        if let title = reader.take("title") { flow.title = string(title, context: "`title`") }
        if let locale = reader.take("locale") { flow.locale = name(locale, context: "`locale`") }
        if let node = reader.take("messages") { flow.messages = decodeMessages(node) }
        if let imports = reader.take("imports") {
            flow.imports = items(imports).compactMap { name($0, context: "an import") }
        }
        if let node = reader.take("types") { flow.types = decodeTypes(node) }
        if let node = reader.take("events") { flow.events = decodeEvents(node) }
        if let node = reader.take("services") { flow.services = decodeServices(node) }
        if let node = reader.take("data") { flow.data = decodeData(node, context: "flow data") }
        if let node = reader.take("let") { flow.lets = decodeNamedValues(node) }
        if let node = reader.take("functions") { flow.functions = decodeFunctions(node) }
        if let node = reader.take("theme") { flow.theme = node.plainValue }
        if let node = reader.take("components") { flow.components = decodeComponents(node) }
        if let node = reader.take("screens") {
            flow.screens = takenScreens == nil ? decodeScreens(node) : decodeScreens(taking: &takenScreens)
        } else {
            missing("screens", in: reader)
        }
        if let node = reader.take("invariants") { flow.invariants = decodeInvariants(node) }
        if let node = reader.take("reachable") { flow.reachable = decodeInvariants(node, key: "reachable") }
        if let node = reader.take("always_possible") {
            flow.alwaysPossible = decodeInvariants(node, key: "always_possible")
        }
        if let node = reader.take("on_error") { flow.onError = actions(node, context: "`on_error`") }
        if let node = reader.take("on") { flow.handlers = decodeHandlers(node) }
        finish(reader)
        flow.expressionIDs = firstExpressionID..<nextExpressionID
        flow.keepsEveryText = errorCount == errorsBefore
        return id == nil || start == nil ? nil : flow
    }

    mutating func decodeTypes(_ node: Node) -> [RecordTypeDeclaration] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of type names to their fields", context: "`types`")
            return []
        }
        return entries.compactMap { entry in
            guard let fields = entry.value.mapping else {
                typeMismatch(
                    entry.value, expected: "a mapping of field names to types", context: "type `\(entry.name)`")
                return nil
            }
            // `let:` names the computed fields; every other key is a stored field.
            let computed = fields.first { $0.name == "let" }.map { decodeNamedValues($0.value) } ?? []
            return RecordTypeDeclaration(
                name: Name(entry.name, at: entry.key.range),
                fields: fields.filter { $0.name != "let" }.compactMap { field in
                    typeText(field.value, context: "field `\(field.name)`").map {
                        FieldDeclaration(name: Name(field.name, at: field.key.range), type: $0)
                    }
                }, computed: computed, range: entry.value.range)
        }
    }

    mutating func decodeEvents(_ node: Node) -> [EventDeclaration] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of event names to payload fields", context: "`events`")
            return []
        }
        return entries.map { entry in
            var payload: [FieldDeclaration] = []
            if let fields = entry.value.mapping {
                payload = fields.compactMap { field in
                    typeText(field.value, context: "payload field `\(field.name)`").map {
                        FieldDeclaration(name: Name(field.name, at: field.key.range), type: $0)
                    }
                }
            } else if entry.value.scalar?.value != .null {
                typeMismatch(
                    entry.value, expected: "a mapping of payload fields (or empty)", context: "event `\(entry.name)`")
            }
            return EventDeclaration(
                name: Name(entry.name, at: entry.key.range), payload: payload, range: entry.value.range)
        }
    }

    /// `name: type` or `name: { type:, default:, persist:, from_defaults: }` (a parameter takes no `persist:` or
    /// `from_defaults:`: it is passed by the caller).
    mutating func decodeData(_ node: Node, context: String, place: KeyPlace = .variable) -> [DataDeclaration] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of variable names", context: context)
            return []
        }
        return entries.compactMap { entry in
            let name = Name(entry.name, at: entry.key.range)
            if entry.value.scalar != nil {
                return typeText(entry.value, context: "the type of `\(entry.name)`").map {
                    DataDeclaration(
                        name: name, type: $0, initial: nil, literal: nil, persist: false, defaultsKey: nil,
                        range: entry.value.range)
                }
            }
            guard
                var reader = mapping(
                    entry.value, at: place, context: "\(place == .parameter ? "parameter" : "variable") `\(entry.name)`"
                )
            else { return nil }
            let type = reader.take("type").flatMap { typeText($0, context: "`type`") }
            if type == nil, !reader.has("type") { missing("type", in: reader) }
            var initial: ExpressionText?
            var literal: Value?
            if let node = reader.take("default") {
                if node.scalar != nil {
                    initial = expression(node, context: "`default`")
                } else if place == .parameter {
                    // A parameter's default is evaluated where the screen opens; a YAML list or mapping is data's.
                    typeMismatch(node, expected: "an expression", context: "a parameter's `default`")
                } else {
                    literal = node.plainValue
                }
            }
            var persist = false
            var key: Name?
            if place == .variable {
                persist = reader.take("persist").flatMap { bool($0, context: "`persist`") } ?? false
                key = reader.take("from_defaults").flatMap { self.name($0, context: "`from_defaults`") }
            }
            finish(reader)
            guard let type else { return nil }
            return DataDeclaration(
                name: name, type: type, initial: initial, literal: literal, persist: persist, defaultsKey: key,
                range: entry.value.range)
        }
    }

    /// `let: { name: expr, … }`.
    mutating func decodeNamedValues(_ node: Node) -> [NamedValue] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of names to expressions", context: "`let`")
            return []
        }
        return entries.compactMap { entry in
            expression(entry.value, context: "named value `\(entry.name)`").map {
                NamedValue(name: Name(entry.name, at: entry.key.range), value: $0, range: entry.value.range)
            }
        }
    }

    mutating func decodeParameters(_ node: Node, context: String) -> [ParameterDeclaration] {
        decodeData(node, context: context, place: .parameter).map {
            ParameterDeclaration(name: $0.name, type: $0.type, defaultValue: $0.initial, range: $0.range)
        }
    }

    mutating func decodeInvariants(_ node: Node, key: String = "invariants") -> [Invariant] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of names to conditions", context: "`\(key)`")
            return []
        }
        return entries.compactMap { entry in
            let name = Name(entry.name, at: entry.key.range)
            if entry.value.scalar != nil {
                return expression(entry.value, context: "invariant `\(entry.name)`").map {
                    Invariant(name: name, condition: $0, message: nil, range: entry.value.range)
                }
            }
            guard var reader = mapping(entry.value, at: .invariant, context: "invariant `\(entry.name)`") else {
                return nil
            }
            let condition = reader.take("holds").flatMap { expression($0, context: "`holds`") }
            if condition == nil, !reader.has("holds") { missing("holds", in: reader) }
            let message = reader.take("message").flatMap { string($0, context: "`message`") }
            finish(reader)
            return condition.map { Invariant(name: name, condition: $0, message: message, range: entry.value.range) }
        }
    }

    mutating func decodeFunctions(_ node: Node) -> [FunctionDeclaration] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of function names", context: "`functions`")
            return []
        }
        return entries.compactMap { entry in
            guard var reader = mapping(entry.value, at: .function, context: "function `\(entry.name)`") else {
                return nil
            }
            var parameters: [FieldDeclaration] = []
            if let node = reader.take("parameters") {
                if let fields = node.mapping {
                    parameters = fields.compactMap { field in
                        typeText(field.value, context: "parameter `\(field.name)`").map {
                            FieldDeclaration(name: Name(field.name, at: field.key.range), type: $0)
                        }
                    }
                } else {
                    typeMismatch(node, expected: "a mapping of parameter names to types", context: "`parameters`")
                }
            }
            let returns = reader.take("returns").flatMap { typeText($0, context: "`returns`") }
            if !reader.has("value") { missing("value", in: reader) }
            let value = reader.take("value").flatMap { expression($0, context: "`value`") }
            finish(reader)
            return value.map {
                FunctionDeclaration(
                    name: Name(entry.name, at: entry.key.range), parameters: parameters, returns: returns, value: $0,
                    range: entry.value.range)
            }
        }
    }

    mutating func decodeComponents(_ node: Node) -> [Component] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of component names", context: "`components`")
            return []
        }
        return entries.compactMap { entry in
            guard var reader = mapping(entry.value, at: .component, context: "component `\(entry.name)`") else {
                return nil
            }
            let (firstExpressionID, errorsBefore) = (nextExpressionID, errorCount)
            let parameters = reader.take("parameters").map { decodeParameters($0, context: "`parameters`") } ?? []
            let elements = reader.take("elements").map { decodeElements($0) } ?? []
            let layout = reader.take("layout").flatMap { decodeLayout($0) }
            let lets = reader.take("let").map { decodeNamedValues($0) } ?? []
            finish(reader)
            return Component(
                name: Name(entry.name, at: entry.key.range), parameters: parameters, elements: elements, layout: layout,
                lets: lets, range: entry.value.range, expressionIDs: firstExpressionID..<nextExpressionID,
                keepsEveryText: errorCount == errorsBefore)
        }
    }
}
