/// Where a `set:` key or a list action writes, split into its variable and the steps into it:
/// `people[i].surname` is `people`, then item `i`, then field `surname`.
///
/// The checker types each step and hands it to the compiler resolved (`WriteStep`, a position parsed); neither splits
/// the text itself.
public struct AssignmentPath: Sendable, Hashable {
    public enum Step: Sendable, Hashable {
        /// `.surname`; `offset` is where the name starts in the text.
        case field(String, offset: Int)
        /// `[i]`: the expression between the brackets and where it starts in the text.
        case index(String, offset: Int)
    }

    public var root: String
    public var steps: [Step]

    /// The path of `text`, or nil when it is not a name followed by `.field` and `[expression]` steps.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        var position = 0
        func name() -> String? {
            let start = position
            while position < bytes.count, AssignmentPath.isNamePart(bytes[position]) { position += 1 }
            guard position > start, !(bytes[start] >= 0x30 && bytes[start] <= 0x39) else { return nil }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
        guard let root = name() else { return nil }
        self.root = root
        steps = []
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "."):
                position += 1
                let offset = position
                guard let field = name() else { return nil }
                steps.append(.field(field, offset: offset))
            case UInt8(ascii: "["):
                position += 1
                let offset = position
                guard let end = AssignmentPath.closingBracket(bytes, from: position) else { return nil }
                let inner = String(decoding: bytes[offset..<end], as: UTF8.self)
                guard !inner.allSatisfy(\.isWhitespace) else { return nil }
                steps.append(.index(inner, offset: offset))
                position = end + 1
            default:
                return nil
            }
        }
    }

    /// Whether every step is a field (`person.address.city`), as `set:` wrote before items could be written.
    public var fieldsOnly: [String]? {
        var fields: [String] = []
        for step in steps {
            guard case .field(let name, _) = step else { return nil }
            fields.append(name)
        }
        return fields
    }

    /// Letters (any script), digits and `_`: a name's bytes; every byte of a multi-byte character counts.
    private static func isNamePart(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
            || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// The `]` closing a `[` just before `start`, past nested brackets and quoted text.
    private static func closingBracket(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var quote: UInt8?
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                if depth == 0 { return index }
                depth -= 1
            }
            index += 1
        }
        return nil
    }
}
