import Foundation
import SegueExpression
import SegueMachine
import Testing

@testable import SegueServices

@Suite struct StoreFlowServiceTests {
    func service() throws -> (StoreFlowService, ConfigurationStore) {
        let store = try ConfigurationStore(
            configuration: StoreKitConfiguration(contentsOf: StoreTestSupport.donateStoreKit), clock: { 0 })
        return (StoreFlowService(store: store), store)
    }

    @Test func productsAreRecordsAFlowCanShow() async throws {
        let (service, _) = try service()
        let outcome = await service.call("products", arguments: ["ids": .list([.string("donate.small")])])
        #expect(
            outcome
                == .ok(
                    .list([
                        .record([
                            "id": .string("donate.small"), "title": .string("Маленький донат"),
                            "description": .string("Небольшое пожертвование в поддержку приложения"),
                            "price": .string("149,00\u{00A0}₽"), "price_value": .number(149),
                            "currency": .string("RUB"), "family_shareable": .bool(false), "subscription": .null,
                        ])
                    ])))
    }

    @Test func purchaseOutcomesMapToTheThreeBranches() async throws {
        let (service, store) = try service()
        #expect(
            await service.call("purchase", arguments: ["product": .string("donate.medium")])
                == .ok(.record(["transaction_id": .string("1"), "product": .string("donate.medium")])))
        await store.scriptNextPurchase(.cancelled)
        #expect(await service.call("purchase", arguments: ["product": .string("donate.medium")]) == .cancelled)
        await store.scriptNextPurchase(.pending)
        guard case .error(let pending) = await service.call("purchase", arguments: ["product": .string("donate.small")])
        else {
            Issue.record("pending should be an error")
            return
        }
        #expect(pending.code == "pending")
        #expect(pending.message == "Покупка ожидает подтверждения")
        await store.scriptNextPurchase(.failed(.insufficientFunds))
        guard case .error(let funds) = await service.call("purchase", arguments: ["product": .string("donate.small")])
        else {
            Issue.record("expected an error")
            return
        }
        #expect(funds.value["code"] == .string("insufficient_funds"))
        #expect(funds.value["message"] == .string("Недостаточно средств"))
        #expect(
            await service.call("transactions", arguments: [:])
                == .ok(
                    .list([
                        .record([
                            "transaction_id": .string("1"), "product": .string("donate.medium"),
                            "purchase_date": .number(0),
                        ])
                    ])))
    }

    @Test func badArgumentsAndOperationsAreErrors() async throws {
        let (service, _) = try service()
        #expect(
            await service.call("purchase", arguments: [:])
                == .error(
                    ServiceError(
                        service: "store", code: "missing_argument",
                        message: "store.purchase needs the argument `product` (a string)",
                        details: ["operation": .string("purchase"), "argument": .string("product")])))
        guard case .error(let wrong) = await service.call("products", arguments: ["ids": .string("donate.small")])
        else {
            Issue.record("expected an error")
            return
        }
        #expect(wrong.message == "store.products: the argument `ids` must be a list of strings, not \"donate.small\"")
        guard case .error(let unknown) = await service.call("refund", arguments: [:]) else {
            Issue.record("expected an error")
            return
        }
        #expect(unknown.message == "store has no operation `refund`; it has products, purchase, transactions")
    }
}
