import Foundation
import SegueExpression
import SegueRuntime
import Testing

@testable import SegueServices

/// `.storekit` files as other people's apps write them (issue 16): XML property lists, prices like 2.99, empty
/// display names, subscriptions.
@Suite struct StoreKitRealFileTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>identifier</key><string>OLD</string>
            <key>products</key>
            <array>
                <dict>
                    <key>displayPrice</key><string>2.99</string>
                    <key>familyShareable</key><false/>
                    <key>internalID</key><integer>6443</integer>
                    <key>localizations</key>
                    <array>
                        <dict>
                            <key>description</key><string>Coffee for the team</string>
                            <key>displayName</key><string>Coffee</string>
                            <key>locale</key><string>en_US</string>
                        </dict>
                    </array>
                    <key>productID</key><string>tip.coffee</string>
                    <key>referenceName</key><string>Coffee tip</string>
                    <key>type</key><string>Consumable</string>
                </dict>
            </array>
            <key>settings</key><dict><key>_locale</key><string>en_US</string><key>_storefront</key><string>USA</string></dict>
            <key>version</key><dict><key>major</key><integer>1</integer><key>minor</key><integer>0</integer></dict>
        </dict>
        </plist>
        """

    @Test func anXMLPropertyListReadsLikeJSON() async throws {
        let configuration = try StoreKitConfiguration(data: Data(Self.plist.utf8), file: "Old.storekit")
        #expect(configuration.identifier == "OLD")
        #expect(configuration.version == .init(major: 1, minor: 0))
        let product = try #require(configuration.product(id: "tip.coffee"))
        #expect(product.internalID == "6443")
        #expect(product.price == Decimal(string: "2.99"))
        let store = try ConfigurationStore(configuration: configuration)
        let shown = try await store.products(ids: ["tip.coffee"])
        #expect(shown.map(\.displayName) == ["Coffee"])
        #expect(shown.map(\.displayPrice) == ["$2.99"])
    }

    @Test func aBrokenPropertyListSaysSo() {
        #expect(throws: StoreConfigurationError.self) {
            try StoreKitConfiguration(data: Data("<plist><dict><key>x</dict>".utf8), file: "Bad.storekit")
        }
    }

    @Test(arguments: [("2.99", 2.99), ("39.99", 39.99), ("0.1", 0.1)])
    func pricesAreTheNumbersWritten(written: String, value: Double) async throws {
        let store = try ConfigurationStore(
            configuration: StoreKitConfiguration(
                data: StoreTestSupport.storeKit(products: StoreTestSupport.product("a", price: "\"\(written)\""))))
        let product = try #require(try await store.products(ids: ["a"]).first)
        #expect(product.price == value)
        #expect(StoreFlowService.record(product)["price_value"]?.literal == written)
    }

    @Test func anEmptyDisplayNameFallsBackToTheReferenceName() async throws {
        let product = StoreTestSupport.product("a").replacingOccurrences(
            of: #""displayName": "Товар a""#, with: #""displayName": """#)
        let store = try ConfigurationStore(
            configuration: StoreKitConfiguration(data: StoreTestSupport.storeKit(products: product)))
        #expect(try await store.products(ids: ["a"]).map(\.displayName) == ["a"])
    }

    @Test func namesFromAnotherPersonsFileAreShownWithoutControls() async throws {
        // A cloned repository's `.storekit` must not move the terminal's cursor or reverse a line (issue 16).
        let product = StoreTestSupport.product("a")
            .replacingOccurrences(
                of: #""displayName": "Товар a""#, with: #""displayName": "\u001b[2JТовар\u202e a""#
            )
            .replacingOccurrences(
                of: #""description": "Описание a""#, with: #""description": "Описание\u0007\r\nвторое""#)
        let store = try ConfigurationStore(
            configuration: StoreKitConfiguration(data: StoreTestSupport.storeKit(products: product)))
        let shown = try await store.products(ids: ["a"])
        #expect(shown.map(\.displayName) == ["[2JТовар a"])
        #expect(shown.map(\.description) == ["Описание\nвторое"])
    }

    @Test func anActiveSubscriptionCannotBeBoughtTwice() async throws {
        let store = try ConfigurationStore(
            configuration: StoreKitConfiguration(
                data: StoreTestSupport.storeKit(
                    products: StoreTestSupport.product("pro", type: "RecurringSubscription"))
            ))
        guard case .purchased = await store.purchase(productID: "pro") else {
            Issue.record("the first purchase should succeed")
            return
        }
        guard case .failed(let again) = await store.purchase(productID: "pro") else {
            Issue.record("the second purchase should fail")
            return
        }
        #expect(again.code == "already_purchased")
        #expect(await store.transactions().count == 1)
    }
}

