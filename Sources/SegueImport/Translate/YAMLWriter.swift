/// Writes a `YAMLTree` in block style; a scalar stays plain only when YAML 1.2's core schema would read it back as
/// the same string (a name such as `s1` or `done.state.s1`), otherwise it is double-quoted.
enum YAMLWriter {
    static func write(_ tree: YAMLTree) -> String {
        var out = ""
        write(tree, indent: 0, into: &out, inline: false)
        return out
    }

    private static func write(_ tree: YAMLTree, indent: Int, into out: inout String, inline: Bool) {
        let pad = String(repeating: " ", count: indent)
        switch tree {
        case .scalar(let text):
            out += scalar(text) + "\n"
        case .plain(let text):
            out += text + "\n"
        case .sequence(let items):
            if items.isEmpty {
                out += "[]\n"
                return
            }
            if inline { out += "\n" }
            for item in items {
                out += pad + "- "
                switch item {
                case .scalar, .plain, .sequence([]), .mapping([]):
                    write(item, indent: indent + 2, into: &out, inline: true)
                case .sequence:
                    write(item, indent: indent + 2, into: &out, inline: true)
                case .mapping(let entries):
                    writeEntries(entries, indent: indent + 2, into: &out, firstInline: true)
                }
            }
        case .mapping(let entries):
            if entries.isEmpty {
                out += "{}\n"
                return
            }
            if inline { out += "\n" }
            writeEntries(entries, indent: indent, into: &out, firstInline: false)
        }
    }

    private static func writeEntries(_ entries: [YAMLEntry], indent: Int, into out: inout String, firstInline: Bool) {
        let pad = String(repeating: " ", count: indent)
        for (index, entry) in entries.enumerated() {
            if !(firstInline && index == 0) { out += pad }
            out += scalar(entry.key) + ":"
            switch entry.value {
            case .scalar, .plain, .sequence([]), .mapping([]):
                out += " "
                write(entry.value, indent: indent + 2, into: &out, inline: true)
            case .sequence:
                write(entry.value, indent: indent + 2, into: &out, inline: true)
            case .mapping:
                write(entry.value, indent: indent + 2, into: &out, inline: true)
            }
        }
    }

    /// Plain when it is a name-like word the core schema keeps a string; quoted otherwise.
    private static let reserved: Set<String> = [
        "true", "false", "null", "True", "False", "Null", "TRUE", "FALSE", "NULL", "~",
    ]

    static func scalar(_ text: String) -> String {
        if let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic),
            text.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || $0 == "." || ("0"..."9").contains($0))
            }),
            !reserved.contains(text), !text.hasSuffix(".")
        {
            return text
        }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
