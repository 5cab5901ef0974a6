import CSQLite

/// A failed SQLite call: the result code, SQLite's own message, and the statement it came from.
///
///     catch let error as SQLiteError where error.isBusy { … }
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_READONLY_DBMOVED`, …).
    public var code: Int32
    /// SQLite's message for the connection at the time of the failure.
    public var message: String
    /// The SQL being prepared or run, when there was one.
    public var sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of the extended one).
    public var primaryCode: Int32 { code & 0xFF }

    /// Another connection holds a lock this one needed, past the busy timeout.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// The database or its file cannot be written.
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }

    /// A `UNIQUE`, `NOT NULL` or other constraint refused the change.
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }

    public var description: String {
        let name = String(cString: sqlite3_errstr(code))
        return sql.map { "SQLite error \(code) (\(name)): \(message) in `\($0)`" }
            ?? "SQLite error \(code) (\(name)): \(message)"
    }
}
