/// One result row: values in column order, also reachable by column name.
public struct SQLiteRow: Sendable, Hashable {
    public var columns: [String]
    public var values: [SQLiteValue]

    public init(columns: [String], values: [SQLiteValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value in column `index`, or null past the end.
    public subscript(index: Int) -> SQLiteValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// The value of the named column, or null when there is no such column.
    public subscript(column: String) -> SQLiteValue {
        columns.firstIndex(of: column).map { self[$0] } ?? .null
    }
}
