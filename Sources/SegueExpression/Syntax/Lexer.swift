/// Splits an expression's UTF-8 bytes into tokens on demand, so a template can stop lexing at a `}`.
struct Lexer: Sendable {
    let bytes: [UInt8]
    private(set) var offset: Int

    init(bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The next token, or `.end` (zero-width, at the end of the input) once there are none.
    mutating func next() throws(ExpressionDiagnostic) -> Token {
        skipWhitespace()
        let start = offset
        guard let byte = peek() else { return Token(kind: .end, range: TextRange(at: start)) }
        if isDigit(byte) { return try number() }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try string(quote: byte) }
        if isIdentifierStart(at: offset) { return identifier() }
        if let kind = punctuation(byte) {
            return Token(kind: kind, range: TextRange(start, offset))
        }
        throw unexpectedCharacter(at: start)
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        offset + ahead < bytes.count ? bytes[offset + ahead] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            offset += 1
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The Unicode scalar starting at `index` and its length in bytes (1 for a stray continuation byte).
    private func scalar(at index: Int) -> (scalar: Unicode.Scalar?, length: Int) {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0..<0x80: return (Unicode.Scalar(lead), 1)
        case 0xC0..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF8: length = 4
        default: return (nil, 1)
        }
        guard index + length <= bytes.count else { return (nil, bytes.count - index) }
        let text = String(decoding: bytes[index..<index + length], as: UTF8.self)
        return (text.unicodeScalars.count == 1 ? text.unicodeScalars.first : nil, length)
    }

