import Foundation

/// The one JSON reader (RFC 8259, with I-JSON's rules, RFC 7493): bytes → `JSON` in a single pass.
///
///     let value = try JSONReader.read(Data(#"{"id": 1, "n": 2.5}"#.utf8))   // ["id": .int(1), "n": .number(2.5)]
///
/// Its rules, the same for every caller:
/// - the text is UTF-8 (a leading byte order mark is skipped); a string that is not valid UTF-8 is refused;
/// - **numbers**: one without a fraction or exponent that fits `Int` is `.int`, any other `.number` (`1e3`, `2.5`,
///   `12345678901234567890`); a number too large for a `Double` (`1e400`) is refused;
/// - **duplicate keys** in one object are refused at the second key;
/// - `\u` escapes: a surrogate pair is one character; a lone surrogate is refused;
/// - nesting deeper than `Limits.depth` and texts longer than `Limits.bytes` are refused, not recursed into;
/// - one value, then only whitespace.
///
/// Every refusal is a `JSONSyntaxError` with the byte offset, line and column of the offending text. Every edit in
/// `segue lsp` arrives as a `didChange` holding the whole flow, so this is on the path from keystroke to
/// diagnostics: it reads straight from the bytes, copies a string without escapes once, and counts lines only on
/// failure.
public struct JSONReader {
    /// How deep and how long a text may be.
    public struct Limits: Sendable, Hashable {
        public var depth: Int
        public var bytes: Int

        public init(depth: Int = 256, bytes: Int = 256 << 20) {
            self.depth = depth
            self.bytes = bytes
        }

        /// 256 levels, 256 MiB.
        public static let standard = Limits()
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let limits: Limits
    var position = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>, limits: Limits) {
        self.bytes = bytes
        self.limits = limits
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    public static func read(_ data: Data, limits: Limits = .standard) throws(JSONSyntaxError) -> JSON {
        let result: Result<JSON, JSONSyntaxError> = data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self), limits: limits)
            do throws(JSONSyntaxError) {
                return .success(try reader.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private mutating func document() throws(JSONSyntaxError) -> JSON {
        guard bytes.count <= limits.bytes else {
            throw failure("the text is \(bytes.count) bytes, more than the \(limits.bytes) a JSON text may have", at: 0)
        }
        skipWhitespace()
        guard position < bytes.count else { throw failure("the text is empty; expected a JSON value") }
        let value = try value(depth: 0)
        skipWhitespace()
        if position < bytes.count { throw failure("unexpected \(describeCurrent()) after the end of the JSON value") }
        return value
    }

    func failure(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message, at: offset ?? position, in: bytes)
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    func describeCurrent() -> String {
        guard let byte = current else { return "end of text" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" : "") + hex
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSON {
        skipWhitespace()
        guard let byte = current else { throw failure("unexpected end of text; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSON) throws(JSONSyntaxError) -> JSON {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else {
            throw failure("unexpected \(describeCurrent()); expected a value")
        }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
            throw failure("unexpected \(describeCurrent()); expected a value")
        }
        position += count
        return value
    }

    private mutating func enter(_ depth: Int) throws(JSONSyntaxError) {
        guard depth <= limits.depth else { throw failure("nesting deeper than \(limits.depth) levels") }
        position += 1
        skipWhitespace()
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSON {
        try enter(depth)
        var members: [String: JSON] = [:]
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describeCurrent()); expected a key")
            }
            let keyStart = position
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw failure("unexpected \(describeCurrent()); expected ':' after the key")
            }
            position += 1
            guard members.updateValue(try value(depth: depth), forKey: key) == nil else {
                throw failure("duplicate key \"\(key)\"", at: keyStart)
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw failure("unexpected \(describeCurrent()); expected ',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSON {
        try enter(depth)
        var items: [JSON] = []
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(items)
            default: throw failure("unexpected \(describeCurrent()); expected ',' or ']'")
            }
        }
    }
}
