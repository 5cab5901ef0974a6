import SegueDiagnostics

/// The byte-level checks run before libyaml sees a file: valid UTF-8 and only characters YAML allows.
///
/// libyaml reports these too, but only the first one and at a character index; scanning the bytes here
/// gives the exact byte, every occurrence (up to a cap), and a message written for people.
struct InputCheck {
    /// Problems found, in file order.
    private(set) var diagnostics: [Diagnostic] = []
    /// True when every byte is ASCII, so character indexes and byte offsets coincide.
    private(set) var isASCII = true

    /// More than this many encoding problems usually means the file is not text at all.
    static let maxReported = 10

    init(_ file: SourceFile) {
        let bytes = file.bytes
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            report(
                .invalidUTF8, "the file is UTF-16 encoded; save it as UTF-8", offset: 0, length: 2, file: file)
            isASCII = false
            return
        }
        // Skip the plain printable ASCII prefix (usually the whole file) in one tight scan.
        var index = bytes.withUnsafeBufferPointer { buffer in
            buffer.firstIndex { $0 >= 0x7F || $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D } ?? buffer.count
        }
        while index < bytes.count, diagnostics.count < Self.maxReported {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D || byte == 0x7F {
                    reportControl(UInt32(byte), offset: index, length: 1, file: file)
                }
                index += 1
                continue
            }
            isASCII = false
            switch Self.decode(bytes, at: index) {
            case .success(let scalar, let length):
                if scalar >= 0x80 && scalar <= 0x9F && scalar != 0x85 || scalar == 0xFFFE || scalar == 0xFFFF {
                    reportControl(scalar, offset: index, length: length, file: file)
                }
                index += length
            case .failure(let message, let length):
                report(.invalidUTF8, message, offset: index, length: length, file: file)
                index += length
            }
        }
        if diagnostics.count == Self.maxReported, var last = diagnostics.popLast() {
            last.notes.append(DiagnosticNote("further problems in this file are not reported"))
            diagnostics.append(last)
        }
    }

    private mutating func reportControl(_ scalar: UInt32, offset: Int, length: Int, file: SourceFile) {
        let hex = String(scalar, radix: 16, uppercase: true)
        let name = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let label = scalar == 0 ? " (NUL)" : scalar == 0x7F ? " (DEL)" : ""
        report(
            .controlCharacter, "control character \(name)\(label) is not allowed in YAML; remove it",
            offset: offset, length: length, file: file)
    }

    private mutating func report(_ code: YAMLCode, _ message: String, offset: Int, length: Int, file: SourceFile) {
        let range = SourceRange(
            path: file.path, start: file.location(ofOffset: offset), end: file.location(ofOffset: offset + length))
        diagnostics.append(.error(code, message, at: range))
    }

    enum Decoded {
        case success(UInt32, length: Int)
        case failure(String, length: Int)
    }

    /// Decodes the UTF-8 sequence starting at `index`, which holds a byte of 0x80 or more.
    static func decode(_ bytes: [UInt8], at index: Int) -> Decoded {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        // The valid range of the second byte depends on the lead (no overlong forms, no surrogates).
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
            scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            scalar = UInt32(lead & 0x0F)
            if lead == 0xE0 { secondLow = 0xA0 }
            if lead == 0xED { secondHigh = 0x9F }
        case 0xF0...0xF4:
            length = 4
            scalar = UInt32(lead & 0x07)
            if lead == 0xF0 { secondLow = 0x90 }
            if lead == 0xF4 { secondHigh = 0x8F }
        case 0x80...0xBF:
            return .failure(
                "invalid UTF-8: byte \(hexByte(lead)) is a continuation byte with no character to continue", length: 1)
        default:
            return .failure("invalid UTF-8: byte \(hexByte(lead)) never appears in UTF-8 text", length: 1)
        }
        for position in 1..<length {
            guard index + position < bytes.count else {
                return .failure("invalid UTF-8: the file ends in the middle of a character", length: position)
            }
            let byte = bytes[index + position]
            let low = position == 1 ? secondLow : 0x80
            let high = position == 1 ? secondHigh : 0xBF
            guard byte >= low && byte <= high else {
                let what: String
                if position > 1 || byte < 0x80 || byte > 0xBF {
                    what = "a truncated \(length)-byte sequence"
                } else if lead == 0xED {
                    what = "a UTF-16 surrogate, which UTF-8 text cannot hold"
                } else if lead == 0xF4 {
                    what = "a code point beyond U+10FFFF"
                } else {
                    what = "an overlong encoding"
                }
                return .failure(
                    "invalid UTF-8: bytes \(hexByte(lead)) \(hexByte(byte)) are \(what)", length: position)
            }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        return .success(scalar, length: length)
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" : "") + hex
    }
}
