/// One token of an ECMAScript expression, with its byte offset, for `ECMAExpression`.
struct ECMAToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case identifier, number, string, punctuation }
    var kind: Kind
    /// As written (a string with its quotes; a number as Segue writes it, `0.5` for `.5`).
    var text: String
    var offset: Int
    /// The byte offset just past the token in its source (not `offset` + `text`'s length: `.5` is `0.5`).
    var end: Int

    init(kind: Kind, text: String, offset: Int, end: Int? = nil) {
        self.kind = kind
        self.text = text
        self.offset = offset
        self.end = end ?? offset + text.utf8.count
    }

    /// A string token's value, its escapes read.
    var stringValue: String {
        var value = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                default: value.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                value.append(character)
            }
        }
        return value
    }

    /// A string token written as a Segue string literal (single quotes, Segue's escapes).
    var segueString: String {
        var out = "'"
        for character in stringValue {
            switch character {
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.append(character)
            }
        }
        return out + "'"
    }

    struct ScanError: Error {
        var message: String
        var offset: Int
    }

    private static let punctuation = [
        ">>>", "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "=>",
        "<<", ">>", "+", "-", "*", "/", "%", "<", ">", "!", "(", ")", "[", "]", "{", "}", ".", ",", "?", ":", "=",
        ";", "&", "|", "^", "~",
    ]
    /// `punctuation` as bytes, longest first, made once.
    private static let punctuationBytes = punctuation.map { Array($0.utf8) }

    static func scan(_ source: String) -> Result<[ECMAToken], ScanError> {
        let bytes = Array(source.utf8)
        var tokens: [ECMAToken] = []
        var index = 0
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                // A line comment, to the end of its line.
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = index
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                guard index + 1 < bytes.count else {
                    return .failure(ScanError(message: "the comment has no closing `*/`", offset: start))
                }
                index += 2
            } else if isIdentifierStart(byte) {
                let start = index
                while index < bytes.count, isIdentifierStart(bytes[index]) || isDigit(bytes[index]) { index += 1 }
                tokens.append(ECMAToken(kind: .identifier, text: text(start..<index), offset: start))
            } else if isDigit(byte)
                || (byte == UInt8(ascii: ".") && index + 1 < bytes.count && isDigit(bytes[index + 1]))
            {
                let start = index
                if byte == UInt8(ascii: "0"), index + 1 < bytes.count,
                    [UInt8(ascii: "x"), UInt8(ascii: "X")].contains(bytes[index + 1])
                {
                    return .failure(
                        ScanError(
                            message: "hexadecimal numbers are ECMAScript, not in the shared subset", offset: start))
                }
                while index < bytes.count, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                    index += 1
                    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                        index += 1
                    }
                    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                }
                var written = text(start..<index)
                if written.hasPrefix(".") { written = "0" + written }
                tokens.append(ECMAToken(kind: .number, text: written, offset: start, end: index))
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != byte {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
                guard index < bytes.count else {
                    return .failure(ScanError(message: "the string has no closing quote", offset: start))
                }
                index += 1
                tokens.append(ECMAToken(kind: .string, text: text(start..<index), offset: start))
            } else if let match = punctuationBytes.firstIndex(where: { bytes[index...].starts(with: $0) }) {
                tokens.append(ECMAToken(kind: .punctuation, text: punctuation[match], offset: index))
                index += punctuationBytes[match].count
            } else {
                return .failure(ScanError(message: "unexpected character `\(text(index..<index + 1))`", offset: index))
            }
        }
        return .success(tokens)
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
