extension ScalarSourceMap {
    static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    static func breakLength(_ bytes: [UInt8], at index: Int, end: Int) -> Int {
        guard index < end, isBreak(bytes[index]) else { return 0 }
        return bytes[index] == 0x0D && index + 1 < end && bytes[index + 1] == 0x0A ? 2 : 1
    }

    /// Skips anchors and tags (`&a`, `!!str`) and the spaces, line breaks and comments after them.
    static func skipProperties(_ bytes: [UInt8], _ cursor: inout Int, end: Int) {
        while cursor < end, bytes[cursor] == UInt8(ascii: "&") || bytes[cursor] == UInt8(ascii: "!") {
            while cursor < end, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[cursor]) { cursor += 1 }
            while cursor < end {
                if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[cursor]) {
                    cursor += 1
                } else if bytes[cursor] == UInt8(ascii: "#") {
                    while cursor < end, !isBreak(bytes[cursor]) { cursor += 1 }
                } else {
                    break
                }
            }
        }
    }

    /// Skips up to `indent` spaces of a block scalar line's indentation.
    static func skipIndent(_ bytes: [UInt8], _ cursor: inout Int, end: Int, indent: Int) {
        var skipped = 0
        while skipped < indent, cursor < end, bytes[cursor] == 0x20 {
            cursor += 1
            skipped += 1
        }
    }

    /// A block scalar's indentation: the first content line's spaces in the file minus those kept in the text.
    static func blockIndent(_ bytes: [UInt8], from start: Int, end: Int, text: String) -> Int {
        var cursor = start
        while cursor < end {
            var spaces = 0
            while cursor < end, bytes[cursor] == 0x20 {
                cursor += 1
                spaces += 1
            }
            if cursor < end, !isBreak(bytes[cursor]) {
                let kept = text.utf8.drop(while: { $0 == 0x0A }).prefix(while: { $0 == 0x20 }).count
                return max(0, spaces - kept)
            }
            cursor += max(1, breakLength(bytes, at: cursor, end: end))
        }
        return 0
    }

    /// The source length and produced UTF-8 length of the `\` escape at `index`, or nil if it is not one.
    static func escape(_ bytes: [UInt8], at index: Int, end: Int) -> (Int, Int)? {
        guard index + 1 < end else { return nil }
        let hexDigits: Int
        switch bytes[index + 1] {
        case UInt8(ascii: "N"), UInt8(ascii: "_"): return (2, 2)
        case UInt8(ascii: "L"), UInt8(ascii: "P"): return (2, 3)
        case UInt8(ascii: "x"): hexDigits = 2
        case UInt8(ascii: "u"): hexDigits = 4
        case UInt8(ascii: "U"): hexDigits = 8
        default: return (2, 1)
        }
        guard index + 2 + hexDigits <= end,
            let value = UInt32(String(decoding: bytes[(index + 2)..<(index + 2 + hexDigits)], as: UTF8.self), radix: 16)
        else { return nil }
        let produced = value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
        return (2 + hexDigits, produced)
    }
}
