import Foundation
import SegueExpression
import SegueMachine
import SegueModel
import SegueRuntime

/// The embedded store: products, prices and purchase outcomes from an Xcode StoreKit configuration file.
///
///     let store = try ConfigurationStore(storeKitFile: URL(fileURLWithPath: "Products.storekit"),
///                                        dataDirectory: URL(fileURLWithPath: ".segue"))
///     try await store.products(ids: ["donate.small"])[0].displayPrice   // "149,00 ₽"
///     await store.scriptNextPurchase(.failed(.insufficientFunds))
///
/// A purchase ends, checked in this order: `product_not_found` for an unknown product; `already_purchased` for a
/// non-consumable or auto-renewable subscription bought before; the next scripted outcome (`scriptNextPurchase`, the outcomes file's `next`);
/// the product's configured outcome; the `.storekit` settings (Ask to Buy → pending, Fail Transactions and an
/// enabled `Purchase` error → failed); otherwise success with a new transaction, recorded before it is returned.
public actor ConfigurationStore: StoreService {
    public nonisolated let configuration: StoreKitConfiguration
    /// The locale names and prices are shown in.
    public nonisolated let locale: String
    public nonisolated let currencyCode: String
    private var outcomes: StoreOutcomes
    private let ledger: TransactionLedger
    private var recorded: [StoreTransaction]
    private let clock: @Sendable () -> Double

    /// - Parameters:
    ///   - clock: seconds since 1970 for purchase dates; the system clock by default.
    public init(
        configuration: StoreKitConfiguration, outcomes: StoreOutcomes = StoreOutcomes(),
        ledger: TransactionLedger = .inMemory,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) throws(StoreConfigurationError) {
        self.configuration = configuration
        self.outcomes = outcomes
        self.ledger = ledger
        self.clock = clock
        self.recorded = try ledger.load()
        let locale = outcomes.locale ?? configuration.settings.locale ?? "en_US"
        self.locale = locale
        self.currencyCode =
            outcomes.currencyCode?.uppercased()
            ?? configuration.settings.storefront.flatMap { Storefront(code: $0).currencyCode }
            ?? Locale(identifier: locale).region.flatMap { Storefront.currency(ofRegion: $0.identifier) } ?? "USD"
    }

    /// Loads `storeKitFile`, the outcomes file beside it when there is one, and the ledger in `dataDirectory`
    /// (in memory when nil).
    public init(
        storeKitFile: URL, dataDirectory: URL?,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) throws(StoreConfigurationError) {
        let outcomesFile = StoreOutcomes.fileURL(besides: storeKitFile)
        let outcomes =
            FileManager.default.fileExists(atPath: outcomesFile.path)
            ? try StoreOutcomes(contentsOf: outcomesFile) : StoreOutcomes()
        try self.init(
            configuration: StoreKitConfiguration(contentsOf: storeKitFile), outcomes: outcomes,
            ledger: dataDirectory.map(TransactionLedger.inDirectory) ?? .inMemory, clock: clock)
    }

    /// The products among `ids` that the configuration has, in the order asked (StoreKit leaves out unknown ids).
    /// Fails when the `.storekit` settings enable the `Load Products` error.
    public func products(ids: [String]) async throws(ServiceError) -> [StoreProduct] {
        if let simulated = configuration.settings.enabledError(named: "Load Products") {
            // Loading is not buying: whatever Xcode simulates, this is a load error, never `purchase_failed`.
            throw ServiceError(
                service: "store", code: "load_failed",
                message: MessageBook(language: MessageLanguage(locale: language) ?? .english).text(.storeLoadFailed),
                details: ["operation": .string("products"), "simulated": .string(simulated.current ?? simulated.name)])
        }
        let formatter = StorePriceFormatter(locale: locale, currencyCode: currencyCode)
        return ids.compactMap { id in
            guard let product = configuration.product(id: id) else { return nil }
            let localization = product.localization(for: locale)
            // An empty display name would be an empty title: StoreKit's testing falls back to the reference name.
            let name = localization?.displayName.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return StoreProduct(
                id: product.id, displayName: name.isEmpty ? product.referenceName : name,
                description: localization?.description ?? "", displayPrice: formatter.string(for: product.price),
                price: Self.nearestDouble(product.price), currencyCode: currencyCode, kind: product.kind,
                familyShareable: product.familyShareable, subscription: subscription(of: product, formatter))
        }
    }

    public func purchase(productID: String) async -> PurchaseOutcome {
        guard let product = configuration.product(id: productID) else {
            return .failed(failure(.productNotFound, message: nil, productID: productID))
        }
        // A non-consumable is owned for good; an auto-renewable subscription bought here is active (no expiry is
        // simulated), so buying either again is `already_purchased`, not a second transaction.
        if product.kind == .nonConsumable || product.kind == .autoRenewable,
            recorded.contains(where: { $0.productID == productID })
        {
            return .failed(failure(.alreadyPurchased, message: nil, productID: productID))
        }
        let scripted: ScriptedPurchase?
        if !outcomes.next.isEmpty {
            scripted = outcomes.next.removeFirst()
        } else {
            scripted = outcomes.products[productID] ?? settingsOutcome()
        }
        switch scripted ?? .success {
        case .cancelled: return .cancelled
        case .pending: return .pending
        case .failed(let reason, let message): return .failed(failure(reason, message: message, productID: productID))
        case .success: break
        }
        let transaction = StoreTransaction(id: nextTransactionID(), productID: productID, purchaseDate: clock())
        do {
            try ledger.save(recorded + [transaction])
        } catch {
            return .failed(
                ServiceError(
                    service: "store", code: "storage", message: "The purchase could not be recorded: \(error)",
                    details: ["product": .string(productID)]))
        }
        recorded.append(transaction)
        return .purchased(transaction)
    }

    public func transactions() async -> [StoreTransaction] {
        recorded
    }

    /// Makes the next purchase end with `outcome`, whatever its product; several calls queue up in order.
    public func scriptNextPurchase(_ outcome: ScriptedPurchase) {
        outcomes.next.append(outcome)
    }

    /// Makes every purchase of `productID` end with `outcome` (nil: back to the default).
    public func setOutcome(_ outcome: ScriptedPurchase?, forProduct productID: String) {
        outcomes.products[productID] = outcome
    }

    /// The scripted outcomes not used yet.
    public var pendingScript: [ScriptedPurchase] { outcomes.next }

    private var language: String {
        String(locale.lowercased().prefix { $0 != "_" && $0 != "-" })
    }

    private func settingsOutcome() -> ScriptedPurchase? {
        let settings = configuration.settings
        if settings.askToBuyEnabled { return .pending }
        if let simulated = settings.enabledError(named: "Purchase") {
            return .failed(Self.reason(forSimulated: simulated))
        }
        if settings.failTransactionsEnabled { return .failed(.purchaseFailed) }
        return nil
    }

    /// Reads the error Xcode was told to simulate as one of ours, by the words in its name.
    private static func reason(forSimulated error: StoreKitConfiguration.SimulatedError) -> PurchaseFailureReason {
        let text = (error.current ?? "").lowercased()
        if text.contains("network") || text.contains("connect") { return .network }
        if text.contains("unavailable") || text.contains("notavailable") || text.contains("invalid") {
            return .productNotFound
        }
        return .purchaseFailed
    }

    private func failure(_ reason: PurchaseFailureReason, message: String?, productID: String) -> ServiceError {
        ServiceError(
            service: "store", code: reason.rawValue, message: message ?? reason.message(language: language),
            details: ["product": .string(productID)])
    }

    private func subscription(of product: StoreKitConfiguration.Product, _ formatter: StorePriceFormatter)
        -> StoreSubscription?
    {
        guard let period = product.subscriptionPeriod else { return nil }
        func offer(_ offer: StoreKitConfiguration.Product.Offer) -> StoreSubscription.Offer {
            .init(
                id: offer.id, paymentMode: offer.paymentMode, period: offer.period, periods: offer.periods,
                displayPrice: offer.price.map(formatter.string(for:)))
        }
        return StoreSubscription(
            period: period, group: product.subscriptionGroup, introductoryOffer: product.introductoryOffer.map(offer),
            promotionalOffers: product.promotionalOffers.map(offer))
    }

    /// The double nearest the decimal (`2.99`, not NSDecimalNumber's `2.9899999999999998` on Linux).
    static func nearestDouble(_ price: Decimal) -> Double {
        Double(price.description) ?? NSDecimalNumber(decimal: price).doubleValue
    }

    /// Numeric like StoreKit's, one more than the largest so far.
    private func nextTransactionID() -> String {
        let largest = recorded.compactMap { Int($0.id) }.max() ?? 0
        return String(largest + 1)
    }
}
