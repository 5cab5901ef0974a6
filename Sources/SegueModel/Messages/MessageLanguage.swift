/// A language the built-in messages exist in, with its CLDR plural rule: which form a number takes.
///
///     MessageLanguage(locale: "ru-RU")                  // .russian
///     MessageLanguage.russian.category(for: 21)         // .one  ("21 символ")
///     MessageLanguage.russian.category(for: 550)        // .many ("550 символов")
public enum MessageLanguage: String, Sendable, Hashable, CaseIterable, Codable {
    case english = "en"
    case russian = "ru"

    /// The language of a BCP 47 tag (`ru`, `ru-RU`, `en_GB`), or nil when no built-in messages exist in it.
    public init?(locale: String) {
        let language = locale.prefix { $0 != "-" && $0 != "_" }.lowercased()
        guard let known = Self(rawValue: language) else { return nil }
        self = known
    }

    /// The locales `locale:` accepts, as a diagnostic lists them.
    public static let supportedList = "en, ru (with or without a region: en-US, ru-RU)"

    /// The plural categories a message in this language has, in CLDR's order.
    public var categories: [PluralCategory] {
        switch self {
        case .english: [.one, .other]
        case .russian: [.one, .few, .many, .other]
        }
    }

    /// The language's name, as messages about its forms say it.
    public var name: String {
        switch self {
        case .english: "English"
        case .russian: "Russian"
        }
    }

    /// The plural category of a number (CLDR 44 cardinal rules; a fraction is `other` in both languages).
    public func category(for number: Double) -> PluralCategory {
        guard number.isFinite, number == number.rounded(), abs(number) < 1e15 else { return .other }
        let integer = Int(abs(number))
        switch self {
        case .english:
            return integer == 1 ? .one : .other
        case .russian:
            let last = integer % 10
            let lastTwo = integer % 100
            if last == 1, lastTwo != 11 { return .one }
            if (2...4).contains(last), !(12...14).contains(lastTwo) { return .few }
            return .many
        }
    }
}

/// A CLDR plural category: which form of a message a number takes.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Codable {
    case zero, one, two, few, many, other
}
