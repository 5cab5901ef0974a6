/// Every built-in text people see, in English and Russian: the one place they are written.
///
///     MessageCatalog.text(.ruleRequired, in: .russian)   // .plain("Обязательное поле")
public enum MessageCatalog {
    /// The built-in text of a message in a language.
    public static func text(_ id: MessageID, in language: MessageLanguage) -> MessageText {
        switch language {
        case .english: english(id)
        case .russian: russian(id)
        }
    }

    private static func english(_ id: MessageID) -> MessageText {
        switch id {
        case .ruleRequired: .plain("This field is required")
        case .ruleSingleWord: .plain("Enter exactly one word")
        case .ruleURL: .plain("Enter a link that starts with http:// or https://")
        case .ruleMaxLength: .plural([.one: "At most {max} character", .other: "At most {max} characters"])
        case .ruleMinLength: .plural([.one: "At least {min} character", .other: "At least {min} characters"])
        case .rulePattern: .plain("The value has the wrong format")
        case .textTooLong: .plain("The text is too long ({kilobytes} KB at most)")
        case .textTooManyMarks: .plain("Too many accents on one letter")
        case .errorAlertTitle: .plain("Error")
        case .errorAlertMessage: .plain("Something went wrong")
        case .backButton: .plain("Back")
        case .storeInsufficientFunds: .plain("Insufficient funds")
        case .storeNetwork: .plain("Cannot connect to the App Store")
        case .storeAlreadyPurchased: .plain("This item was already purchased")
        case .storeProductNotFound: .plain("The product was not found")
        case .storePurchaseFailed: .plain("The purchase could not be completed")
        case .storePending: .plain("The purchase is waiting for approval")
        case .storeLoadFailed: .plain("The products could not be loaded")
        case .items: .plural([.one: "{count} item", .other: "{count} items"])
        case .lines: .plural([.one: "{count} line", .other: "{count} lines"])
        case .hidden: .plain("hidden")
        case .disabled: .plain("disabled")
        case .placeholder: .plain("placeholder")
        case .nothingShown: .plain("(nothing shown)")
        case .morePages: .plain("more pages")
        }
    }

    private static func russian(_ id: MessageID) -> MessageText {
        switch id {
        case .ruleRequired: .plain("Обязательное поле")
        case .ruleSingleWord: .plain("Введите одно слово")
        case .ruleURL: .plain("Введите ссылку, которая начинается с http:// или https://")
        case .ruleMaxLength:
            .plural([
                .one: "Максимум {max} символ", .few: "Максимум {max} символа", .many: "Максимум {max} символов",
                .other: "Максимум {max} символа",
            ])
        case .ruleMinLength:
            .plural([
                .one: "Минимум {min} символ", .few: "Минимум {min} символа", .many: "Минимум {min} символов",
                .other: "Минимум {min} символа",
            ])
        case .rulePattern: .plain("Значение в неверном формате")
        case .textTooLong: .plain("Текст слишком длинный (не больше {kilobytes} КБ)")
        case .textTooManyMarks: .plain("Слишком много диакритических знаков на одной букве")
        case .errorAlertTitle: .plain("Ошибка")
        case .errorAlertMessage: .plain("Что-то пошло не так")
        case .backButton: .plain("Назад")
        case .storeInsufficientFunds: .plain("Недостаточно средств")
        case .storeNetwork: .plain("Нет соединения с App Store")
        case .storeAlreadyPurchased: .plain("Эта покупка уже совершена")
        case .storeProductNotFound: .plain("Товар не найден")
        case .storePurchaseFailed: .plain("Не удалось совершить покупку")
        case .storePending: .plain("Покупка ожидает подтверждения")
        case .storeLoadFailed: .plain("Не удалось загрузить товары")
        case .items:
            .plural([
                .one: "{count} элемент", .few: "{count} элемента", .many: "{count} элементов",
                .other: "{count} элемента",
            ])
        case .lines:
            .plural([
                .one: "{count} строка", .few: "{count} строки", .many: "{count} строк", .other: "{count} строки",
            ])
        case .hidden: .plain("скрыт")
        case .disabled: .plain("недоступен")
        case .placeholder: .plain("подсказка")
        case .nothingShown: .plain("(ничего не видно)")
        case .morePages: .plain("есть ещё страницы")
        }
    }
}
