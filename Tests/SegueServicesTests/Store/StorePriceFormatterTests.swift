import Foundation
import Testing

@testable import SegueServices

@Suite struct StorePriceFormatterTests {
    @Test func russianStorefrontShowsRoublesTheRussianWay() {
        let formatter = StorePriceFormatter(locale: "ru_RU", currencyCode: "RUB")
        #expect(formatter.string(for: 149) == "149,00\u{00A0}₽")
        #expect(formatter.string(for: 749) == "749,00\u{00A0}₽")
        #expect(formatter.string(for: Decimal(string: "1234.5")!) == "1\u{00A0}234,50\u{00A0}₽")
    }

    @Test func otherLocalesAndCurrencies() {
        #expect(
            StorePriceFormatter(locale: "en_US", currencyCode: "USD").string(for: Decimal(string: "4.99")!) == "$4.99")
        #expect(
            StorePriceFormatter(locale: "de_DE", currencyCode: "eur").string(for: Decimal(string: "4.99")!)
                == "4,99\u{00A0}€")
        #expect(StorePriceFormatter(locale: "ja_JP", currencyCode: "JPY").string(for: 480) == "¥480")
        #expect(StorePriceFormatter(locale: "en_US", currencyCode: "RUB").string(for: 149) == "RUB\u{00A0}149.00")
    }

    @Test func storefrontsMapToCurrencies() {
        #expect(Storefront(code: "RUS").currencyCode == "RUB")
        #expect(Storefront(code: "usa").currencyCode == "USD")
        #expect(Storefront(code: "DEU").currencyCode == "EUR")
        #expect(Storefront(code: "GBR").region == "GB")
        #expect(Storefront(code: "XYZ").currencyCode == nil)
    }
}
