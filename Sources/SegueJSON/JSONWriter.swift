/// The one JSON writer: a `JSON` value as UTF-8 with object keys sorted and `/` unescaped, compact in one pass
/// into one buffer, or with two-space indents for files people read; and the one escaper of JSON strings.
///
///     JSONWriter.bytes(of: ["id": 1, "result": .null])   // {"id":1,"result":null}
///     JSONWriter.quoted("say \"hi\"\n")                   // "say \"hi\"\n" (with the quotes)
///
/// Numbers: an `.int` as written; a whole `.number` below 10^15 without a fraction (`3`), any other as Swift's
/// shortest round-tripping text (`0.25`, `1e-05`); one that is not finite as `null`, which JSON has instead.
/// Each publication of `segue lsp` carries every diagnostic of a file; Foundation's `JSONEncoder` spent as long
/// writing it as the checker took to find them.
public enum JSONWriter {
    public static func bytes(of value: JSON, pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, indent: pretty ? 0 : nil)
        if pretty { out.append(0x0A) }
        return out
    }

    /// `text` as a JSON string literal, quotes included: `"`, `\` and control characters escaped, the rest as is.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        string(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `number` as JSON writes it (see the type's note); `null` when it is not finite.
    public static func number(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return number.isFinite ? String(number) : "null"
    }

    /// `indent` nil: compact; else the current indent in spaces, members one a line.
    private static func write(_ value: JSON, into out: inout [UInt8], indent: Int?) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): out.append(contentsOf: String(number).utf8)
        case .number(let number): out.append(contentsOf: Self.number(number).utf8)
        case .string(let text): string(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(into: &out, indent: indent.map { $0 + 2 })
                write(item, into: &out, indent: indent.map { $0 + 2 })
            }
            if !items.isEmpty { newline(into: &out, indent: indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(into: &out, indent: indent.map { $0 + 2 })
                string(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
                write(members[key] ?? .null, into: &out, indent: indent.map { $0 + 2 })
            }
            if !members.isEmpty { newline(into: &out, indent: indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(into out: inout [UInt8], indent: Int?) {
        guard let indent else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func string(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
