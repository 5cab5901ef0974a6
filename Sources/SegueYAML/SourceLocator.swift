import SegueDiagnostics

/// Turns libyaml's marks into source locations.
///
/// libyaml's `mark.index` counts characters (a CR LF pair as two) from after the byte order mark, not bytes.
/// Marks arrive almost in file order, so a cursor that walks from the previous mark keeps the whole load
/// linear, even for a long single-line file where counting columns from each line's start would not be.
/// In an all-ASCII file characters are bytes and libyaml's lines are the file's, so marks convert directly.
struct SourceLocator {
    let file: SourceFile
    private let isASCII: Bool
    private let bomLength: Int
    private var characterIndex = 0
    private var byteOffset: Int
    private var line = 1
    private var column = 1

    init(file: SourceFile, isASCII: Bool) {
        self.file = file
        self.isASCII = isASCII
        bomLength = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        byteOffset = bomLength
    }

    /// The location of a libyaml mark.
    mutating func location(of mark: YAMLMark) -> SourceLocation {
        if isASCII { return SourceLocation(line: mark.line + 1, column: mark.column + 1, offset: mark.index) }
        return location(ofCharacter: mark.index)
    }

    /// A range between two libyaml marks.
    mutating func range(from start: YAMLMark, to end: YAMLMark) -> SourceRange {
        let startLocation = location(of: start)
        let endLocation = end.index > start.index ? location(of: end) : startLocation
        return SourceRange(path: file.path, start: startLocation, end: endLocation)
    }

    /// The location of libyaml's character index `index`.
    mutating func location(ofCharacter index: Int) -> SourceLocation {
        if isASCII { return file.location(ofOffset: index) }
        move(to: index)
        return SourceLocation(line: line, column: column, offset: byteOffset)
    }

    /// The byte offset of libyaml's character index `index`.
    mutating func offset(ofCharacter index: Int) -> Int {
        if isASCII { return min(index, file.bytes.count) }
        move(to: index)
        return byteOffset
    }

    private mutating func move(to target: Int) {
        file.bytes.withUnsafeBufferPointer { move(to: target, in: $0) }
    }

    private mutating func move(to target: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        if target >= characterIndex {
            while characterIndex < target, byteOffset < bytes.count {
                let byte = bytes[byteOffset]
                if byte == 0x0A || byte == 0x0D && (byteOffset + 1 >= bytes.count || bytes[byteOffset + 1] != 0x0A) {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                byteOffset += Self.width(of: byte)
                characterIndex += 1
            }
            return
        }
        var crossedLine = false
        while characterIndex > target, byteOffset > bomLength {
            byteOffset -= 1
            while byteOffset > bomLength, bytes[byteOffset] & 0xC0 == 0x80 { byteOffset -= 1 }
            let byte = bytes[byteOffset]
            if byte == 0x0A || byte == 0x0D { crossedLine = true }
            column -= 1
            characterIndex -= 1
        }
        if crossedLine {
            let location = file.location(ofOffset: byteOffset)
            line = location.line
            column = location.column
        }
    }

    /// The length of the UTF-8 sequence a lead byte starts (the input has been checked to be valid UTF-8).
    static func width(of lead: UInt8) -> Int {
        if lead < 0x80 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return 4
    }
}
