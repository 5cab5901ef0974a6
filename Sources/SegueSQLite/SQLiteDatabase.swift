import CSQLite
import Foundation

/// One SQLite connection with prepared statements, bindings and transactions; confine it to one owner (an actor).
///
///     let database = try SQLiteDatabase(.file(".segue/board.sqlite"))
///     try database.run("INSERT INTO notes(text) VALUES (?)", ["Привет"])
///     let rows = try database.query("SELECT text FROM notes")
public final class SQLiteDatabase {
    /// Where the database lives.
    public enum Location: Sendable, Hashable {
        case file(String)
        /// A private database that disappears with the connection.
        case inMemory
    }

    public enum Mode: Sendable, Hashable {
        /// Read and write, creating the file when it does not exist.
        case readWrite
        /// Read only; the file must exist. Every write fails with `SQLITE_READONLY`.
        case readOnly
    }

    public let location: Location

    /// The database file or one of the journals SQLite writes beside it that is a symlink, or nil: writing through
    /// one would change a file outside the data directory.
    static func symlink(among path: String) -> String? {
        for candidate in [path, path + "-journal", path + "-wal", path + "-shm"] {
            var info = stat()
            if lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { return candidate }
        }
        return nil
    }
    private let handle: OpaquePointer

    /// Opens (or creates) the database.
    ///
    /// - Parameter busyTimeout: seconds to wait for another connection's lock before a statement fails with
    ///   `SQLITE_BUSY`.
    public init(_ location: Location, mode: Mode = .readWrite, busyTimeout: Double = 2) throws(SQLiteError) {
        self.location = location
        let path: String
        switch location {
        case .file(let file): path = file
        case .inMemory: path = ":memory:"
        }
        if mode == .readWrite, case .file = location, let link = Self.symlink(among: path) {
            throw SQLiteError(
                code: SQLITE_CANTOPEN,
                message: "cannot open \(path): \(link) is a symbolic link (Segue does not write through links)")
        }
        var flags = SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= mode == .readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var opened: OpaquePointer?
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else {
            throw SQLiteError(code: result, message: "cannot open \(path): out of memory")
        }
        guard result == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(opened))
            sqlite3_close_v2(opened)
            throw SQLiteError(code: result, message: "cannot open \(path): \(message)")
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Int32(max(0, min(busyTimeout * 1000, Double(Int32.max)))))
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements separated by semicolons, without bindings or results (schema, pragmas).
    public func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if result != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// Runs one statement with `?` parameters bound in order; returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        let statement = try SQLiteStatement(handle: handle, sql: sql)
        try statement.bind(bindings)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs one statement with `?` parameters bound in order and returns every row.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> [SQLiteRow] {
        let statement = try SQLiteStatement(handle: handle, sql: sql)
        try statement.bind(bindings)
        let columns = statement.columnNames
        var rows: [SQLiteRow] = []
        while try statement.step() {
            rows.append(SQLiteRow(columns: columns, values: statement.currentValues()))
        }
        return rows
    }

    /// The rowid of the last row this connection inserted.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The schema version the application stored (`PRAGMA user_version`), for migrations.
    public var userVersion: Int {
        get throws(SQLiteError) {
            Int(try query("PRAGMA user_version").first?[0].integer ?? 0)
        }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back when it throws.
    ///
    /// `IMMEDIATE` takes the write lock up front, so a busy database fails at the start, not halfway.
    public func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try transaction(failing: { $0 }, body)
    }

    /// `transaction(_:)` for a caller with an error type of its own: SQLite's failures to begin or commit become
    /// one through `failing`.
    ///
    ///     try database.transaction(failing: { AudioError.store($0.description) }) { … }
    public func transaction<Result, Failure: Error>(
        failing convert: (SQLiteError) -> Failure, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        do throws(SQLiteError) {
            try execute("BEGIN IMMEDIATE")
        } catch {
            throw convert(error)
        }
        let result: Result
        do {
            result = try body()
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        do throws(SQLiteError) {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw convert(error)
        }
        return result
    }
}
