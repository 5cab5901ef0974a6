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
