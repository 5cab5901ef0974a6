import Foundation
import SegueMachine
import SegueRuntime
import Testing

@testable import SegueServices

@Suite struct ConfigurationStoreTests {
    func donateStore(outcomes: StoreOutcomes = .init(), ledger: TransactionLedger = .inMemory) throws
        -> ConfigurationStore
    {
        try ConfigurationStore(
            configuration: StoreKitConfiguration(contentsOf: StoreTestSupport.donateStoreKit), outcomes: outcomes,
            ledger: ledger, clock: { 1_764_424_800 })
    }

    @Test func listsProductsWithRussianPricesInTheOrderAsked() async throws {
        let store = try donateStore()
        let products = try await store.products(ids: ["donate.large", "donate.unknown", "donate.small"])
        #expect(
            products == [
                StoreProduct(
                    id: "donate.large", displayName: "Большой донат",
                    description: "Большое пожертвование в поддержку приложения", displayPrice: "749,00\u{00A0}₽",
                    price: 749, currencyCode: "RUB", kind: .consumable),
                StoreProduct(
                    id: "donate.small", displayName: "Маленький донат",
                    description: "Небольшое пожертвование в поддержку приложения", displayPrice: "149,00\u{00A0}₽",
                    price: 149, currencyCode: "RUB", kind: .consumable),
            ])
    }

    @Test func outcomesCanOverrideLocaleAndCurrency() async throws {
        let store = try donateStore(outcomes: StoreOutcomes(currencyCode: "usd", locale: "en_US"))
        let products = try await store.products(ids: ["donate.medium"])
        #expect(products.map(\.displayName) == ["Medium donation"])
        #expect(products.map(\.displayPrice) == ["$379.00"])
        #expect(store.currencyCode == "USD")
    }

    @Test func successfulPurchasesGetNumberedTransactions() async throws {
        let store = try donateStore()
        #expect(
            await store.purchase(productID: "donate.small")
                == .purchased(StoreTransaction(id: "1", productID: "donate.small", purchaseDate: 1_764_424_800)))
        #expect(
            await store.purchase(productID: "donate.small")
                == .purchased(StoreTransaction(id: "2", productID: "donate.small", purchaseDate: 1_764_424_800)))
        #expect(await store.transactions().map(\.id) == ["1", "2"])
    }

    @Test func scriptedOutcomesApplyToTheNextPurchasesInOrder() async throws {
        let store = try donateStore()
        await store.scriptNextPurchase(.cancelled)
        await store.scriptNextPurchase(.pending)
        await store.scriptNextPurchase(.failed(.insufficientFunds))
        await store.scriptNextPurchase(.failed(.network, message: "Нет сети"))
        #expect(await store.purchase(productID: "donate.small") == .cancelled)
        #expect(await store.purchase(productID: "donate.large") == .pending)
        #expect(
            await store.purchase(productID: "donate.medium")
                == .failed(
                    ServiceError(
                        service: "store", code: "insufficient_funds", message: "Недостаточно средств",
                        details: ["product": .string("donate.medium")])))
        #expect(
            await store.purchase(productID: "donate.small")
                == .failed(
                    ServiceError(
                        service: "store", code: "network", message: "Нет сети",
                        details: ["product": .string("donate.small")])))
        #expect(await store.transactions() == [])
        guard case .purchased = await store.purchase(productID: "donate.small") else {
            Issue.record("the script should be used up")
            return
        }
        #expect(await store.pendingScript == [])
    }

    @Test func perProductOutcomesComeFromTheOutcomesFile() async throws {
        let json = """
            {"products": {"donate.large": "insufficient_funds",
                          "donate.medium": {"outcome": "failed", "reason": "network", "message": "Offline"}},
             "next": ["cancelled"]}
            """
        let store = try donateStore(outcomes: StoreOutcomes(data: Data(json.utf8)))
        #expect(await store.purchase(productID: "donate.large") == .cancelled)
        guard case .failed(let funds) = await store.purchase(productID: "donate.large") else {
            Issue.record("expected a failure")
            return
        }
        #expect(funds.code == "insufficient_funds")
        guard case .failed(let network) = await store.purchase(productID: "donate.medium") else {
            Issue.record("expected a failure")
            return
        }
        #expect(network.code == "network")
        #expect(network.message == "Offline")
        await store.setOutcome(nil, forProduct: "donate.large")
        guard case .purchased = await store.purchase(productID: "donate.large") else {
            Issue.record("expected a purchase")
            return
        }
    }

    @Test func malformedOutcomesFilesSayWhere() {
        #expect(
            throws: StoreConfigurationError(
                file: "<outcomes>", jsonPath: "$.products.donate.small",
                message: "unknown outcome \"refund\"; expected one of success, cancelled, pending, failed, "
                    + "insufficient_funds, network, already_purchased, product_not_found, purchase_failed")
        ) {
            try StoreOutcomes(data: Data(#"{"products": {"donate.small": "refund"}}"#.utf8))
        }
        #expect(
            throws: StoreConfigurationError(
                file: "<outcomes>", jsonPath: "$.next[0].reason",
                message: "a reason is only allowed when the outcome fails")
        ) {
            try StoreOutcomes(data: Data(#"{"next": [{"outcome": "success", "reason": "network"}]}"#.utf8))
        }
    }

    @Test func unknownProductsAndOwnedNonConsumablesFail() async throws {
        let configuration = try StoreKitConfiguration(
            data: StoreTestSupport.storeKit(products: StoreTestSupport.product("unlock", type: "NonConsumable")))
        let store = try ConfigurationStore(configuration: configuration, clock: { 0 })
        guard case .failed(let missing) = await store.purchase(productID: "nothing") else {
            Issue.record("expected a failure")
            return
        }
        #expect(
            missing
                == ServiceError(
                    service: "store", code: "product_not_found", message: "Товар не найден",
                    details: ["product": .string("nothing")]))
        #expect(
            await store.purchase(productID: "unlock")
                == .purchased(.init(id: "1", productID: "unlock", purchaseDate: 0)))
        guard case .failed(let owned) = await store.purchase(productID: "unlock") else {
            Issue.record("expected a failure")
            return
        }
        #expect(owned.code == "already_purchased")
        #expect(owned.message == "Эта покупка уже совершена")
    }

    /// A store of one product `a` whose `.storekit` file has these `settings` (and `_locale: en_US`).
    private func store(_ settings: String) throws -> ConfigurationStore {
        try ConfigurationStore(
            configuration: StoreKitConfiguration(
                data: StoreTestSupport.storeKit(
                    products: StoreTestSupport.product("a"), settings: #""_locale": "en_US", "# + settings)))
    }

    @Test func storeKitSettingsDriveOutcomes() async throws {
        let askToBuy = try store(#""_askToBuyEnabled": true"#)
        #expect(await askToBuy.purchase(productID: "a") == .pending)
        let failing = try store(#""_failTransactionsEnabled": true"#)
        #expect(
            await failing.purchase(productID: "a")
                == .failed(
                    ServiceError(
                        service: "store", code: "purchase_failed", message: "The purchase could not be completed",
                        details: ["product": .string("a")])))
        let purchaseError =
            #""_storeKitErrors": [{"current": {"type": "networkError"}, "enabled": true, "name": "Purchase"}]"#
        let purchaseFailing = try store(purchaseError)
        guard case .failed(let network) = await purchaseFailing.purchase(productID: "a") else {
            Issue.record("expected a failure")
            return
        }
        #expect(network.code == "network")
        let loadError = #""_storeKitErrors": [{"current": null, "enabled": true, "name": "Load Products"}]"#
        let loadFailing = try store(loadError)
        await #expect(
            throws: ServiceError(
                service: "store", code: "load_failed", message: "The products could not be loaded",
                details: ["operation": .string("products"), "simulated": .string("Load Products")])
        ) {
            try await loadFailing.products(ids: ["a"])
        }
    }

    /// Version 1 files (Xcode 12) name the error Fail Transactions uses in `_storeKitError`: by name or by code it
    /// decides the failure; any other value is refused at its path, never left unread.
    @Test func version1StoreKitErrorDecidesTheFailure() async throws {
        func code(_ settings: String) async throws -> String? {
            guard case .failed(let error) = try await store(settings).purchase(productID: "a") else { return nil }
            return error.code
        }
        #expect(try await code(#""_failTransactionsEnabled": true, "_storeKitError": 7"#) == "network")
        #expect(
            try await code(#""_failTransactionsEnabled": true, "_storeKitError": "storeProductNotAvailable""#)
                == "product_not_found")
        #expect(try await code(#""_failTransactionsEnabled": true, "_storeKitError": 0"#) == "purchase_failed")
        // Xcode fails nothing while Fail Transactions is off, whatever error is chosen.
        #expect(try await code(#""_failTransactionsEnabled": false, "_storeKitError": 7"#) == nil)
        let refused = [(#"{"code": 7}"#, "an object"), ("99", "the number 99"), ("true", "true"), (#""""#, #"the string """#)]
        for (wrong, found) in refused {
            #expect(
                throws: StoreConfigurationError(
                    file: "<storekit>", jsonPath: "$.settings._storeKitError",
                    message: "the error Fail Transactions fails with (Xcode 12's `_storeKitError`) must be an SKError "
                        + "code's name or its number 0–20, found \(found)")
            ) {
                try StoreKitConfiguration(
                    data: StoreTestSupport.storeKit(products: "", settings: #""_storeKitError": "# + wrong))
            }
        }
    }
}
