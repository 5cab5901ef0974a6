import Foundation
import SegueDiagnostics
import SegueRuntime

/// Where the configuration store keeps completed transactions: in memory (tests) or in a JSON file that survives
/// a restart (`{"transactions": [{"id": "1", "productID": "donate.small", "purchaseDate": 1764424800}]}`).
public struct TransactionLedger: Sendable, Hashable {
    /// The file, or nil to keep transactions in memory only.
    public var file: URL?
    /// The data directory the file must stay in: a link out of it is refused, never written through.
    public var dataDirectory: String?

    public static let inMemory = TransactionLedger(file: nil)

    /// The ledger file `store-transactions.json` in the data directory `directory`.
    public static func inDirectory(_ directory: URL) -> TransactionLedger {
        TransactionLedger(file: directory.appendingPathComponent("store-transactions.json"), within: directory.path)
    }

    public init(file: URL?, within dataDirectory: String? = nil) {
        self.file = file
        self.dataDirectory = dataDirectory
    }

    /// The recorded transactions, oldest first; a missing file is an empty ledger.
    public func load() throws(StoreConfigurationError) -> [StoreTransaction] {
        guard let file, FileManager.default.fileExists(atPath: file.path) else { return [] }
        let root = try StoreConfigurationError.parseJSONFile(file)
        do {
            var transactions: [StoreTransaction] = []
            for item in try root.required("transactions").items() {
                transactions.append(
                    StoreTransaction(
                        id: try item.required("id").string(), productID: try item.required("productID").string(),
                        purchaseDate: try item.required("purchaseDate").number()))
            }
            return transactions
        } catch {
            throw StoreConfigurationError(file: file.path, error)
        }
    }

    /// Replaces the file's contents atomically; in memory this does nothing.
    func save(_ transactions: [StoreTransaction]) throws(AtomicFile.WriteError) {
        guard let file else { return }
        struct Contents: Encodable { var transactions: [StoreTransaction] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(Contents(transactions: transactions))
        } catch {
            throw AtomicFile.WriteError(path: file.path, reason: "cannot encode the transactions: \(error)")
        }
        try AtomicFile.write(data + Data("\n".utf8), to: file, within: dataDirectory)
    }
}
