/// Strings and numbers: the leaves of `JSONReader`.
extension JSONReader {
    /// A string from its opening quote; escapes decoded, the text checked to be UTF-8.
    mutating func string() throws(JSONSyntaxError) -> String {
        let quote = position
        position += 1
        var start = position
        scanPlain()
        guard let stop = current else { throw failure("unterminated string", at: quote) }
        if stop == UInt8(ascii: "\"") {
            // The common case, no escape: one copy straight from the input.
            position += 1
            let run = UnsafeBufferPointer(rebasing: bytes[start..<position - 1])
            guard let text = String(validating: run, as: UTF8.self) else {
                throw failure("the string is not valid UTF-8", at: quote)
            }
            return text
        }
        var text: [UInt8] = []
        text.reserveCapacity(position - start + 64)
        while true {
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
            guard let byte = current else { throw failure("unterminated string", at: quote) }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let decoded = String(validating: text, as: UTF8.self) else {
                    throw failure("the string is not valid UTF-8", at: quote)
                }
                return decoded
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            default:
                throw failure("a control character inside a string must be escaped")
            }
            start = position
            scanPlain()
        }
    }

    /// Moves past bytes that stand for themselves: up to a quote, a backslash, a control character or the end.
    private mutating func scanPlain() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return }
            position += 1
        }
    }

    /// The escape at the backslash under `position`, appended as UTF-8.
    private mutating func escape(into text: inout [UInt8]) throws(JSONSyntaxError) {
        let backslash = position
        position += 1
        guard let byte = current else { throw failure("unterminated string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hexQuad()
            if (0xD800...0xDBFF).contains(code) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw failure("a high surrogate \\u escape must be followed by a low surrogate", at: backslash)
                }
                position += 2
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure("invalid low surrogate in \\u escape", at: backslash)
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(code) {
                throw failure("a lone low surrogate in \\u escape", at: backslash)
            }
            guard let scalar = Unicode.Scalar(code) else { throw failure("invalid \\u escape", at: backslash) }
            text.append(contentsOf: scalar.utf8)
        default:
            throw failure("invalid escape '\\\(Character(Unicode.Scalar(byte)))'", at: backslash)
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = current.flatMap(Self.hexValue) else {
                throw failure("a \\u escape needs four hex digits")
            }
            code = code << 4 | UInt32(digit)
            position += 1
        }
        return code
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A number: `.int` when written without a fraction or exponent and it fits `Int`, else `.number`.
    mutating func number() throws(JSONSyntaxError) -> JSON {
        let start = position
        let negative = current == UInt8(ascii: "-")
        if negative { position += 1 }
        guard let first = current, isDigit(first) else { throw failure("a number needs digits after '-'", at: start) }
        // Accumulated negatively, so Int.min fits; nil once it overflows.
        var integer: Int? = 0
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = current, isDigit(next) {
                throw failure("a number must not start with a leading zero", at: start)
            }
        } else {
            while let byte = current, isDigit(byte) {
                if let sofar = integer {
                    let (shifted, overflowA) = sofar.multipliedReportingOverflow(by: 10)
                    let (next, overflowB) = shifted.subtractingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                    integer = overflowA || overflowB ? nil : next
                }
                position += 1
            }
        }
        var integral = true
        if current == UInt8(ascii: ".") {
            integral = false
            position += 1
            guard let digit = current, isDigit(digit) else {
                throw failure("a number needs digits after '.'", at: start)
            }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            integral = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let digit = current, isDigit(digit) else {
                throw failure("a number needs digits in its exponent", at: start)
            }
            skipDigits()
        }
        if integral, let integer {
            if negative { return .int(integer) }
            if integer != Int.min { return .int(-integer) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw failure("the number \(text) is out of range", at: start)
        }
        return .number(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { position += 1 }
    }
}