    private func isIdentifierStart(at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) {
            return true
        }
        guard byte >= 0x80, let scalar = scalar(at: index).scalar else { return false }
        return scalar.properties.isAlphabetic
    }

    private func isIdentifierPart(at index: Int) -> Bool {
        isDigit(bytes[index]) || isIdentifierStart(at: index)
    }

    private mutating func identifier() -> Token {
        let start = offset
        while offset < bytes.count, isIdentifierPart(at: offset) {
            offset += scalar(at: offset).length
        }
        let name = String(decoding: bytes[start..<offset], as: UTF8.self)
        let kind: Token.Kind
        switch name {
        case "true": kind = .trueKeyword
        case "false": kind = .falseKeyword
        case "null": kind = .nullKeyword
        case "in": kind = .inKeyword
        default: kind = .identifier(name)
        }
        return Token(kind: kind, range: TextRange(start, offset))
    }

    private mutating func number() throws(ExpressionDiagnostic) -> Token {
        let start = offset
        var isFraction = false
        while let byte = peek(), isDigit(byte) { offset += 1 }
        if peek() == UInt8(ascii: "."), let next = peek(1), isDigit(next) {
            isFraction = true
            offset += 1
            while let byte = peek(), isDigit(byte) { offset += 1 }
        }
        if let e = peek(), e | 0x20 == UInt8(ascii: "e") {
            var ahead = 1
            if peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-") { ahead = 2 }
            if let digit = peek(ahead), isDigit(digit) {
                isFraction = true
                offset += ahead
                while let byte = peek(), isDigit(byte) { offset += 1 }
            }
        }
        if offset < bytes.count, isIdentifierPart(at: offset) {
            while offset < bytes.count, isIdentifierPart(at: offset) { offset += scalar(at: offset).length }
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            throw ExpressionDiagnostic(code: "X004", "invalid number `\(text)`", at: TextRange(start, offset))
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        let range = TextRange(start, offset)
        if isFraction {
            guard let value = Double(text), value.isFinite else {
                throw ExpressionDiagnostic(code: "X004", "number `\(text)` is too large", at: range)
            }
            return Token(kind: .number(value), range: range)
        }
        guard let value = Int(text) else {
            throw ExpressionDiagnostic(
                code: "X004", "integer `\(text)` is too large (the largest is \(Int.max))", at: range)
        }
        return Token(kind: .int(value), range: range)
    }

    private mutating func string(quote: UInt8) throws(ExpressionDiagnostic) -> Token {
        let start = offset
        offset += 1
        var decoded: [UInt8] = []
        while let byte = peek() {
            if byte == quote {
                offset += 1
                return Token(kind: .string(String(decoding: decoded, as: UTF8.self)), range: TextRange(start, offset))
            }
            if byte == UInt8(ascii: "\\") {
                decoded += try escape()
            } else {
                decoded.append(byte)
                offset += 1
            }
        }
        let quoteText = quote == UInt8(ascii: "'") ? "'" : "\""
        throw ExpressionDiagnostic(
            code: "X002", "unterminated string; add a closing `\(quoteText)`", at: TextRange(start, start + 1))
    }

    /// Decodes the escape at `offset` (a backslash): `\\ \' \" \n \r \t \u{…}`.
    private mutating func escape() throws(ExpressionDiagnostic) -> [UInt8] {
        let start = offset
        guard let letter = peek(1) else {
            throw ExpressionDiagnostic(code: "X003", "`\\` at the end of a string", at: TextRange(start, start + 1))
        }
        offset += 2
        switch letter {
        case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""): return [letter]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "u"):
            guard peek() == UInt8(ascii: "{") else { break }
            offset += 1
            let digitsStart = offset
            while let byte = peek(), byte != UInt8(ascii: "}"), offset - digitsStart < 8 { offset += 1 }
            let digits = String(decoding: bytes[digitsStart..<offset], as: UTF8.self)
            guard peek() == UInt8(ascii: "}"), let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code)
            else {
                throw ExpressionDiagnostic(
                    code: "X003", "invalid Unicode escape; write `\\u{` hex digits `}`, e.g. `\\u{1F600}`",
                    at: TextRange(start, offset))
            }
            offset += 1
            return Array(String(Character(scalar)).utf8)
        default: break
        }
        let length = scalar(at: start + 1).length
        offset = start + 1 + length
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        throw ExpressionDiagnostic(
            code: "X003", "unknown escape `\(text)`; use `\\\\`, `\\'`, `\\\"`, `\\n`, `\\r`, `\\t` or `\\u{…}`",
            at: TextRange(start, offset))
    }

    private mutating func punctuation(_ byte: UInt8) -> Token.Kind? {
        let next = peek(1)
        func take(_ count: Int, _ kind: Token.Kind) -> Token.Kind {
            offset += count
            return kind
        }
        switch UnicodeScalar(byte) {
        case "(": return take(1, .leftParen)
        case ")": return take(1, .rightParen)
        case "[": return take(1, .leftBracket)
        case "]": return take(1, .rightBracket)
        case "{": return take(1, .leftBrace)
        case "}": return take(1, .rightBrace)
        case ",": return take(1, .comma)
        case ".": return take(1, .dot)
        case ":": return take(1, .colon)
        case "?": return next == UInt8(ascii: "?") ? take(2, .questionQuestion) : take(1, .question)
        case "-": return take(1, .minus)
        case "+": return take(1, .plus)
        case "*": return take(1, .star)
        case "/": return take(1, .slash)
        case "%": return take(1, .percent)
        case "!": return next == UInt8(ascii: "=") ? take(2, .bangEqual) : take(1, .bang)
        case "<": return next == UInt8(ascii: "=") ? take(2, .lessEqual) : take(1, .less)
        case ">": return next == UInt8(ascii: "=") ? take(2, .greaterEqual) : take(1, .greater)
        case "=":
            if next == UInt8(ascii: ">") { return take(2, .arrow) }
            return next == UInt8(ascii: "=") ? take(2, .equalEqual) : nil
        case "&": return next == UInt8(ascii: "&") ? take(2, .andAnd) : nil
        case "|": return next == UInt8(ascii: "|") ? take(2, .orOr) : nil
        default: return nil
        }
    }

    private func unexpectedCharacter(at start: Int) -> ExpressionDiagnostic {
        let length = scalar(at: start).length
        let range = TextRange(start, start + length)
        let text = String(decoding: bytes[start..<start + length], as: UTF8.self)
        let intended = ["=": "==", "&": "&&", "|": "||"][text]
        if let intended {
            return ExpressionDiagnostic(
                code: "X001", "unexpected `\(text)`; did you mean `\(intended)`?", at: range, replacement: intended)
        }
        return ExpressionDiagnostic(code: "X001", "unexpected character `\(text)`", at: range)
    }
}
