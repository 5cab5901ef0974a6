/// A point in a source file: 1-based line and column (in Unicode scalars) and the 0-based byte offset.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }

    public var description: String { "\(line):\(column)" }
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
