import CSQLite

/// SQLite's "copy the bytes now" destructor, which the C macro defines and Swift does not import.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One SQLite connection with prepared-statement helpers; every failure is `AudioError.store` with SQLite's text.
final class SQLiteDatabase {
    /// A value bound to, or read from, a statement column.
    enum Value: Equatable {
        case text(String)
        case integer(Int)
        case real(Double)
        case null
    }

    private var handle: OpaquePointer?
    let path: String

    init(path: String) throws(AudioError) {
        self.path = path
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw .store("\(path): cannot open: \(message)")
        }
        handle = db
        sqlite3_busy_timeout(db, 2000)
    }

    deinit { sqlite3_close(handle) }

    /// Runs one or more statements without parameters.
    func execute(_ sql: String) throws(AudioError) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw .store("\(text) (in \(sql.prefix(60)))")
        }
    }

    /// Runs a statement with parameters and returns its rows.
    @discardableResult
    func query(_ sql: String, _ parameters: [Value] = []) throws(AudioError) -> [[Value]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw failure(sql) }
        defer { sqlite3_finalize(statement) }
        for (index, parameter) in parameters.enumerated() {
            let position = Int32(index + 1)
            switch parameter {
            case .text(let text): sqlite3_bind_text(statement, position, text, -1, SQLITE_TRANSIENT)
            case .integer(let value): sqlite3_bind_int64(statement, position, Int64(value))
            case .real(let value): sqlite3_bind_double(statement, position, value)
            case .null: sqlite3_bind_null(statement, position)
            }
        }
        var rows: [[Value]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw failure(sql) }
            var row: [Value] = []
            for column in 0..<sqlite3_column_count(statement) {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: row.append(.integer(Int(sqlite3_column_int64(statement, column))))
                case SQLITE_FLOAT: row.append(.real(sqlite3_column_double(statement, column)))
                case SQLITE_NULL: row.append(.null)
                default:
                    let text = sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
                    row.append(.text(text))
                }
            }
            rows.append(row)
        }
        return rows
    }

    /// Runs `body` in a transaction: committed if it returns, rolled back if it throws.
    func transaction<T>(_ body: () throws(AudioError) -> T) throws(AudioError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func failure(_ sql: String) -> AudioError {
        .store("\(String(cString: sqlite3_errmsg(handle))) (in \(sql.prefix(60)))")
    }
}

extension SQLiteDatabase.Value {
    var string: String? { if case .text(let text) = self { text } else { nil } }
    var int: Int? { if case .integer(let value) = self { value } else { nil } }
    var double: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
}
