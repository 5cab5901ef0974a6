import CSQLite
import Foundation
import SegueSQLite
import SegueServices
import Testing

/// The small SQLite wrapper other services reuse: values round-trip, errors say what failed.
@Suite struct SQLiteDatabaseTests {
    @Test func everyValueKindRoundTrips() throws {
        let database = try SQLiteDatabase(.inMemory)
        try database.execute("CREATE TABLE t (a, b, c, d, e)")
        let values: [SQLiteValue] = [
            .null, .integer(-9_007_199_254_740_993), .real(2.5), .text("Ёлка 🎄\u{0}x"), .blob(Data([0, 1, 255])),
        ]
        #expect(try database.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values) == 1)
        #expect(database.lastInsertRowID == 1)
        let rows = try database.query("SELECT a, b, c, d, e FROM t")
        #expect(rows == [SQLiteRow(columns: ["a", "b", "c", "d", "e"], values: values)])
        #expect(rows.first?["d"] == .text("Ёлка 🎄\u{0}x"))
        #expect(rows.first?["missing"] == .null)
        try database.run("INSERT INTO t (e) VALUES (?)", [.blob(Data())])
        #expect(try database.query("SELECT e FROM t WHERE rowid = 2").first?[0] == .blob(Data()))
    }

    @Test func badSQLSaysWhatAndWhere() throws {
        let database = try SQLiteDatabase(.inMemory)
        #expect(
            throws: SQLiteError(code: SQLITE_ERROR, message: "no such table: nowhere", sql: "SELECT * FROM nowhere")
        ) {
            try database.query("SELECT * FROM nowhere")
        }
        #expect(
            throws: SQLiteError(
                code: SQLITE_RANGE, message: "the statement has 1 parameters but 2 were bound", sql: "SELECT ?")
        ) {
            try database.query("SELECT ?", [1, 2])
        }
    }

    @Test func failedTransactionRollsBack() throws {
        let database = try SQLiteDatabase(.inMemory)
        try database.execute("CREATE TABLE t (x UNIQUE)")
        #expect {
            try database.transaction { () throws(SQLiteError) in
                try database.run("INSERT INTO t VALUES (1)")
                try database.run("INSERT INTO t VALUES (1)")
            }
        } throws: { error in
            (error as? SQLiteError)?.isConstraint == true
        }
        #expect(try database.query("SELECT count(*) FROM t").first?[0] == .integer(0))
        #expect(try database.userVersion == 0)
    }

    @Test func busyAndReadOnlyAreRecognised() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("x.sqlite").path
        let writer = try SQLiteDatabase(.file(path))
        try writer.execute("CREATE TABLE t (x)")
        let other = try SQLiteDatabase(.file(path), busyTimeout: 0.05)
        try writer.execute("BEGIN EXCLUSIVE")
        #expect { try other.run("INSERT INTO t VALUES (1)") } throws: { ($0 as? SQLiteError)?.isBusy == true }
        try writer.execute("COMMIT")

        let reader = try SQLiteDatabase(.file(path), mode: .readOnly)
        #expect { try reader.run("INSERT INTO t VALUES (1)") } throws: { ($0 as? SQLiteError)?.isReadOnly == true }
        #expect(try reader.query("SELECT count(*) FROM t").first?[0] == .integer(0))
    }
}
