import Foundation

/// An App Store storefront as a `.storekit` file names it (ISO 3166-1 alpha-3, e.g. `RUS`), and its currency.
public struct Storefront: Sendable, Hashable {
    /// The alpha-3 code as written, upper-cased.
    public var code: String
    /// The ISO 3166-1 alpha-2 region, e.g. `RU`; nil for a code this table does not know.
    public var region: String?

    public init(code: String) {
        self.code = code.uppercased()
        self.region = Self.regions[self.code]
    }

    /// The ISO 4217 currency the storefront sells in, from its region (`RUS` → `RUB`, `DEU` → `EUR`).
    public var currencyCode: String? {
        guard let region else { return nil }
        return Self.currency(ofRegion: region)
    }

    static func currency(ofRegion region: String) -> String? {
        Locale(identifier: "und_\(region)").currency?.identifier
    }

    /// Alpha-3 → alpha-2 for the App Store's storefronts (Foundation has no such lookup).
    static let regions: [String: String] = [
        "AFG": "AF", "ALB": "AL", "DZA": "DZ", "AGO": "AO", "AIA": "AI", "ATG": "AG", "ARG": "AR", "ARM": "AM",
        "AUS": "AU", "AUT": "AT", "AZE": "AZ", "BHS": "BS", "BHR": "BH", "BRB": "BB", "BLR": "BY", "BEL": "BE",
        "BLZ": "BZ", "BEN": "BJ", "BMU": "BM", "BTN": "BT", "BOL": "BO", "BIH": "BA", "BWA": "BW", "BRA": "BR",
        "VGB": "VG", "BRN": "BN", "BGR": "BG", "BFA": "BF", "KHM": "KH", "CMR": "CM", "CAN": "CA", "CPV": "CV",
        "CYM": "KY", "TCD": "TD", "CHL": "CL", "CHN": "CN", "COL": "CO", "COD": "CD", "COG": "CG", "CRI": "CR",
        "CIV": "CI", "HRV": "HR", "CYP": "CY", "CZE": "CZ", "DNK": "DK", "DMA": "DM", "DOM": "DO", "ECU": "EC",
        "EGY": "EG", "SLV": "SV", "EST": "EE", "SWZ": "SZ", "FJI": "FJ", "FIN": "FI", "FRA": "FR", "GAB": "GA",
        "GMB": "GM", "GEO": "GE", "DEU": "DE", "GHA": "GH", "GRC": "GR", "GRD": "GD", "GTM": "GT", "GNB": "GW",
        "GUY": "GY", "HND": "HN", "HKG": "HK", "HUN": "HU", "ISL": "IS", "IND": "IN", "IDN": "ID", "IRQ": "IQ",
        "IRL": "IE", "ISR": "IL", "ITA": "IT", "JAM": "JM", "JPN": "JP", "JOR": "JO", "KAZ": "KZ", "KEN": "KE",
        "KOR": "KR", "XKS": "XK", "KWT": "KW", "KGZ": "KG", "LAO": "LA", "LVA": "LV", "LBN": "LB", "LBR": "LR",
        "LBY": "LY", "LTU": "LT", "LUX": "LU", "MAC": "MO", "MDG": "MG", "MWI": "MW", "MYS": "MY", "MDV": "MV",
        "MLI": "ML", "MLT": "MT", "MRT": "MR", "MUS": "MU", "MEX": "MX", "FSM": "FM", "MDA": "MD", "MNG": "MN",
        "MNE": "ME", "MSR": "MS", "MAR": "MA", "MOZ": "MZ", "MMR": "MM", "NAM": "NA", "NRU": "NR", "NPL": "NP",
        "NLD": "NL", "NZL": "NZ", "NIC": "NI", "NER": "NE", "NGA": "NG", "MKD": "MK", "NOR": "NO", "OMN": "OM",
        "PAK": "PK", "PLW": "PW", "PAN": "PA", "PNG": "PG", "PRY": "PY", "PER": "PE", "PHL": "PH", "POL": "PL",
        "PRT": "PT", "QAT": "QA", "ROU": "RO", "RUS": "RU", "RWA": "RW", "KNA": "KN", "LCA": "LC", "VCT": "VC",
        "STP": "ST", "SAU": "SA", "SEN": "SN", "SRB": "RS", "SYC": "SC", "SLE": "SL", "SGP": "SG", "SVK": "SK",
        "SVN": "SI", "SLB": "SB", "ZAF": "ZA", "ESP": "ES", "LKA": "LK", "SUR": "SR", "SWE": "SE", "CHE": "CH",
        "TWN": "TW", "TJK": "TJ", "TZA": "TZ", "THA": "TH", "TON": "TO", "TTO": "TT", "TUN": "TN", "TUR": "TR",
        "TKM": "TM", "TCA": "TC", "UGA": "UG", "UKR": "UA", "ARE": "AE", "GBR": "GB", "USA": "US", "URY": "UY",
        "UZB": "UZ", "VUT": "VU", "VEN": "VE", "VNM": "VN", "YEM": "YE", "ZMB": "ZM", "ZWE": "ZW",
    ]
}
