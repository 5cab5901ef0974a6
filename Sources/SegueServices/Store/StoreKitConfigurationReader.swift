import Foundation
import SegueExpression
import SegueRuntime

/// Turns the parsed JSON of a `.storekit` file into a `StoreKitConfiguration`, with JSON paths in its errors.
enum StoreKitConfigurationReader {
    /// The top-level keys of Xcode's `.storekit` files, one of which any configuration has.
    static let configurationKeys = [
        "products", "subscriptionGroups", "nonRenewingSubscriptions", "settings", "version", "identifier",
    ]

    static func read(_ root: JSONPathReader) throws(JSONShapeError) -> StoreKitConfiguration {
        try recognise(root)
        var products: [StoreKitConfiguration.Product] = []
        var seen: [String: String] = [:]
        func add(_ product: StoreKitConfiguration.Product, at path: String) throws(JSONShapeError) {
            if let first = seen[product.id] {
                throw JSONShapeError(
                    path: "\(path).productID", message: "product \"\(product.id)\" is already defined at \(first)")
            }
            seen[product.id] = path
            products.append(product)
        }
        for item in try root.optional("products")?.items() ?? [] {
            try add(product(item, defaultKind: nil, group: nil), at: item.path)
        }
        for item in try root.optional("nonRenewingSubscriptions")?.items() ?? [] {
            try add(product(item, defaultKind: .nonRenewing, group: nil), at: item.path)
        }
        for group in try root.optional("subscriptionGroups")?.items() ?? [] {
            var name = try shownText(group.optional("name"))
            if name == nil { name = try group.optional("id")?.string() }
            for item in try group.optional("subscriptions")?.items() ?? [] {
                try add(product(item, defaultKind: .autoRenewable, group: name), at: item.path)
            }
        }
        var version: StoreKitConfiguration.Version?
        if let reader = try root.optional("version") {
            version = .init(major: try reader.required("major").int(), minor: try reader.optional("minor")?.int() ?? 0)
        }
        return StoreKitConfiguration(
            identifier: try root.optional("identifier")?.string(), products: products,
            settings: try settings(root.optional("settings")), version: version)
    }

    /// A file that is something else (a property list of purchases or transactions, an outcomes file) is said to
    /// be so at once, instead of being read as a configuration without products.
    private static func recognise(_ root: JSONPathReader) throws(JSONShapeError) {
        let notConfiguration =
            "this is not a StoreKit configuration (Xcode's .storekit has "
            + configurationKeys.prefix(3).joined(separator: ", ") + " at the top)"
        guard case .record(let fields) = root.value else {
            let found = if case .list = root.value { "a list" } else { "a single value" }
            throw JSONShapeError(path: "$", message: "\(notConfiguration); it holds \(found)")
        }
        guard !fields.isEmpty, !configurationKeys.contains(where: { fields[$0] != nil }) else { return }
        let keys = fields.keys.sorted().prefix(5).map { "\"\(ServerText.sanitized($0, limit: 40))\"" }
        let purchases = fields.keys.contains { ["purchases", "transactions", "inAppPurchases"].contains($0) }
        throw JSONShapeError(
            path: "$",
            message: notConfiguration + "; it has " + keys.joined(separator: ", ")
                + (fields.count > 5 ? ", …" : "") + (purchases ? ", a list of purchases" : ""))
    }

    /// Xcode's `type` strings; `defaultKind` applies where the section implies the kind.
    private static let kinds: [String: StoreProduct.Kind] = [
        "Consumable": .consumable, "NonConsumable": .nonConsumable,
        "NonRenewingSubscription": .nonRenewing, "RecurringSubscription": .autoRenewable,
        "AutoRenewable": .autoRenewable,
    ]

    private static func product(
        _ reader: JSONPathReader, defaultKind: StoreProduct.Kind?, group: String?
    ) throws(JSONShapeError) -> StoreKitConfiguration.Product {
        _ = try reader.record()
        // Older files name the product `identifier` in some sections.
        var idReader = try reader.optional("productID")
        if idReader == nil { idReader = try reader.optional("identifier") }
        guard let idReader else { throw reader.invalid("required key \"productID\" is missing") }
        let id = try idReader.string()
        if id.isEmpty { throw idReader.invalid("the product ID is empty") }
        let kind: StoreProduct.Kind
        if let typeReader = try reader.optional("type") {
            let type = try typeReader.string()
            guard let known = kinds[type] else {
                throw typeReader.invalid(
                    "unknown product type \"\(type)\"; expected one of Consumable, NonConsumable, "
                        + "NonRenewingSubscription, RecurringSubscription")
            }
            kind = known
        } else if let defaultKind {
            kind = defaultKind
        } else {
            throw JSONShapeError(path: "\(reader.path).type", message: "required key \"type\" is missing")
        }
        var localizations: [StoreKitConfiguration.Localization] = []
        for item in try reader.optional("localizations")?.items() ?? [] {
            localizations.append(
                .init(
                    locale: try item.required("locale").string(),
                    displayName: try shownText(item.optional("displayName")) ?? "",
                    description: try shownText(item.optional("description")) ?? ""))
        }
        var product = StoreKitConfiguration.Product(
            id: id,
            referenceName: try shownText(reader.optional("referenceName")) ?? id,
            kind: kind,
            price: try price(reader.required("displayPrice")),
            familyShareable: try reader.optional("familyShareable")?.bool() ?? false,
            internalID: try internalID(reader.optional("internalID")), localizations: localizations,
            subscriptionGroup: group)
        product.subscriptionPeriod = try reader.optional("recurringSubscriptionPeriod")?.string()
        product.introductoryOffer = try reader.optional("introductoryOffer").map(offer)
        product.promotionalOffers = try (reader.optional("adHocOffers")?.items() ?? []).map(offer)
        return product
    }

