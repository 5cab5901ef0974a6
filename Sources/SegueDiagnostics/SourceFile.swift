/// A flow file's text with a table of line starts, so any byte offset maps to a line and column.
///
///     let file = SourceFile(path: "flows/donate.yaml", text: yaml)
///     file.location(ofOffset: 42)  // SourceLocation(line: 3, column: 7, offset: 42)
public struct SourceFile: Sendable, Hashable {
    public let path: String
    /// The file's bytes as read (BOM and CRLF included), so offsets match the disk.
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line; line N (1-based) starts at `lineStarts[N - 1]`.
    public let lineStarts: [Int]
    /// How many Unicode scalars start before each block of `blockSize` bytes, so a column is counted from the
    /// block its offset lies in, not from the start of its line (a chart written on one line of megabytes).
    let scalarsBefore: [Int]
    static let blockSize = 64

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        var blocks: [Int] = []
        blocks.reserveCapacity(bytes.count / Self.blockSize + 1)
        var scalars = 0
        var index = 0
        while index < bytes.count {
            if index % Self.blockSize == 0 { blocks.append(scalars) }
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { scalars += 1 }
            if byte == UInt8(ascii: "\n") {
                starts.append(index + 1)
            } else if byte == UInt8(ascii: "\r") {
                // CR LF and a lone CR each end one line.
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                    if index % Self.blockSize == 0 { blocks.append(scalars) }
                    scalars += 1
                }
                starts.append(index + 1)
            }
            index += 1
        }
        self.lineStarts = starts
        self.scalarsBefore = blocks
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The line (1-based) holding the byte at `offset`.
    public func line(ofOffset offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    /// The location of a byte offset; columns count Unicode scalars from 1, a leading BOM not counted.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        let line = line(ofOffset: clamped)
        var start = lineStarts[line - 1]
        if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]), clamped >= 3 { start = 3 }
        return SourceLocation(
            line: line, column: 1 + scalars(before: clamped) - scalars(before: start), offset: clamped)
    }

    /// The bytes before `offset` that start a UTF-8 sequence (not 10xxxxxx continuation bytes): from the nearest
    /// block's count, at most `blockSize` bytes counted.
    private func scalars(before offset: Int) -> Int {
        guard !scalarsBefore.isEmpty else { return 0 }
        // The end of a file whose size is a whole number of blocks lies past the last block's start.
        let block = min(offset / Self.blockSize, scalarsBefore.count - 1)
        return scalarsBefore[block] + count(from: block * Self.blockSize, to: offset)
    }

    private func count(from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// The byte offset of a 1-based line and column (columns in Unicode scalars), clamped to the line.
    public func offset(line: Int, column: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return bytes.count }
        var index = lineStarts[line - 1]
        if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        let end = lineEnd(line)
        var remaining = column - 1
        while remaining > 0, index < end {
            index += 1
            while index < end, bytes[index] & 0xC0 == 0x80 { index += 1 }
            remaining -= 1
        }
        return index
    }

    /// The text of a 1-based line without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        var start = lineStarts[line - 1]
        if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        return String(decoding: bytes[start..<lineEnd(line)], as: UTF8.self)
    }

    private func lineEnd(_ line: Int) -> Int {
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > lineStarts[line - 1], bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return end
    }
}
