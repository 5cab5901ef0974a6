/// A point in a source file: 1-based line and column (in Unicode scalars) and the 0-based byte offset.
///
/// Stored in 32 bits each (values beyond ±2³¹ saturate), so ranges, and every model value holding them, stay small.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32
    private var storedOffset: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int, offset: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
        storedOffset = Int32(clamping: offset)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.storedOffset < rhs.storedOffset }

    public var description: String { "\(line):\(column)" }

    private enum CodingKeys: String, CodingKey {
        case line
        case column
        case offset
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column),
            offset: try container.decode(Int.self, forKey: .offset))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(offset, forKey: .offset)
    }
}

/// A span of a named source file, `[start, end)`.
public struct SourceRange: Sendable, Hashable, Codable, CustomStringConvertible {
    public var path: String
    public var start: SourceLocation
    public var end: SourceLocation

    public init(path: String, start: SourceLocation, end: SourceLocation) {
        self.path = path
        self.start = start
        self.end = end
    }

    /// A zero-width range at one point.
    public init(path: String, at location: SourceLocation) {
        self.init(path: path, start: location, end: location)
    }

    /// A range with no place in a file, for values built in code rather than loaded.
    public static let synthesized = SourceRange(
        path: "<built-in>", at: SourceLocation(line: 0, column: 0, offset: 0))

    /// The smallest range holding both.
    public func union(_ other: SourceRange) -> SourceRange {
        guard other.path == path else { return self }
        return SourceRange(path: path, start: min(start, other.start), end: max(end, other.end))
    }

    public var description: String { "\(path):\(start.line):\(start.column)" }
}
