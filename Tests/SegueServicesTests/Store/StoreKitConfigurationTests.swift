import Foundation
import Testing

@testable import SegueServices

@Suite struct StoreKitConfigurationTests {
    @Test func readsTheDonationsExample() throws {
        let configuration = try StoreKitConfiguration(contentsOf: StoreTestSupport.donateStoreKit)
        #expect(configuration.products.map(\.id) == ["donate.small", "donate.medium", "donate.large"])
        #expect(configuration.products.map(\.price) == [149, 379, 749])
        #expect(configuration.products.allSatisfy { $0.kind == .consumable })
        #expect(configuration.settings.storefront == "RUS")
        #expect(configuration.settings.locale == "ru_RU")
        #expect(configuration.settings.failTransactionsEnabled == false)
        #expect(configuration.settings.storeKitErrors.count == 6)
        #expect(configuration.version == .init(major: 3, minor: 0))
        let small = try #require(configuration.product(id: "donate.small"))
        #expect(small.localization(for: "ru_RU")?.displayName == "Маленький донат")
        #expect(small.localization(for: "en_GB")?.displayName == "Small donation")
        #expect(small.localization(for: "de_DE")?.displayName == "Маленький донат")
        #expect(small.internalID == "6450000001")
    }

    @Test func readsSubscriptionsAndToleratesMissingOptionalKeys() throws {
        let json = """
            {
              "products": [{"displayPrice": "0.99", "productID": "unlock", "type": "NonConsumable"}],
              "nonRenewingSubscriptions": [{"displayPrice": "9.99", "productID": "season",
                                            "type": "NonRenewingSubscription", "localizations": []}],
              "subscriptionGroups": [{"id": "1", "name": "Pro", "localizations": [],
                                      "subscriptions": [{"displayPrice": "4.99", "productID": "pro.monthly",
                                                         "type": "RecurringSubscription",
                                                         "recurringSubscriptionPeriod": "P1M"}]}]
            }
            """
        let configuration = try StoreKitConfiguration(data: Data(json.utf8))
        #expect(configuration.products.map(\.id) == ["unlock", "season", "pro.monthly"])
        #expect(configuration.products.map(\.kind) == [.nonConsumable, .nonRenewing, .autoRenewable])
        #expect(configuration.products[2].subscriptionGroup == "Pro")
        #expect(configuration.products[0].referenceName == "unlock")
        #expect(configuration.settings == .init())
        #expect(configuration.version == nil)
        #expect(configuration.identifier == nil)
    }

    @Test func readsSimulatedErrorsAndFlags() throws {
        let settings = """
            "_askToBuyEnabled": true, "_failTransactionsEnabled": 1,
            "_storeKitErrors": [{"current": {"type": "networkError"}, "enabled": true, "name": "Purchase"},
                                {"current": null, "enabled": false, "name": "Load Products"}]
            """
        let configuration = try StoreKitConfiguration(
            data: StoreTestSupport.storeKit(products: "", settings: settings))
        #expect(configuration.settings.askToBuyEnabled)
        #expect(configuration.settings.failTransactionsEnabled)
        #expect(configuration.settings.enabledError(named: "Purchase")?.current == "networkError")
        #expect(configuration.settings.enabledError(named: "Load Products") == nil)
    }

    @Test func syntaxErrorsSayLineAndColumn() {
        let json = "{\n  \"products\": [\n    {\"productID\": \"a\",}\n  ]\n}"
        #expect(
            throws: StoreConfigurationError(
                file: "Bad.storekit", line: 3, column: 23,
                message: "unexpected '}'; expected a key")
        ) {
            try StoreKitConfiguration(data: Data(json.utf8), file: "Bad.storekit")
        }
        #expect(
            throws: StoreConfigurationError(
                file: "<storekit>", line: 1, column: 1,
                message: "the text is empty; expected a JSON value")
        ) {
            try StoreKitConfiguration(data: Data())
        }
    }

    @Test func wronglyShapedValuesSayTheirJSONPath() throws {
        func failure(_ data: Data) -> String {
            do {
                _ = try StoreKitConfiguration(data: data, file: "Products.storekit")
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(
            failure(
                StoreTestSupport.storeKit(
                    products: StoreTestSupport.product("a") + "," + StoreTestSupport.product("b", price: "true")))
                == "Products.storekit: $.products[1].displayPrice: expected a price such as \"149.00\", found true")
        #expect(
            failure(StoreTestSupport.storeKit(products: StoreTestSupport.product("a", price: "\"1,49\"")))
                == "Products.storekit: $.products[0].displayPrice: expected a price such as \"149.00\", "
                + "found the string \"1,49\"")
        #expect(
            failure(StoreTestSupport.storeKit(products: #"{"displayPrice": "1.00", "type": "Consumable"}"#))
                == "Products.storekit: $.products[0]: required key \"productID\" is missing")
        #expect(
            failure(StoreTestSupport.storeKit(products: StoreTestSupport.product("a", type: "Gift")))
                == "Products.storekit: $.products[0].type: unknown product type \"Gift\"; expected one of "
                + "Consumable, NonConsumable, NonRenewingSubscription, RecurringSubscription")
        #expect(
            failure(
                StoreTestSupport.storeKit(products: StoreTestSupport.product("a") + "," + StoreTestSupport.product("a"))
            )
                == "Products.storekit: $.products[1].productID: product \"a\" is already defined at $.products[0]")
        #expect(
            failure(StoreTestSupport.storeKit(products: "", settings: #""_storefront": 643"#))
                == "Products.storekit: $.settings._storefront: expected a string, found the number 643")
        #expect(
            failure(Data("[]".utf8))
                == "Products.storekit: $: this is not a StoreKit configuration (Xcode's .storekit has products, "
                + "subscriptionGroups, nonRenewingSubscriptions at the top); it holds a list")
    }

    @Test func aMissingFileIsAnError() {
        let url = URL(fileURLWithPath: "/nonexistent/Products.storekit")
        #expect(throws: StoreConfigurationError(file: url.path, message: "the file does not exist")) {
            try StoreKitConfiguration(contentsOf: url)
        }
    }
}
