/// One message's text in one language: a single text, or one text per plural category.
///
///     .plural([.one: "{count} item", .other: "{count} items"]).format(["count": 3], in: .english)  // "3 items"
public enum MessageText: Sendable, Hashable, Codable {
    case plain(String)
    case plural([PluralCategory: String])

    /// The text with its placeholders filled in; the plural form is the one `number` (the count) takes.
    public func format(_ arguments: [String: MessageArgument], number: Double?, in language: MessageLanguage) -> String
    {
        let template: String
        switch self {
        case .plain(let text):
            template = text
        case .plural(let forms):
            let category = number.map { language.category(for: $0) } ?? .other
            template = forms[category] ?? forms[.other] ?? forms.values.sorted().first ?? ""
        }
        return Self.fill(template, arguments)
    }

    /// Every text of the message (one, or one per form).
    public var templates: [String] {
        switch self {
        case .plain(let text): [text]
        case .plural(let forms): PluralCategory.allCases.compactMap { forms[$0] }
        }
    }

    /// `{name}` replaced by its argument; a brace that opens no known placeholder stays as written.
    static func fill(_ template: String, _ arguments: [String: MessageArgument]) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest.index(after: open)
            if let close = rest[after...].firstIndex(of: "}"), let argument = arguments[String(rest[after..<close])] {
                result += argument.text
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[after...]
            }
        }
        return result + rest
    }

    /// The placeholder names a text uses: `{max}` → `max` (identifiers between braces, in order).
    public static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: "}") else { break }
            let name = rest[after..<close]
            if let first = name.first, first.isLetter || first == "_",
                name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            {
                names.append(String(name))
                rest = rest[rest.index(after: close)...]
            } else {
                rest = rest[after...]
            }
        }
        return names
    }
}

/// A value put into a message's placeholder: a count (which also picks the plural form) or a text.
public enum MessageArgument: Sendable, Hashable {
    case number(Int)
    case text(String)

    var text: String {
        switch self {
        case .number(let number): String(number)
        case .text(let text): text
        }
    }
}
