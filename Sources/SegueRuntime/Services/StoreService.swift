import SegueExpression
import SegueMachine

/// A product as the store lists it, its price already formatted for the storefront.
public struct StoreProduct: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case consumable
        case nonConsumable = "non_consumable"
        case autoRenewable = "auto_renewable"
        case nonRenewing = "non_renewing"
    }

    public var id: String
    public var displayName: String
    public var description: String
    /// As the App Store shows it, e.g. `"149,00 ₽"` on a Russian storefront.
    public var displayPrice: String
    public var price: Double
    public var currencyCode: String
    public var kind: Kind
    /// Whether family members share the purchase (Family Sharing).
    public var familyShareable: Bool
    /// For an auto-renewable subscription: its period, group and offers; nil for other products.
    public var subscription: StoreSubscription?

    public init(
        id: String, displayName: String, description: String, displayPrice: String, price: Double,
        currencyCode: String, kind: Kind, familyShareable: Bool = false, subscription: StoreSubscription? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.description = description
        self.displayPrice = displayPrice
        self.price = price
        self.currencyCode = currencyCode
        self.kind = kind
        self.familyShareable = familyShareable
        self.subscription = subscription
    }
}

/// A completed purchase, kept so a restarted app knows what was bought.
public struct StoreTransaction: Sendable, Hashable, Codable {
    public var id: String
    public var productID: String
    /// Seconds since 1970.
    public var purchaseDate: Double

    public init(id: String, productID: String, purchaseDate: Double) {
        self.id = id
        self.productID = productID
        self.purchaseDate = purchaseDate
    }
}

public enum PurchaseOutcome: Sendable, Hashable, Codable {
    case purchased(StoreTransaction)
    case cancelled
    /// Waiting for approval (Ask to Buy, SCA); no transaction yet.
    case pending
    case failed(ServiceError)
}

/// In-app purchases: products with prices, purchases, and the record of what was bought.
public protocol StoreService: Sendable {
    func products(ids: [String]) async throws(ServiceError) -> [StoreProduct]
    func purchase(productID: String) async -> PurchaseOutcome
    func transactions() async -> [StoreTransaction]
}
