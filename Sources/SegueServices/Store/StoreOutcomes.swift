import Foundation

/// Segue's own settings for a store: purchase outcomes per product, a queue for the next purchases, overrides.
///
/// Read from a JSON file beside the `.storekit` file (`Products.storekit` → `Products.outcomes.json`):
///
///     {
///       "currency": "RUB",
///       "products": { "donate.large": "insufficient_funds",
///                     "donate.medium": { "outcome": "failed", "reason": "network", "message": "Нет сети" } },
///       "next": ["cancelled", "pending"]
///     }
///
/// An outcome is `success`, `cancelled`, `pending`, `failed`, a failure reason (`insufficient_funds`, `network`,
/// `already_purchased`, `product_not_found`, `purchase_failed`), or an object with `outcome`, `reason`, `message`.
public struct StoreOutcomes: Sendable, Hashable {
    /// Replaces the currency derived from the storefront.
    public var currencyCode: String?
    /// Replaces the `.storekit` file's `_locale`.
    public var locale: String?
    /// The outcome of every purchase of a product, unless the queue says otherwise.
    public var products: [String: ScriptedPurchase]
    /// Outcomes for the next purchases, first first, whatever the product (like StoreKitTest's failing transactions).
    public var next: [ScriptedPurchase]

    public init(
        currencyCode: String? = nil, locale: String? = nil, products: [String: ScriptedPurchase] = [:],
        next: [ScriptedPurchase] = []
    ) {
        self.currencyCode = currencyCode
        self.locale = locale
        self.products = products
        self.next = next
    }

    /// The outcomes file that belongs to a `.storekit` file: same directory and name, extension `.outcomes.json`.
    public static func fileURL(besides storeKitFile: URL) -> URL {
        storeKitFile.deletingPathExtension().appendingPathExtension("outcomes.json")
    }

    public init(contentsOf url: URL) throws(StoreConfigurationError) {
        try self.init(reading: StoreConfigurationError.parseJSONFile(url), file: url.path)
    }

    public init(data: Data, file: String = "<outcomes>") throws(StoreConfigurationError) {
        try self.init(reading: StoreConfigurationError.parseJSON(data, file: file), file: file)
    }

    private init(reading root: JSONPathReader, file: String) throws(StoreConfigurationError) {
        do {
            _ = try root.record()
            var products: [String: ScriptedPurchase] = [:]
            for (id, reader) in try root.optional("products")?.fields() ?? [] {
                products[id] = try Self.outcome(reader)
            }
            var next: [ScriptedPurchase] = []
            for reader in try root.optional("next")?.items() ?? [] {
                next.append(try Self.outcome(reader))
            }
            self.init(
                currencyCode: try root.optional("currency")?.string(), locale: try root.optional("locale")?.string(),
                products: products, next: next)
        } catch {
            throw StoreConfigurationError(file: file, error)
        }
    }

    private static let outcomeNames =
        "success, cancelled, pending, failed, " + PurchaseFailureReason.allCases.map(\.rawValue).joined(separator: ", ")

    private static func outcome(_ reader: JSONPathReader) throws(JSONShapeError) -> ScriptedPurchase {
        if case .string(let name) = reader.value {
            guard let outcome = ScriptedPurchase(name: name) else {
                throw reader.invalid("unknown outcome \"\(name)\"; expected one of \(outcomeNames)")
            }
            return outcome
        }
        guard case .record = reader.value else { throw reader.mismatch("an outcome name or an object") }
        let nameReader = try reader.required("outcome")
        let name = try nameReader.string()
        guard let outcome = ScriptedPurchase(name: name) else {
            throw nameReader.invalid("unknown outcome \"\(name)\"; expected one of \(outcomeNames)")
        }
        let message = try reader.optional("message")?.string()
        let reasonReader = try reader.optional("reason")
        switch outcome {
        case .failed(let implied, _):
            var reason = implied
            if let reasonReader {
                let text = try reasonReader.string()
                guard let named = PurchaseFailureReason(rawValue: text) else {
                    throw reasonReader.invalid(
                        "unknown reason \"\(text)\"; expected one of "
                            + PurchaseFailureReason.allCases.map(\.rawValue).joined(separator: ", "))
                }
                reason = named
            }
            return .failed(reason, message: message)
        default:
            if let reasonReader { throw reasonReader.invalid("a reason is only allowed when the outcome fails") }
            return outcome
        }
    }
}
