import Foundation
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueREPL

/// The REPL shows what a `.storekit` file says about a subscription (issue 16): `data products` prints every
/// product whole, period, group, offers and family sharing included, where `data` cuts each variable to a line.
@Suite struct ReplStoreSubscriptionTests {
    /// An older Xcode's XML property list: a consumable and an auto-renewable subscription with an introductory offer.
    static let configuration = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>products</key>
          <array><dict>
            <key>displayPrice</key><string>2.99</string><key>productID</key><string>donate.small</string>
            <key>referenceName</key><string>Small</string><key>type</key><string>Consumable</string>
          </dict></array>
          <key>subscriptionGroups</key>
          <array><dict><key>name</key><string>Pro</string><key>subscriptions</key><array><dict>
            <key>displayPrice</key><string>4.99</string><key>productID</key><string>donate.large</string>
            <key>referenceName</key><string>Pro monthly</string><key>type</key><string>RecurringSubscription</string>
            <key>recurringSubscriptionPeriod</key><string>P1M</string><key>familyShareable</key><true/>
            <key>introductoryOffer</key><dict><key>paymentMode</key><string>free</string>
              <key>subscriptionPeriod</key><string>P1W</string><key>numberOfPeriods</key><integer>1</integer></dict>
          </dict></array></dict></array>
          <key>settings</key><dict><key>_storefront</key><string>USA</string></dict>
        </dict>
        </plist>
        """

    @Test func dataOfOneVariableShowsEverySubscriptionField() async throws {
        // The store reads its file when the session opens.
        let session = try await ReplFixture.withScratchFile(named: "Old.storekit", contents: Self.configuration) {
            let options = ServiceOptions(storeKitFile: $0, root: ReplFixture.root)
            return try await ReplSession.open(path: ReplFixture.root + "/flows/donate.yaml", options: options)
        }
        _ = await session.start()
        _ = await session.execute("tap donate")
        let reply = await session.execute("data products")
        #expect(!reply.failed)
        let lines = reply.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "products (flow data): 2 items")
        #expect(lines.dropFirst().first?.contains(#"id: "donate.small""#) == true)
        #expect(lines.dropFirst().first?.contains("subscription: null") == true)
        let subscription = try #require(lines.last)
        #expect(subscription.hasPrefix("  [1] {"))
        #expect(subscription.contains(#"family_shareable: true"#))
        #expect(subscription.contains(#"price: "$4.99""#))
        #expect(
            subscription.contains(
                #"subscription: {group: "Pro", introductory_offer: {id: null, payment_mode: "free", period: "P1W", "#
                    + #"periods: 1, price: null}, period: "P1M", promotional_offers: []}"#))
        #expect(!subscription.hasSuffix("…"), "nothing is cut")
    }

    @Test func anUnknownNameSaysWhatThereIs() async throws {
        let session = try await ReplFixture.session("donate")
        _ = await session.start()
        let reply = await session.execute("data product")
        #expect(reply.failed)
        #expect(
            reply.text.hasPrefix("no data variable `product` in the flow or on the top screen; there are: products,"))
    }
}