    /// A name or description people will see: another person's file gets no ESC sequences or bidi overrides onto a
    /// screen or terminal.
    private static func shownText(_ reader: JSONPathReader?) throws(JSONShapeError) -> String? {
        try reader.map { reader throws(JSONShapeError) in ServerText.cleanedDataString(try reader.string()) }
    }

    /// An `introductoryOffer` or one of `adHocOffers`; a free offer has no price.
    private static func offer(_ reader: JSONPathReader) throws(JSONShapeError) -> StoreKitConfiguration.Product.Offer {
        .init(
            id: try reader.optional("offerID")?.string(),
            paymentMode: try reader.optional("paymentMode")?.string() ?? "free",
            period: try reader.required("subscriptionPeriod").string(),
            periods: try reader.optional("numberOfPeriods")?.int() ?? 1,
            price: try reader.optional("displayPrice").map(price))
    }

    /// `displayPrice` is a decimal string with a dot (`"149.00"`); a plain number is accepted too.
    private static func price(_ reader: JSONPathReader) throws(JSONShapeError) -> Decimal {
        let text: String
        switch reader.value {
        case .string(let string): text = string.trimmingCharacters(in: .whitespaces)
        case .int(let number): text = String(number)
        case .number(let number): text = String(number)
        default: throw reader.mismatch("a price such as \"149.00\"")
        }
        let isPlainDecimal =
            !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            && text.filter { $0 == "." }.count <= 1 && text.first != "." && text.last != "."
        guard isPlainDecimal, let price = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw reader.invalid("expected a price such as \"149.00\", found \(JSONPathReader.describe(reader.value))")
        }
        return price
    }

    private static func internalID(_ reader: JSONPathReader?) throws(JSONShapeError) -> String? {
        guard let reader else { return nil }
        if case .int(let number) = reader.value { return String(number) }
        return try reader.string()
    }

    private static func settings(_ reader: JSONPathReader?) throws(JSONShapeError) -> StoreKitConfiguration.Settings {
        guard let reader else { return .init() }
        var errors: [StoreKitConfiguration.SimulatedError] = []
        for item in try reader.optional("_storeKitErrors")?.items() ?? [] {
            errors.append(
                .init(
                    name: try item.required("name").string(), enabled: try item.optional("enabled")?.bool() ?? false,
                    current: currentError(try item.record()["current"])))
        }
        let failTransactions = try reader.optional("_failTransactionsEnabled")?.bool() ?? false
        if let chosen = try reader.optional("_storeKitError") {
            // Version 1 files (Xcode 12) name the error Fail Transactions fails with here: it is that setting's
            // `Purchase` error, read as `_storeKitErrors` entries are.
            errors.append(.init(name: "Purchase", enabled: failTransactions, current: try skError(chosen)))
        }
        return .init(
            storefront: try reader.optional("_storefront")?.string(), locale: try reader.optional("_locale")?.string(),
            failTransactionsEnabled: failTransactions,
            askToBuyEnabled: try reader.optional("_askToBuyEnabled")?.bool() ?? false, storeKitErrors: errors)
    }

    /// StoreKit 1's `SKError.Code` names by number, for a version 1 `_storeKitError` given as a code.
    static let skErrorNames = [
        "unknown", "clientInvalid", "paymentCancelled", "paymentInvalid", "paymentNotAllowed",
        "storeProductNotAvailable", "cloudServicePermissionDenied", "cloudServiceNetworkConnectionFailed",
        "cloudServiceRevoked", "privacyAcknowledgementRequired", "unauthorizedRequestData", "invalidOfferIdentifier",
        "invalidSignature", "missingOfferParams", "invalidOfferPrice", "overlayCancelled", "overlayInvalidConfiguration",
        "overlayTimeout", "ineligibleForOffer", "unsupportedPlatform", "overlayPresentedInBackgroundScene",
    ]

    /// A version 1 `_storeKitError`: an `SKError` code's name (`storeProductNotAvailable`) or its number; anything
    /// else is refused rather than left unread.
    private static func skError(_ reader: JSONPathReader) throws(JSONShapeError) -> String {
        if case .string(let name) = reader.value, !name.isEmpty { return name }
        if let code = reader.value.intValue, Self.skErrorNames.indices.contains(code) { return Self.skErrorNames[code] }
        throw reader.invalid(
            "the error Fail Transactions fails with (Xcode 12's `_storeKitError`) must be an SKError code's name or "
                + "its number 0–\(Self.skErrorNames.count - 1), found \(JSONPathReader.describe(reader.value))")
    }

    /// Xcode's shape for the chosen error is undocumented: take a string, or the first telling string of an object.
    private static func currentError(_ value: Value?) -> String? {
        switch value {
        case .string(let text): return text
        case .record(let fields):
            for key in ["type", "error", "name", "value"] {
                if let text = fields[key]?.stringValue { return text }
            }
            return fields.values.compactMap(\.stringValue).sorted().first
        default: return nil
        }
    }
}
