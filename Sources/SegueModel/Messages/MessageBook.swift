/// The texts one run shows: the built-in messages of its language with the flow's `messages:` on top.
///
///     let book = MessageBook(language: .russian)
///     book.text(.ruleMaxLength, ["max": .number(21)])   // "Максимум 21 символ"
public struct MessageBook: Sendable, Hashable {
    /// A flow's texts for one message id: for every language, and per language (which wins).
    public struct Override: Sendable, Hashable {
        public var everyLanguage: MessageText?
        public var byLanguage: [MessageLanguage: MessageText]

        public init(everyLanguage: MessageText? = nil, byLanguage: [MessageLanguage: MessageText] = [:]) {
            self.everyLanguage = everyLanguage
            self.byLanguage = byLanguage
        }
    }

    public var language: MessageLanguage
    public var overrides: [MessageID: Override]

    public init(language: MessageLanguage = .english, overrides: [MessageID: Override] = [:]) {
        self.language = language
        self.overrides = overrides
    }

    /// The text of `id` in the book's language, with its placeholders filled in.
    public func text(_ id: MessageID, _ arguments: [String: MessageArgument] = [:]) -> String {
        let override = overrides[id]
        let message = override?.byLanguage[language] ?? override?.everyLanguage ?? MessageCatalog.text(id, in: language)
        var number: Double?
        if let placeholder = id.pluralPlaceholder, case .number(let count) = arguments[placeholder] {
            number = Double(count)
        }
        return message.format(arguments, number: number, in: language)
    }

    /// A count with its noun (`3 элемента`) from a message whose one placeholder is `count`.
    public func count(_ id: MessageID, _ count: Int) -> String {
        text(id, ["count": .number(count)])
    }

    /// The book for a locale: a flow's own `locale:` wins over the device's, and an unknown language reads English.
    public static func language(flowLocale: String?, deviceLocale: String) -> MessageLanguage {
        flowLocale.flatMap(MessageLanguage.init(locale:)) ?? MessageLanguage(locale: deviceLocale) ?? .english
    }
}
