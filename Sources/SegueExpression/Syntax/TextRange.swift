/// A span of an expression's source string, `[start, end)`, in UTF-8 byte offsets.
///
/// The model maps it to a file position by adding the offset of the YAML scalar's text.
///
///     TextRange(4, 7)  // the bytes 4, 5 and 6
public struct TextRange: Sendable, Hashable, Codable, CustomStringConvertible {
    public var start: Int
    public var end: Int

    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = Swift.max(start, end)
    }

    /// A zero-width range at one offset.
    public init(at offset: Int) {
        self.init(offset, offset)
    }

    /// The number of bytes covered.
    public var length: Int { end - start }

    /// The smallest range holding both.
    public func union(_ other: TextRange) -> TextRange {
        TextRange(Swift.min(start, other.start), Swift.max(end, other.end))
    }

    /// The same span moved by `offset` bytes, e.g. from a template part into the whole string.
    public func shifted(by offset: Int) -> TextRange {
        TextRange(start + offset, end + offset)
    }

    public var description: String { "\(start)..<\(end)" }
}
