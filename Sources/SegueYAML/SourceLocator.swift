import SegueDiagnostics

/// Turns libyaml's marks into source locations.
///
/// libyaml's `mark.index` counts characters (a CR LF pair as two) from after the byte order mark, not bytes.
/// Marks arrive almost in file order, so a cursor that walks from the previous mark keeps the whole load
/// linear, even for a long single-line file where counting columns from each line's start would not be.
struct SourceLocator {
    let file: SourceFile
    private let bomLength: Int
    private var characterIndex = 0
    private var byteOffset: Int
    private var line = 1
    private var column = 1

    init(file: SourceFile) {
        self.file = file
        bomLength = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        byteOffset = bomLength
    }

    /// The location of libyaml's character index `index`.
    mutating func location(ofCharacter index: Int) -> SourceLocation {
        move(to: index)
        return SourceLocation(line: line, column: column, offset: byteOffset)
    }

    /// The byte offset of libyaml's character index `index`.
    mutating func offset(ofCharacter index: Int) -> Int {
        move(to: index)
        return byteOffset
    }

    /// A range between two character indexes.
    mutating func range(from start: Int, to end: Int) -> SourceRange {
        let startLocation = location(ofCharacter: start)
        let endLocation = location(ofCharacter: max(start, end))
        return SourceRange(path: file.path, start: startLocation, end: endLocation)
    }

    /// A range between two byte offsets (for positions found by scanning the bytes, not from libyaml).
    func range(fromOffset start: Int, toOffset end: Int) -> SourceRange {
        SourceRange(path: file.path, start: file.location(ofOffset: start), end: file.location(ofOffset: end))
    }

    private mutating func move(to target: Int) {
        let bytes = file.bytes
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
