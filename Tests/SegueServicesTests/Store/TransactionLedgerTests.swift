import Foundation
import SegueRuntime
import Testing

@testable import SegueServices

@Suite struct TransactionLedgerTests {
    @Test func aRestartedStoreKnowsWhatWasBought() async throws {
        let directory = try StoreTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try ConfigurationStore(
            storeKitFile: StoreTestSupport.donateStoreKit, dataDirectory: directory, clock: { 100 })
        _ = await first.purchase(productID: "donate.small")
        _ = await first.purchase(productID: "donate.large")
        let file = directory.appendingPathComponent("store-transactions.json")
        #expect(
            try String(contentsOf: file, encoding: .utf8) == """
                {
                  "transactions" : [
                    {
                      "id" : "1",
                      "productID" : "donate.small",
                      "purchaseDate" : 100
                    },
                    {
                      "id" : "2",
                      "productID" : "donate.large",
                      "purchaseDate" : 100
                    }
                  ]
                }

                """)
        let restarted = try ConfigurationStore(
            storeKitFile: StoreTestSupport.donateStoreKit, dataDirectory: directory, clock: { 200 })
        #expect(
            await restarted.transactions() == [
                StoreTransaction(id: "1", productID: "donate.small", purchaseDate: 100),
                StoreTransaction(id: "2", productID: "donate.large", purchaseDate: 100),
            ])
        #expect(
            await restarted.purchase(productID: "donate.medium")
                == .purchased(StoreTransaction(id: "3", productID: "donate.medium", purchaseDate: 200)))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["store-transactions.json"])
    }

    @Test func aCorruptLedgerIsAnErrorNamingTheFile() throws {
        let directory = try StoreTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("store-transactions.json")
        try Data(#"{"transactions": [{"id": 1, "productID": "x", "purchaseDate": 0}]}"#.utf8).write(to: file)
        #expect(
            throws: StoreConfigurationError(
                file: file.path, jsonPath: "$.transactions[0].id", message: "expected a string, found the number 1")
        ) {
            try TransactionLedger.inDirectory(directory).load()
        }
    }

    @Test func aPurchaseThatCannotBeRecordedFailsAndIsNotKept() async throws {
        let directory = try StoreTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A plain file where the data directory should be: nothing can be written under it.
        let blocked = directory.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        let store = try ConfigurationStore(
            configuration: StoreKitConfiguration(contentsOf: StoreTestSupport.donateStoreKit),
            ledger: .inDirectory(blocked))
        guard case .failed(let error) = await store.purchase(productID: "donate.small") else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.code == "storage")
        #expect(await store.transactions() == [])
    }
}
