/// The stable id of a built-in text people see (`rule.required`): what a flow's `messages:` overrides.
///
///     MessageCatalog.text(.ruleMaxLength, in: .russian)   // plural forms of "Максимум {max} символов"
public enum MessageID: String, Sendable, Hashable, CaseIterable, Codable {
    // Form rules (a field's error under it).
    case ruleRequired = "rule.required"
    case ruleSingleWord = "rule.single_word"
    case ruleURL = "rule.url"
    case ruleMaxLength = "rule.max_length"
    case ruleMinLength = "rule.min_length"
    case rulePattern = "rule.pattern"
    case textTooLong = "text.too_long"
    case textTooManyMarks = "text.too_many_marks"
    // The default error alert.
    case errorAlertTitle = "error_alert.title"
    case errorAlertMessage = "error_alert.message"
    // Navigation.
    case backButton = "navigation.back"
    // The store service.
    case storeInsufficientFunds = "store.insufficient_funds"
    case storeNetwork = "store.network"
    case storeAlreadyPurchased = "store.already_purchased"
    case storeProductNotFound = "store.product_not_found"
    case storePurchaseFailed = "store.purchase_failed"
    case storePending = "store.pending"
    case storeLoadFailed = "store.load_failed"
    // The REPL's and the drawings' words for what a person sees.
    case items = "screen.items"
    case lines = "screen.lines"
    case hidden = "screen.hidden"
    case disabled = "screen.disabled"
    case placeholder = "screen.placeholder"
    case nothingShown = "screen.nothing_shown"
    case morePages = "screen.more_pages"

    /// The placeholders the text may use (`{max}`), each filled in where the text is shown.
    public var placeholders: [String] {
        switch self {
        case .ruleMaxLength: ["max"]
        case .ruleMinLength: ["min"]
        case .textTooLong: ["kilobytes"]
        case .items, .lines: ["count"]
        default: []
        }
    }

    /// The placeholder whose number chooses the plural form, for a message that has one.
    public var pluralPlaceholder: String? {
        switch self {
        case .ruleMaxLength: "max"
        case .ruleMinLength: "min"
        case .items, .lines: "count"
        default: nil
        }
    }

    /// Where the text is shown, for the docs' table.
    public var use: String {
        switch self {
        case .ruleRequired: "a `required` field left empty"
        case .ruleSingleWord: "a `single_word` field with more than one word"
        case .ruleURL: "a `url` field that is not a web link"
        case .ruleMaxLength: "a field longer than `max_length`"
        case .ruleMinLength: "a field shorter than `min_length`"
        case .rulePattern: "a field that does not match `pattern`"
        case .textTooLong: "a field's text over the size limit"
        case .textTooManyMarks: "a letter with too many combining marks"
        case .errorAlertTitle: "the title of the alert for an error nothing handled"
        case .errorAlertMessage: "that alert's text when the error has none"
        case .backButton: "the back button of a pushed screen"
        case .storeInsufficientFunds: "a purchase without the money for it"
        case .storeNetwork: "a purchase when the App Store cannot be reached"
        case .storeAlreadyPurchased: "a non-consumable bought again"
        case .storeProductNotFound: "a purchase of a product the store lacks"
        case .storePurchaseFailed: "any other failed purchase"
        case .storePending: "a purchase waiting for approval"
        case .storeLoadFailed: "products that could not be loaded"
        case .items: "how many items a list shows (REPL)"
        case .lines: "how many lines a text or field takes (REPL)"
        case .hidden: "an element that is not visible now (REPL)"
        case .disabled: "an element that cannot be used now (REPL)"
        case .placeholder: "an empty field's placeholder (REPL)"
        case .nothingShown: "a list item that shows nothing (REPL)"
        case .morePages: "a paged list with more to load (REPL)"
        }
    }
}
