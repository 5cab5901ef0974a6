import SegueModel

/// How a purchase in the configuration store ends when a test or a configuration says so.
public enum ScriptedPurchase: Sendable, Hashable {
    case success
    /// The user closed the purchase sheet.
    case cancelled
    /// Waiting for approval (Ask to Buy); no transaction.
    case pending
    /// The purchase fails; `message` replaces the default text for the reason.
    case failed(PurchaseFailureReason, message: String? = nil)

    /// Reads the short names the outcomes file uses: `success`, `cancelled`, `pending`, `failed`, or a reason.
    public init?(name: String) {
        switch name {
        case "success": self = .success
        case "cancelled": self = .cancelled
        case "pending": self = .pending
        case "failed": self = .failed(.purchaseFailed)
        default:
            guard let reason = PurchaseFailureReason(rawValue: name) else { return nil }
            self = .failed(reason)
        }
    }
}

/// Why a purchase failed; the raw value is the `error.code` a flow sees.
public enum PurchaseFailureReason: String, Sendable, Hashable, CaseIterable {
    case insufficientFunds = "insufficient_funds"
    /// The App Store could not be reached.
    case network
    /// A non-consumable that was bought before.
    case alreadyPurchased = "already_purchased"
    case productNotFound = "product_not_found"
    /// Any other failure (StoreKit's `unknown`; Xcode's "Fail Transactions").
    case purchaseFailed = "purchase_failed"

    /// The catalog's text for people (`store.insufficient_funds`, …), in Russian for a Russian locale and in
    /// English otherwise; a flow's `locale:` and `messages:` replace it when the outcome reaches the machine.
    public func message(language: String) -> String {
        MessageBook(language: MessageLanguage(locale: language) ?? .english).text(messageID)
    }

    /// The catalog's id of the reason's text.
    public var messageID: MessageID {
        switch self {
        case .insufficientFunds: .storeInsufficientFunds
        case .network: .storeNetwork
        case .alreadyPurchased: .storeAlreadyPurchased
        case .productNotFound: .storeProductNotFound
        case .purchaseFailed: .storePurchaseFailed
        }
    }
}
