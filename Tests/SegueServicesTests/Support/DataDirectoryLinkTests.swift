import Foundation
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueRuntime
import SegueSQLite
import Testing

@testable import SegueServices

/// Every writer under the data directory refuses a symlink out of it (issue 16): the defaults, the store's ledger and
/// the SQLite databases, whether the file itself or its parent directory is the link; the target stays as it was.
@Suite struct DataDirectoryLinkTests {
    /// A data directory and a directory outside it holding `victim.json`.
    func directories() throws -> (data: String, outside: String) {
        let base = NSTemporaryDirectory() + "segue-links-\(UUID().uuidString)"
        for folder in [base + "/data", base + "/outside"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try Data("{\"untouched\": true}\n".utf8).write(to: URL(fileURLWithPath: base + "/outside/victim.json"))
        return (base + "/data", base + "/outside")
    }

    func victim(_ outside: String) -> String? {
        try? String(contentsOfFile: outside + "/victim.json", encoding: .utf8)
    }

    @Test func theDefaultsRefuseALinkedFileAndALinkedParent() async throws {
        let (data, outside) = try directories()
        defer { try? FileManager.default.removeItem(atPath: (data as NSString).deletingLastPathComponent) }
        try FileManager.default.createSymbolicLink(
            atPath: data + "/defaults.json", withDestinationPath: outside + "/victim.json")
        let linked = try JSONDefaults(file: URL(fileURLWithPath: data + "/defaults.json"), within: data)
        let error = await #expect(throws: ServiceError.self) { try await linked.set(.int(1), forKey: "a") }
        #expect(error?.code == "write_failed")
        #expect(error?.message.contains("outside \(data)") == true, "\(error?.message ?? "")")
        #expect(await linked.value(forKey: "a") == nil)

        try FileManager.default.createSymbolicLink(atPath: data + "/nested", withDestinationPath: outside)
        let parent = try JSONDefaults(file: URL(fileURLWithPath: data + "/nested/deeper/defaults.json"), within: data)
        await #expect(throws: ServiceError.self) { try await parent.set(.int(1), forKey: "a") }
        #expect(victim(outside) == "{\"untouched\": true}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["victim.json"], "no folder made there")

        // A link that stays inside the data directory is followed, and the link kept.
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: data + "/real.json"))
        try FileManager.default.createSymbolicLink(
            atPath: data + "/inside.json", withDestinationPath: data + "/real.json")
        let inside = try JSONDefaults(file: URL(fileURLWithPath: data + "/inside.json"), within: data)
        try await inside.set(.int(2), forKey: "b")
        #expect(try String(contentsOfFile: data + "/real.json", encoding: .utf8).contains("\"b\": 2"))
    }

    @Test func theLedgerRefusesALinkedFileAndALinkedParent() throws {
        let (data, outside) = try directories()
        defer { try? FileManager.default.removeItem(atPath: (data as NSString).deletingLastPathComponent) }
        let transaction = StoreTransaction(id: "1", productID: "donate.small", purchaseDate: 1_764_424_800)
        try FileManager.default.createSymbolicLink(
            atPath: data + "/store-transactions.json", withDestinationPath: outside + "/victim.json")
        let ledger = TransactionLedger.inDirectory(URL(fileURLWithPath: data))
        #expect(throws: AtomicFile.WriteError.self) { try ledger.save([transaction]) }

        try FileManager.default.createSymbolicLink(atPath: data + "/store", withDestinationPath: outside)
        let parent = TransactionLedger(
            file: URL(fileURLWithPath: data + "/store/store-transactions.json"), within: data)
        #expect(throws: AtomicFile.WriteError.self) { try parent.save([transaction]) }
        #expect(victim(outside) == "{\"untouched\": true}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["victim.json"])
    }

    @Test func aLinkedDatabaseOrJournalIsNotOpenedForWriting() throws {
        let (data, outside) = try directories()
        defer { try? FileManager.default.removeItem(atPath: (data as NSString).deletingLastPathComponent) }
        try FileManager.default.createSymbolicLink(
            atPath: data + "/board.sqlite", withDestinationPath: outside + "/victim.json")
        let error = #expect(throws: SQLiteError.self) { try SQLiteDatabase(.file(data + "/board.sqlite")) }
        #expect(error?.message.contains("is a symbolic link") == true)
        try FileManager.default.createSymbolicLink(
            atPath: data + "/takes.sqlite-wal", withDestinationPath: outside + "/victim.json")
        #expect(throws: SQLiteError.self) { try SQLiteDatabase(.file(data + "/takes.sqlite")) }
        #expect(victim(outside) == "{\"untouched\": true}\n")
        // The board refuses it as a write error the flow can show.
        let board = #expect(throws: ServiceError.self) {
            try LocalBoard(LocalBoard.Configuration(dataDirectory: data, databaseFile: "board.sqlite"))
        }
        #expect(board?.message.contains("symbolic link") == true, "\(board?.message ?? "")")
    }
}
