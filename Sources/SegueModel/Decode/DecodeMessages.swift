import SegueYAML

extension FlowDecoder {
    /// `messages:`: per id a text for every locale, plural forms for every locale, or a mapping of locales to either.
    mutating func decodeMessages(_ node: Node) -> [MessageOverride] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of message ids to texts", context: "`messages`")
            return []
        }
        var overrides: [MessageOverride] = []
        for entry in entries {
            let id = Name(entry.name, at: entry.key.range)
            guard let mapping = entry.value.mapping else {
                if let text = messageText(entry.value, id: id.text) {
                    overrides.append(
                        MessageOverride(id: id, locale: nil, forms: [text], isPlural: false, range: entry.value.range))
                }
                continue
            }
            if mapping.contains(where: { PluralCategory(rawValue: $0.name) != nil }) {
                overrides.append(
                    MessageOverride(
                        id: id, locale: nil, forms: pluralForms(mapping, id: id.text), isPlural: true,
                        range: entry.value.range))
                continue
            }
            for localized in mapping {
                let locale = Name(localized.name, at: localized.key.range)
                if let forms = localized.value.mapping {
                    overrides.append(
                        MessageOverride(
                            id: id, locale: locale, forms: pluralForms(forms, id: id.text), isPlural: true,
                            range: localized.value.range))
                } else if let text = messageText(localized.value, id: id.text) {
                    overrides.append(
                        MessageOverride(
                            id: id, locale: locale, forms: [text], isPlural: false, range: localized.value.range))
                }
            }
        }
        return overrides
    }

    private mutating func pluralForms(_ entries: [MappingEntry], id: String) -> [MessageOverride.Form] {
        entries.compactMap { form in
            messageText(form.value, id: id).map {
                MessageOverride.Form(category: Name(form.name, at: form.key.range), text: $0.text, range: $0.range)
            }
        }
    }

    private mutating func messageText(_ node: Node, id: String) -> MessageOverride.Form? {
        string(node, context: "the text of message `\(id)`").map {
            MessageOverride.Form(category: nil, text: $0, range: node.range)
        }
    }
}
