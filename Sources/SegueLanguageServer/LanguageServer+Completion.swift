import SegueCheck
import SegueJSON
import SegueModel

/// The protocol's CompletionItemKind numbers for what Segue completes.
enum CompletionKind: Int {
    case function = 3, field = 5, variable = 6, screen = 7, component = 9, key = 10, value = 12, keyword = 14, state =
        20
    case event = 23, type = 22
}

extension LanguageServer {
    /// Keys valid at the cursor (from the vocabulary) or the names that fit the value being written.
    func completion(_ params: JSON) throws -> JSON {
        let document = try document(params)
        let location = document.positions.location(params["position"])
        let lines = document.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        let lineIndex = location.line - 1
        guard lineIndex < lines.count else { return ["isIncomplete": false, "items": []] }
        let before = String(String.UnicodeScalarView(lines[lineIndex].unicodeScalars.prefix(location.column - 1)))
        let context = CursorContext(lines: lines, line: lineIndex, before: before)
        if let items = expressionCompletion(
            document, location: location, before: before, context: context)
        {
            return ["isIncomplete": false, "items": .array(items)]
        }
        let names = document.names
        var items: [JSON] = []
        func offer(_ labels: [String], _ kind: CompletionKind, detail: String, doc: (String) -> String? = { _ in nil })
        {
            for label in labels where label.hasPrefix(context.prefix) && !label.isEmpty {
                var item: [String: JSON] = [
                    "label": .string(label), "kind": JSON(kind.rawValue), "detail": .string(detail),
                ]
                if let text = doc(label) { item["documentation"] = ["kind": "markdown", "value": .string(text)] }
                items.append(.object(item))
            }
        }
        /// The declared names of what `key` names, as the vocabulary says.
        func offerNames(of key: String, at place: KeyPlace?) -> Bool {
            guard let kind = Self.naming(key, at: place) else { return false }
            let detail = kind == .operation ? "service operation" : kind.rawValue
            offer(names.names(kind, in: context.owner), Self.completionKind(kind), detail: detail)
            return true
        }
        if let target = WithTarget.find(lines: lines, line: lineIndex, before: before, context: context) {
            // The arguments of what the `with:` goes to: a screen's or component's parameters, an event's payload,
            // an operation's parameters.
            offer(
                target.names(in: document.symbols, flow: document.flow), .field, detail: "argument of \(target.name)")
            return ["isIncomplete": false, "items": .array(items)]
        }
        switch context.slot {
        case .value(let key):
            if offerNames(of: key, at: context.place) { break }
            let spec = context.place.flatMap { Vocabulary.key(key, at: $0) }
            switch spec?.type {
            case .typeText?: offer(names.names(.type, in: context.owner), .type, detail: "type")
            case .oneOf(let words)?: offer(words, .value, detail: key)
            case .bool?: offer(["true", "false"], .value, detail: key)
            default: break
            }
        case .key where context.parentKey.flatMap { Self.naming($0, at: context.parentPlace) } != nil:
            // The keys of a mapping of names (`on:` events, `set:` data).
            _ = context.parentKey.map { offerNames(of: $0, at: context.parentPlace) }
        case .key where context.parentKey == "messages" && context.owner == nil:
            let ids = MessageID.allCases.map(\.rawValue).filter { !context.siblings.contains($0) }
            offer(ids, .key, detail: "message") { id in
                MessageID(rawValue: id).map { Self.messageDoc($0) }
            }
        case .key:
            if case .actions? = context.container {
                offer(Vocabulary.actionKindNames, .keyword, detail: "action", doc: Self.kindDoc(Vocabulary.actionKinds))
            } else if case .elements? = context.container {
                offer(
                    Vocabulary.elementKindNames, .keyword, detail: "element", doc: Self.kindDoc(Vocabulary.elementKinds)
                )
            } else if let place = context.place {
                let keys = Vocabulary.spec(place).keys.filter { !context.siblings.contains($0.name) }
                for key in keys where key.name.hasPrefix(context.prefix) {
                    items.append([
                        "label": .string(key.name), "kind": JSON(CompletionKind.key.rawValue),
                        "detail": .string(key.type.summary),
                        "documentation": ["kind": "markdown", "value": .string(Self.keyDoc(key))],
                    ])
                }
            }
        case .text: break
        case .item:
            switch context.container {
            case .elements?:
                offer(
                    Vocabulary.elementKindNames, .keyword, detail: "element", doc: Self.kindDoc(Vocabulary.elementKinds)
                )
            case .actions?, .either?:
                offer(Vocabulary.actionKindNames, .keyword, detail: "action", doc: Self.kindDoc(Vocabulary.actionKinds))
            case .list?:
                offer(Vocabulary.ruleKindNames, .keyword, detail: "rule", doc: Self.kindDoc(Vocabulary.ruleKinds))
            default: break
            }
        }
        return ["isIncomplete": false, "items": .array(items)]
    }

    /// What the names written for `key` name (`KeySpec.names`): as the key at `place`, else as an action's own key
    /// (`tap: { present: … }` on one line, where the place is not known).
    static func naming(_ key: String, at place: KeyPlace?) -> SymbolKind? {
        if let place, let spec = Vocabulary.key(key, at: place) { return spec.names }
        return Vocabulary.key(key, at: .action(key))?.names
    }

    static func completionKind(_ kind: SymbolKind) -> CompletionKind {
        switch kind {
        case .screen: .screen
        case .component: .component
        case .state: .state
        case .event: .event
        case .type: .type
        case .operation, .function, .service: .function
        case .data, .namedValue, .parameter, .element, .computedField: .variable
        }
    }

    /// A key's documentation: its type, doc, default and example.
    static func keyDoc(_ key: KeySpec) -> String {
        var text = "`\(key.name)`: \(key.type.summary)\(key.required ? " (required)" : "")\n\n\(key.doc)"
        if let value = key.defaultValue { text += "\n\ndefault: `\(value)`" }
        text += "\n\nexample: `\(key.name): \(key.example)`"
        return text
    }

    static func kindDoc(_ kinds: [KindSpec]) -> (String) -> String? {
        { name in kinds.first { $0.name == name }.map { "\($0.doc)\n\nexample: \($0.example)" } }
    }

    /// A built-in message's use and its text in each language, for completing its id under `messages:`.
    static func messageDoc(_ id: MessageID) -> String {
        let texts = MessageLanguage.allCases.map { language in
            "\(language.rawValue): "
                + MessageCatalog.text(id, in: language).templates.map { "`\($0)`" }.joined(separator: ", ")
        }
        return ([id.use.prefix(1).uppercased() + id.use.dropFirst() + "."] + texts).joined(separator: "\n\n")
    }
}
