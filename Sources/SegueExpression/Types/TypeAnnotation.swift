import SegueDiagnostics

/// Parses type annotations as written in flow YAML: `string`, `int?`, `list<Photo>`, `[string]`,
/// `map<string, Take>`.
///
///     try TypeAnnotation.parse("list<int>?") { _ in nil }  // .optional(.list(.int))
public enum TypeAnnotation {
    /// The built-in type names.
    public static let builtinNames = ["any", "bool", "int", "number", "string", "date", "list", "map"]

    /// Parses `text`, asking `resolve` for any other name (a record type declared in the flow).
    ///
    /// `knownNames` lists the caller's type names, for did-you-mean on an unknown one.
    public static func parse(
        _ text: String, knownNames: [String] = [], resolve: (String) -> ValueType?
    ) throws(ExpressionDiagnostic) -> ValueType {
        try withoutActuallyEscaping(resolve) { (resolve) throws(ExpressionDiagnostic) -> ValueType in
            var reader = Reader(bytes: Array(text.utf8), knownNames: knownNames, resolve: resolve)
            reader.skipSpaces()
            let type = try reader.parseType()
            reader.skipSpaces()
            if reader.offset < reader.bytes.count {
                throw reader.error("unexpected `\(reader.character)` after the type", length: 1)
            }
            return type
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        let knownNames: [String]
        let resolve: (String) -> ValueType?
        var offset = 0

        var character: String {
            offset < bytes.count ? String(decoding: [bytes[offset]], as: UTF8.self) : ""
        }

        mutating func skipSpaces() {
            while offset < bytes.count, bytes[offset] == 0x20 { offset += 1 }
        }

        func error(_ message: String, length: Int = 0, code: String = "X051") -> ExpressionDiagnostic {
            ExpressionDiagnostic(code: code, message, at: TextRange(offset, min(offset + length, bytes.count)))
        }

        mutating func take(_ byte: Character) -> Bool {
            skipSpaces()
            guard offset < bytes.count, bytes[offset] == byte.asciiValue else { return false }
            offset += 1
            return true
        }

        mutating func parseType() throws(ExpressionDiagnostic) -> ValueType {
            var type = try parsePrimary()
            while take("?") { type = type.madeOptional }
            return type
        }

        mutating func parsePrimary() throws(ExpressionDiagnostic) -> ValueType {
            skipSpaces()
            if take("[") {
                let element = try parseType()
                guard take("]") else { throw error("expected `]` to close the list type `[…]`", length: 1) }
                return .list(element)
            }
            let start = offset
            while offset < bytes.count, isNamePart(bytes[offset]) { offset += 1 }
            guard offset > start else {
                throw error(
                    offset < bytes.count ? "expected a type, found `\(character)`" : "expected a type", length: 1)
            }
            let name = String(decoding: bytes[start..<offset], as: UTF8.self)
            switch name {
            case "any": return .any
            case "bool": return .bool
            case "int": return .int
            case "number": return .number
            case "string": return .string
            case "date": return .date
            case "list":
                guard take("<") else { return .list(.any) }
                let element = try parseType()
                guard take(">") else { throw error("expected `>` to close `list<`", length: 1) }
                return .list(element)
            case "map":
                guard take("<") else { return .map(.any) }
                skipSpaces()
                let keyStart = offset
                let key = try parseType()
                guard key == .string else {
                    throw ExpressionDiagnostic(
                        code: "X051", "map keys are always `string`, not `\(key)`: write `map<string, T>`",
                        at: TextRange(keyStart, offset))
                }
                guard take(",") else {
                    throw error(
                        "expected `,` and the value type after `map<string`, as in `map<string, int>`", length: 1)
                }
                let element = try parseType()
                guard take(">") else { throw error("expected `>` to close `map<`", length: 1) }
                return .map(element)
            default:
                if let resolved = resolve(name) { return resolved }
                let candidates = TypeAnnotation.builtinNames + knownNames
                let suggestion = Suggestion.closest(to: name, in: candidates)
                return try fail(name, at: TextRange(start, offset), suggestion: suggestion)
            }
        }

        func fail(_ name: String, at range: TextRange, suggestion: String?) throws(ExpressionDiagnostic) -> ValueType {
            throw ExpressionDiagnostic(
                code: "X050", "unknown type `\(name)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                at: range, replacement: suggestion)
        }

        func isNamePart(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        }
    }
}
