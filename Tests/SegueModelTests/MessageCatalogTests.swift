import Testing

@testable import SegueModel

/// The built-in texts in both languages, their plural forms and how a flow's `messages:` replaces them.
@Suite struct MessageCatalogTests {
    static let english = MessageBook(language: .english)
    static let russian = MessageBook(language: .russian)

    @Test func everyRuleMessageExistsInEnglishAndRussian() {
        let expected: [(MessageID, [String: MessageArgument], String, String)] = [
            (.ruleRequired, [:], "This field is required", "Обязательное поле"),
            (.ruleSingleWord, [:], "Enter exactly one word", "Введите одно слово"),
            (
                .ruleURL, [:], "Enter a link that starts with http:// or https://",
                "Введите ссылку, которая начинается с http:// или https://"
            ),
            (.ruleMaxLength, ["max": .number(100)], "At most 100 characters", "Максимум 100 символов"),
            (.ruleMinLength, ["min": .number(2)], "At least 2 characters", "Минимум 2 символа"),
            (.rulePattern, [:], "The value has the wrong format", "Значение в неверном формате"),
            (
                .textTooLong, ["kilobytes": .number(16)], "The text is too long (16 KB at most)",
                "Текст слишком длинный (не больше 16 КБ)"
            ),
            (
                .textTooManyMarks, [:], "Too many accents on one letter",
                "Слишком много диакритических знаков на одной букве"
            ),
            (.errorAlertTitle, [:], "Error", "Ошибка"),
            (.backButton, [:], "Back", "Назад"),
        ]
        for (id, arguments, english, russian) in expected {
            #expect(Self.english.text(id, arguments) == english)
            #expect(Self.russian.text(id, arguments) == russian)
        }
    }

    @Test func russianCountsTakeCLDRsPluralForms() {
        let texts = [1, 2, 5, 21, 550, 11, 12, 22, 111, 0].map {
            Self.russian.text(.ruleMaxLength, ["max": .number($0)])
        }
        #expect(
            texts == [
                "Максимум 1 символ", "Максимум 2 символа", "Максимум 5 символов", "Максимум 21 символ",
                "Максимум 550 символов", "Максимум 11 символов", "Максимум 12 символов", "Максимум 22 символа",
                "Максимум 111 символов", "Максимум 0 символов",
            ])
        #expect(MessageLanguage.russian.category(for: 1.5) == .other)
        #expect(Self.russian.count(.items, 3) == "3 элемента")
        #expect(Self.russian.count(.lines, 5) == "5 строк")
    }

    @Test func englishCountsAreOneOrOther() {
        #expect(Self.english.text(.ruleMaxLength, ["max": .number(1)]) == "At most 1 character")
        #expect(Self.english.text(.ruleMinLength, ["min": .number(21)]) == "At least 21 characters")
        #expect(Self.english.count(.items, 1) == "1 item")
        #expect(Self.english.count(.items, 0) == "0 items")
    }

    @Test func everyMessageHasTheFormsItsLanguageNeedsAndOnlyItsPlaceholders() {
        for id in MessageID.allCases {
            for language in MessageLanguage.allCases {
                let text = MessageCatalog.text(id, in: language)
                if case .plural(let forms) = text {
                    #expect(id.pluralPlaceholder != nil, "\(id) has forms but no number")
                    #expect(Set(forms.keys) == Set(language.categories), "\(id) in \(language)")
                }
                for template in text.templates {
                    #expect(Set(MessageText.placeholders(in: template)).isSubset(of: id.placeholders), "\(id)")
                }
            }
        }
    }

    @Test func aLocaleOverrideWinsOverAnEveryLocaleOneWhichWinsOverTheCatalog() {
        let overrides: [MessageID: MessageBook.Override] = [
            .ruleRequired: .init(everyLanguage: .plain("Fill it in"), byLanguage: [.russian: .plain("Заполните")]),
            .ruleMaxLength: .init(byLanguage: [
                .russian: .plural([.one: "≤ {max} знак", .few: "≤ {max} знака", .many: "≤ {max} знаков", .other: "?"])
            ]),
        ]
        let russian = MessageBook(language: .russian, overrides: overrides)
        let english = MessageBook(language: .english, overrides: overrides)
        #expect(russian.text(.ruleRequired) == "Заполните")
        #expect(english.text(.ruleRequired) == "Fill it in")
        #expect(russian.text(.ruleMaxLength, ["max": .number(21)]) == "≤ 21 знак")
        #expect(russian.text(.ruleMaxLength, ["max": .number(3)]) == "≤ 3 знака")
        #expect(english.text(.ruleMaxLength, ["max": .number(3)]) == "At most 3 characters")
    }

    @Test func theFlowsLocaleWinsOverTheDevicesAndAnUnknownLanguageReadsEnglish() {
        #expect(MessageBook.language(flowLocale: "ru", deviceLocale: "en-US") == .russian)
        #expect(MessageBook.language(flowLocale: nil, deviceLocale: "ru_RU") == .russian)
        #expect(MessageBook.language(flowLocale: nil, deviceLocale: "de-DE") == .english)
        #expect(MessageLanguage(locale: "EN-gb") == .english)
        #expect(MessageLanguage(locale: "de") == nil)
    }

    @Test func bracesThatNameNoPlaceholderStayAsWritten() {
        #expect(MessageText.fill("{max} of {unknown} {", ["max": .number(3)]) == "3 of {unknown} {")
        #expect(MessageText.placeholders(in: "{a} {1b} {c_2} {") == ["a", "c_2"])
    }
}