/// A subscription's period, group, offers and family sharing reach `Product` and the flow's record.
@Suite struct StoreSubscriptionTests {
    static let file = """
        {
          "products": [],
          "settings": { "_locale": "en_US", "_storefront": "USA" },
          "subscriptionGroups": [{
            "id": "21345", "name": "Pro",
            "subscriptions": [{
              "adHocOffers": [{"displayPrice": "0.99", "numberOfPeriods": 2, "offerID": "winback",
                               "paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M"}],
              "displayPrice": "4.99", "familyShareable": true, "groupNumber": 1, "internalID": "7",
              "introductoryOffer": {"numberOfPeriods": 1, "paymentMode": "free", "subscriptionPeriod": "P1W"},
              "localizations": [{"description": "Everything", "displayName": "Pro monthly", "locale": "en_US"}],
              "productID": "pro.monthly", "recurringSubscriptionPeriod": "P1M", "referenceName": "Pro",
              "subscriptionGroupID": "21345", "type": "RecurringSubscription"
            }]
          }],
          "version": { "major": 3, "minor": 0 }
        }
        """

    @Test func subscriptionFieldsAreKept() async throws {
        let store = try ConfigurationStore(configuration: StoreKitConfiguration(data: Data(Self.file.utf8)))
        let product = try #require(try await store.products(ids: ["pro.monthly"]).first)
        #expect(product.familyShareable)
        #expect(
            product.subscription
                == StoreSubscription(
                    period: "P1M", group: "Pro",
                    introductoryOffer: .init(paymentMode: "free", period: "P1W", periods: 1),
                    promotionalOffers: [
                        .init(
                            id: "winback", paymentMode: "payAsYouGo", period: "P1M", periods: 2, displayPrice: "$0.99")
                    ]))
        let record = StoreFlowService.record(product)
        #expect(record["family_shareable"] == .bool(true))
        #expect(
            record["subscription"]?.literal
                == #"{group: "Pro", introductory_offer: {id: null, payment_mode: "free", period: "P1W", periods: 1, "#
                + #"price: null}, period: "P1M", promotional_offers: [{id: "winback", payment_mode: "payAsYouGo", "#
                + #"period: "P1M", periods: 2, price: "$0.99"}]}"#)
    }
}

/// A property list of purchases given where a `.storekit` configuration belongs is said to be one at once.
@Suite struct NotAStoreKitConfigurationTests {
    static let purchases = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>purchases</key><array><dict><key>productID</key><string>tip.coffee</string></dict></array>
        </dict></plist>
        """

    @Test func aPurchasesPropertyListIsNotAConfiguration() {
        #expect {
            try StoreKitConfiguration(data: Data(Self.purchases.utf8), file: "Purchases.storekit")
        } throws: { error in
            "\(error)" == "Purchases.storekit: $: this is not a StoreKit configuration (Xcode's .storekit has "
                + "products, subscriptionGroups, nonRenewingSubscriptions at the top); it has \"purchases\", "
                + "a list of purchases"
        }
        #expect {
            try StoreKitConfiguration(data: Data("[{\"productID\": \"a\"}]".utf8), file: "List.storekit")
        } throws: { error in
            "\(error)".contains("this is not a StoreKit configuration") && "\(error)".hasSuffix("it holds a list")
        }
    }

    @Test func anEmptyConfigurationIsStillOne() throws {
        #expect(try StoreKitConfiguration(data: Data("{}".utf8), file: "Empty.storekit").products.isEmpty)
    }
}
