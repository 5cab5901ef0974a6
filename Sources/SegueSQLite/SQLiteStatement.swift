import CSQLite
import Foundation

/// SQLite's `SQLITE_TRANSIENT`, which Swift does not import: SQLite copies bound text and blobs.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared statement, finalized when released; owned by the `SQLiteDatabase` call that made it.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let statement: OpaquePointer
    private let sql: String

    init(handle: OpaquePointer, sql: String) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let result = sqlite3_prepare_v2(handle, sql, -1, &prepared, nil)
        guard result == SQLITE_OK, let prepared else {
            throw SQLiteError(
                code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        }
        self.handle = handle
        self.statement = prepared
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(statement)
    }

    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard values.count == expected else {
            throw SQLiteError(
                code: SQLITE_RANGE, message: "the statement has \(expected) parameters but \(values.count) were bound",
                sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch value {
            case .null: result = sqlite3_bind_null(statement, index)
            case .integer(let integer): result = sqlite3_bind_int64(statement, index, integer)
            case .real(let real): result = sqlite3_bind_double(statement, index, real)
            case .text(let text):
                // An explicit byte count keeps text after an embedded NUL.
                let bytes = Array(text.utf8)
                result = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { base in
                        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                            sqlite3_bind_text(statement, index, $0, Int32(buffer.count), transient)
                        }
                    } ?? sqlite3_bind_text(statement, index, "", 0, transient)
                }
            case .blob(let data):
                result = data.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress else { return sqlite3_bind_zeroblob(statement, index, 0) }
                    return sqlite3_bind_blob(statement, index, base, Int32(bytes.count), transient)
                }
            }
            try check(result)
        }
    }

    /// Advances to the next row; false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let result = sqlite3_step(statement)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            throw SQLiteError(
                code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        }
    }

    var columnNames: [String] {
        (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
    }

    func currentValues() -> [SQLiteValue] {
        (0..<sqlite3_column_count(statement)).map { column in
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
            case SQLITE_TEXT:
                guard let text = sqlite3_column_text(statement, column) else { return .text("") }
                let count = Int(sqlite3_column_bytes(statement, column))
                return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(statement, column))
                guard let bytes = sqlite3_column_blob(statement, column), count > 0 else { return .blob(Data()) }
                return .blob(Data(bytes: bytes, count: count))
            default: return .null
            }
        }
    }

    private func check(_ result: Int32) throws(SQLiteError) {
        guard result == SQLITE_OK else {
            throw SQLiteError(code: result, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        }
    }
}
