/// Resolves a scalar's text to a value by the YAML 1.2 core schema, honouring explicit standard tags.
///
///     ScalarResolver.resolve("0x1F", style: .plain, tag: nil).value  // .int(31)
///     ScalarResolver.resolve("on", style: .plain, tag: nil).value    // .string("on")
enum ScalarResolver {
    static let standardPrefix = "tag:yaml.org,2002:"

    /// Why a scalar's text did not give the value its tag or form asked for.
    enum Problem: Equatable {
        /// An explicit tag the text does not satisfy (`!!int abc`), or a collection tag on a scalar.
        case tagMismatch(tag: String)
        /// A core-schema integer that does not fit in 64 bits.
        case integerOutOfRange
        /// A tag Segue does not know; the value is resolved as if it were not there.
        case unknownTag(tag: String)
    }

    struct Resolution: Equatable {
        var value: ScalarValue
        var problem: Problem?
    }

    static func resolve(_ text: String, style: Scalar.Style, tag: String?) -> Resolution {
        guard let tag, tag != "!" else {
            // Untagged plain scalars follow the schema; quoted, block and `!`-tagged scalars are strings.
            guard tag == nil, style == .plain else { return Resolution(value: .string(text)) }
            switch core(text) {
            case .some(.integerOutOfRange): return Resolution(value: .string(text), problem: .integerOutOfRange)
            case .some(.value(let value)): return Resolution(value: value)
            case nil: return Resolution(value: .string(text))
            }
        }
        let mismatch = Resolution(value: .string(text), problem: .tagMismatch(tag: tag))
        switch tag {
        case standardPrefix + "str", standardPrefix + "merge":
            return Resolution(value: .string(text))
        case standardPrefix + "null":
            if text.isEmpty { return Resolution(value: .null) }
            if case .value(.null) = core(text) { return Resolution(value: .null) }
            return mismatch
        case standardPrefix + "bool":
            if case .value(.bool(let flag)) = core(text) { return Resolution(value: .bool(flag)) }
            return mismatch
        case standardPrefix + "int":
            switch core(text) {
            case .value(.int(let number)): return Resolution(value: .int(number))
            case .integerOutOfRange: return Resolution(value: .string(text), problem: .integerOutOfRange)
            default: return mismatch
            }
        case standardPrefix + "float":
            switch core(text) {
            case .value(.float(let number)): return Resolution(value: .float(number))
            case .value(.int(let number)): return Resolution(value: .float(Double(number)))
            case .integerOutOfRange: return Double(text).map { Resolution(value: .float($0)) } ?? mismatch
            default: return mismatch
            }
        case standardPrefix + "seq", standardPrefix + "map":
            return mismatch
        default:
            let fallback = resolve(text, style: style, tag: nil)
            return Resolution(value: fallback.value, problem: fallback.problem ?? .unknownTag(tag: tag))
        }
    }

    /// A tag as people write it: `!!int` for the standard ones.
    static func display(_ tag: String) -> String {
        tag.hasPrefix(standardPrefix) ? "!!" + tag.dropFirst(standardPrefix.count) : tag
    }

    enum CoreResult: Equatable {
        case value(ScalarValue)
        case integerOutOfRange
    }

    /// The core schema's reading of a plain scalar, or nil when it is a string.
    static func core(_ text: String) -> CoreResult? {
        let bytes = text.utf8
        guard let first = bytes.first else { return .value(.null) }
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
            return text == "null" || text == "Null" || text == "NULL" || text == "~" ? .value(.null) : nil
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return text == "true" || text == "True" || text == "TRUE" ? .value(.bool(true)) : nil
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return text == "false" || text == "False" || text == "FALSE" ? .value(.bool(false)) : nil
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return number(Array(bytes), text)
        default:
            return nil
        }
    }

    private static func number(_ bytes: [UInt8], _ text: String) -> CoreResult? {
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let digits = text.dropFirst(2)
            if bytes[1] == UInt8(ascii: "o"), bytes.dropFirst(2).allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) {
                return Int(digits, radix: 8).map { .value(.int($0)) } ?? .integerOutOfRange
            }
            if bytes[1] == UInt8(ascii: "x"), bytes.dropFirst(2).allSatisfy(isHexDigit) {
                return Int(digits, radix: 16).map { .value(.int($0)) } ?? .integerOutOfRange
            }
        }
        var index = 0
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { index = 1 }
        let unsigned = bytes[index...]
        switch unsigned {
        case [0x2E, 0x69, 0x6E, 0x66], [0x2E, 0x49, 0x6E, 0x66], [0x2E, 0x49, 0x4E, 0x46]:  // .inf .Inf .INF
            return .value(.float(bytes[0] == UInt8(ascii: "-") ? -.infinity : .infinity))
        case [0x2E, 0x6E, 0x61, 0x6E], [0x2E, 0x4E, 0x61, 0x4E], [0x2E, 0x4E, 0x41, 0x4E]:  // .nan .NaN .NAN
            return index == 0 ? .value(.float(.nan)) : nil
        default:
            break
        }
        let integerDigits = countDigits(bytes, from: index)
        index += integerDigits
        if index == bytes.count {
            guard integerDigits > 0 else { return nil }
            return Int(text).map { .value(.int($0)) } ?? .integerOutOfRange
        }
        var fractionDigits = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = countDigits(bytes, from: index)
            index += fractionDigits
        }
        guard integerDigits > 0 || fractionDigits > 0 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            let exponentDigits = countDigits(bytes, from: index)
            guard exponentDigits > 0 else { return nil }
            index += exponentDigits
        }
        guard index == bytes.count, let number = Double(text) else { return nil }
        return .value(.float(number))
    }

    private static func countDigits(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
        return index - start
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39 || byte >= 0x41 && byte <= 0x46 || byte >= 0x61 && byte <= 0x66
    }
}
