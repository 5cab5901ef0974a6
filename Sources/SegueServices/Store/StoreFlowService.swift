import SegueExpression
import SegueMachine
import SegueModel
import SegueRuntime

/// The store as a flow calls it: `store.products` and `store.purchase`.
///
/// - `products {ids: list<string>}` → `ok` with a list of `{id, title, description, price, price_value, currency}`
///   (`price` is the formatted text, e.g. `"149,00 ₽"`; `price_value` the number), in the order asked.
/// - `purchase {product: string}` → `ok {transaction_id, product}`; `cancelled` when the user backs out; a pending
///   purchase (Ask to Buy) is an `error` with code `pending`, so that no flow shows "purchase done" for money not
///   yet paid; failures are `error` with the reason as code (`insufficient_funds`, `network`, …).
/// - `transactions {}` → `ok` with a list of `{transaction_id, product, purchase_date}`.
public struct StoreFlowService: FlowService {
    public let store: any StoreService
    /// The `error.message` of a pending purchase.
    public var pendingMessage: String

    public init(store: any StoreService, pendingMessage: String = MessageBook().text(.storePending)) {
        self.store = store
        self.pendingMessage = pendingMessage
    }

    /// The configuration store, with the pending message in its locale's language (Russian or English).
    public init(store: ConfigurationStore) {
        let language = MessageLanguage(locale: store.locale) ?? .english
        self.init(store: store, pendingMessage: MessageBook(language: language).text(.storePending))
    }

    public var operations: [String] { ["products", "purchase", "transactions"] }

    public func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome {
        let arguments = FlowArguments(service: "store", operation: operation, values: arguments)
        do {
            switch operation {
            case "products":
                let products = try await store.products(ids: try arguments.strings("ids"))
                return .ok(.list(products.map(Self.record)))
            case "purchase":
                return outcome(await store.purchase(productID: try arguments.string("product")))
            case "transactions":
                return .ok(.list(await store.transactions().map(Self.record)))
            default:
                return FlowArguments.unknownOperation(operation, service: "store", known: operations)
            }
        } catch {
            return .error(error)
        }
    }

    static func record(_ product: StoreProduct) -> Value {
        .record([
            "id": .string(product.id), "title": .string(product.displayName),
            "description": .string(product.description), "price": .string(product.displayPrice),
            "price_value": .number(product.price), "currency": .string(product.currencyCode),
            "family_shareable": .bool(product.familyShareable),
            "subscription": product.subscription.map(record) ?? .null,
        ])
    }

    static func record(_ subscription: StoreSubscription) -> Value {
        func offer(_ offer: StoreSubscription.Offer) -> Value {
            .record([
                "id": offer.id.map(Value.string) ?? .null, "payment_mode": .string(offer.paymentMode),
                "period": .string(offer.period), "periods": .int(offer.periods),
                "price": offer.displayPrice.map(Value.string) ?? .null,
            ])
        }
        return .record([
            "period": .string(subscription.period), "group": subscription.group.map(Value.string) ?? .null,
            "introductory_offer": subscription.introductoryOffer.map(offer) ?? .null,
            "promotional_offers": .list(subscription.promotionalOffers.map(offer)),
        ])
    }

    static func record(_ transaction: StoreTransaction) -> Value {
        .record([
            "transaction_id": .string(transaction.id), "product": .string(transaction.productID),
            "purchase_date": .number(transaction.purchaseDate),
        ])
    }

    func outcome(_ purchase: PurchaseOutcome) -> ServiceOutcome {
        switch purchase {
        case .purchased(let transaction):
            return .ok(.record(["transaction_id": .string(transaction.id), "product": .string(transaction.productID)]))
        case .cancelled:
            return .cancelled
        case .pending:
            return .error(
                ServiceError(service: "store", code: "pending", message: pendingMessage, details: [:]))
        case .failed(let error):
            return .error(error)
        }
    }
}
