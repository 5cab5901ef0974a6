/// Why a text is not JSON, and where: the byte offset and the 1-based line and column (columns count characters,
/// not bytes), so a file's error reads `config.json:2:9: unexpected 't'; expected a value`.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var line: Int
    public var column: Int
    public var message: String

    public init(offset: Int, line: Int, column: Int, message: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error at byte `offset` of `bytes`, its line and column counted there (only when something fails).
    init(_ message: String, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[0..<end] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(offset: end, line: line, column: column, message: message)
    }

    public var description: String { "\(line):\(column): \(message)" }
}
