import Foundation

/// Formats prices the way the App Store shows them in a locale: `149,00 ₽` for `ru_RU` and RUB.
///
///     StorePriceFormatter(locale: "ru_RU", currencyCode: "RUB").string(for: 149)   // "149,00 ₽"
///
/// Always shows the currency's minor units (two for RUB, USD, EUR; none for JPY), rounding half to even.
/// Separators come from the locale's CLDR data; for `ru_RU` both the grouping separator and the space before
/// the sign are U+00A0 (no-break space), so `1234.5` is `1 234,50 ₽`.
public struct StorePriceFormatter: Sendable, Hashable {
    public var locale: String
    public var currencyCode: String

    public init(locale: String, currencyCode: String) {
        self.locale = locale
        self.currencyCode = currencyCode.uppercased()
    }

    public func string(for price: Decimal) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = .currency
        formatter.currencyCode = currencyCode
        let digits = Self.minorUnits(of: currencyCode)
        formatter.minimumFractionDigits = digits
        formatter.maximumFractionDigits = digits
        formatter.roundingMode = .halfEven
        return formatter.string(from: NSDecimalNumber(decimal: price)) ?? "\(price) \(currencyCode)"
    }

    /// ISO 4217 minor units: 0 for currencies without subunits in practice, 3 for a few dinars, else 2.
    static func minorUnits(of currencyCode: String) -> Int {
        switch currencyCode.uppercased() {
        case "JPY", "KRW", "CLP", "ISK", "VND", "PYG", "UGX", "XAF", "XOF", "RWF", "KMF", "GNF", "VUV": return 0
        case "BHD", "JOD", "KWD", "OMR", "TND", "IQD", "LYD": return 3
        default: return 2
        }
    }
}
