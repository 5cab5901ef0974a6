import SegueDiagnostics

/// A flow's own text for a built-in message (`messages:`), for one locale or every locale, as written.
///
///     messages:
///       rule.required: Заполните поле                      # every locale
///       rule.max_length:
///         ru: { one: "Не длиннее {max} символа", few: …, many: …, other: … }
public struct MessageOverride: Sendable {
    /// One written text: a plural form's category (nil for a single text) and the text.
    public struct Form: Sendable {
        public var category: Name?
        public var text: String
        public var range: SourceRange

        public init(category: Name?, text: String, range: SourceRange) {
            self.category = category
            self.text = text
            self.range = range
        }
    }

    /// The message id as written (`rule.required`); the checker resolves it.
    public var id: Name
    /// The locale key (`ru`) the texts are for, or nil for every locale.
    public var locale: Name?
    /// The texts: one without a category, or plural forms.
    public var forms: [Form]
    public var isPlural: Bool
    public var range: SourceRange

    public init(id: Name, locale: Name?, forms: [Form], isPlural: Bool, range: SourceRange) {
        self.id = id
        self.locale = locale
        self.forms = forms
        self.isPlural = isPlural
        self.range = range
    }

    /// The texts as the runtime keeps them (categories the checker refused are left out).
    public var text: MessageText {
        guard isPlural else { return .plain(forms.first?.text ?? "") }
        var forms: [PluralCategory: String] = [:]
        for form in self.forms {
            if let category = form.category.flatMap({ PluralCategory(rawValue: $0.text) }) {
                forms[category] = form.text
            }
        }
        return .plural(forms)
    }
}

extension MessageBook {
    /// A flow's `messages:` as a book keeps them; ids and locales the checker refused are left out.
    public static func overrides(from written: [MessageOverride]) -> [MessageID: Override] {
        var overrides: [MessageID: Override] = [:]
        for entry in written {
            guard let id = MessageID(rawValue: entry.id.text) else { continue }
            if let locale = entry.locale {
                guard let language = MessageLanguage(locale: locale.text) else { continue }
                overrides[id, default: Override()].byLanguage[language] = entry.text
            } else {
                overrides[id, default: Override()].everyLanguage = entry.text
            }
        }
        return overrides
    }
}
