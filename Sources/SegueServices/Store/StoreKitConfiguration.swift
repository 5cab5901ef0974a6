import Foundation
import SegueRuntime

/// The products and test settings of an Xcode StoreKit configuration file (`.storekit`, JSON).
///
///     let configuration = try StoreKitConfiguration(contentsOf: URL(fileURLWithPath: "Products.storekit"))
///     configuration.product(id: "donate.small")?.price   // 149.00
///
/// Reads `products` (consumables, non-consumables), `nonRenewingSubscriptions`, `subscriptionGroups[].subscriptions`,
/// `settings` and `version`; unknown keys are ignored and optional ones may be missing.
public struct StoreKitConfiguration: Sendable, Hashable {
    /// A product's name and description in one locale.
    public struct Localization: Sendable, Hashable {
        /// As Xcode writes it: `ru_RU`, `en_US`, `fr`.
        public var locale: String
        public var displayName: String
        public var description: String

        public init(locale: String, displayName: String, description: String) {
            self.locale = locale
            self.displayName = displayName
            self.description = description
        }
    }

    /// One product the configuration sells.
    public struct Product: Sendable, Hashable {
        public var id: String
        public var referenceName: String
        public var kind: StoreProduct.Kind
        /// The price in the storefront's currency, exactly as written (`"149.00"` → 149.00).
        public var price: Decimal
        public var familyShareable: Bool
        public var internalID: String?
        public var localizations: [Localization]
        /// For subscriptions: the name of their group.
        public var subscriptionGroup: String?
        /// For auto-renewable subscriptions: `recurringSubscriptionPeriod` (`P1M`).
        public var subscriptionPeriod: String?
        /// `introductoryOffer`, and `adHocOffers` (promotional offers); their prices unformatted.
        public var introductoryOffer: Offer?
        public var promotionalOffers: [Offer] = []

        /// An offer as the file writes it.
        public struct Offer: Sendable, Hashable {
            public var id: String?
            public var paymentMode: String
            public var period: String
            public var periods: Int
            public var price: Decimal?

            public init(id: String?, paymentMode: String, period: String, periods: Int, price: Decimal?) {
                self.id = id
                self.paymentMode = paymentMode
                self.period = period
                self.periods = periods
                self.price = price
            }
        }

        public init(
            id: String, referenceName: String, kind: StoreProduct.Kind, price: Decimal, familyShareable: Bool = false,
            internalID: String? = nil, localizations: [Localization], subscriptionGroup: String? = nil
        ) {
            self.id = id
            self.referenceName = referenceName
            self.kind = kind
            self.price = price
            self.familyShareable = familyShareable
            self.internalID = internalID
            self.localizations = localizations
            self.subscriptionGroup = subscriptionGroup
        }

        /// The localization for `locale`: an exact match, then the same language, then the first one.
        public func localization(for locale: String) -> Localization? {
            let wanted = Self.normalized(locale)
            if let exact = localizations.first(where: { Self.normalized($0.locale) == wanted }) { return exact }
            let language = Self.language(wanted)
            if let sameLanguage = localizations.first(where: { Self.language(Self.normalized($0.locale)) == language })
            {
                return sameLanguage
            }
            return localizations.first
        }

        private static func normalized(_ locale: String) -> String {
            locale.replacingOccurrences(of: "-", with: "_").lowercased()
        }

        private static func language(_ locale: String) -> String {
            String(locale.prefix { $0 != "_" })
        }
    }

    /// One entry of `settings._storeKitErrors`: a StoreKit API that Xcode is told to fail.
    public struct SimulatedError: Sendable, Hashable {
        /// `Load Products`, `Purchase`, `Verification`, …
        public var name: String
        public var enabled: Bool
        /// The error chosen in Xcode, as far as it can be read (a string, or an object's `type`/`error`/`name`).
        public var current: String?

        public init(name: String, enabled: Bool, current: String? = nil) {
            self.name = name
            self.enabled = enabled
            self.current = current
        }
    }

    /// The keys of `settings` that change how the store behaves.
    public struct Settings: Sendable, Hashable {
        /// An App Store storefront: an ISO 3166-1 alpha-3 country code such as `RUS` or `USA`.
        public var storefront: String?
        /// The locale prices and names are shown in, e.g. `ru_RU`.
        public var locale: String?
        /// `_failTransactionsEnabled`: every purchase fails.
        public var failTransactionsEnabled: Bool
        /// `_askToBuyEnabled`: every purchase waits for approval (pending).
        public var askToBuyEnabled: Bool
        public var storeKitErrors: [SimulatedError]

        public init(
            storefront: String? = nil, locale: String? = nil, failTransactionsEnabled: Bool = false,
            askToBuyEnabled: Bool = false, storeKitErrors: [SimulatedError] = []
        ) {
            self.storefront = storefront
            self.locale = locale
            self.failTransactionsEnabled = failTransactionsEnabled
            self.askToBuyEnabled = askToBuyEnabled
            self.storeKitErrors = storeKitErrors
        }

        /// The simulated error for the StoreKit API named `name`, when it is enabled.
        public func enabledError(named name: String) -> SimulatedError? {
            storeKitErrors.first { $0.enabled && $0.name.caseInsensitiveCompare(name) == .orderedSame }
        }
    }

    public var identifier: String?
    public var products: [Product]
    public var settings: Settings
    /// The file format's version, `{major, minor}`.
    public var version: Version?

    /// The `version` object of a `.storekit` file.
    public struct Version: Sendable, Hashable {
        public var major: Int
        public var minor: Int

        public init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }
    }

    public init(
        identifier: String? = nil, products: [Product], settings: Settings = Settings(),
        version: Version? = nil
    ) {
        self.identifier = identifier
        self.products = products
        self.settings = settings
        self.version = version
    }

    /// Reads a `.storekit` file; a missing, unreadable or malformed file is an error naming the file and the place.
    public init(contentsOf url: URL) throws(StoreConfigurationError) {
        try self.init(reading: StoreConfigurationError.parseJSONFile(url), file: url.path)
    }

    /// Parses `.storekit` JSON; `file` names it in errors.
    public init(data: Data, file: String = "<storekit>") throws(StoreConfigurationError) {
        try self.init(reading: StoreConfigurationError.parseJSON(data, file: file), file: file)
    }

    private init(reading root: JSONPathReader, file: String) throws(StoreConfigurationError) {
        do {
            self = try StoreKitConfigurationReader.read(root)
        } catch {
            throw StoreConfigurationError(file: file, error)
        }
    }

    public func product(id: String) -> Product? {
        products.first { $0.id == id }
    }
}
