/// The docs' key tables, generated from the vocabulary between markers in the markdown:
///
///     <!-- vocabulary: screen -->
///     | key | type | meaning |
///     …
///     <!-- /vocabulary -->
public enum VocabularyDocs {
    /// Every section name a marker may use: a place's identifier, or `elements`, `element_common`, `actions`,
    /// `rules`, `services`, `implicit_names`, `messages` (the built-in message catalog), and the fields of the
    /// implicit records: `device_fields`, `error_fields`, `current_event_fields`, `session_fields`.
    public static var sections: [String] {
        ["elements", "element_common", "actions", "rules", "services", "implicit_names", "messages"]
            + implicitRecordSections.map(\.section) + Vocabulary.places.map(\.place.identifier)
    }

    /// The implicit records' field tables, by section name.
    private static let implicitRecordSections: [(section: String, table: @Sendable () -> String)] = [
        ("device_fields", { fieldTable(DeviceField.self) }), ("error_fields", { fieldTable(ErrorField.self) }),
        ("current_event_fields", { fieldTable(CurrentEventField.self) }),
        ("session_fields", { fieldTable(SessionField.self) }),
    ]

    private static func fieldTable<Field: ImplicitRecordField>(_: Field.Type) -> String {
        rows(["field", "type", "meaning"], Field.allCases.map { ["`\($0.rawValue)`", "`\($0.type)`", $0.doc] })
    }

    /// The table of one section, or nil when there is no such section.
    public static func table(_ section: String) -> String? {
        switch section {
        case "elements":
            return rows(
                ["kind", "meaning", "keys"],
                Vocabulary.elementKindTable.map { entry in
                    ["`\(entry.kind.name)`", entry.kind.doc, entry.keys.map(keySummary).joined(separator: ", ")]
                })
        case "element_common": return keyTable(Vocabulary.commonElementKeys)
        case "messages":
            return rows(
                ["id", "shown for", "English", "Russian"],
                MessageID.allCases.map { id in
                    [
                        "`\(id.rawValue)`", id.use, messageCell(MessageCatalog.text(id, in: .english)),
                        messageCell(MessageCatalog.text(id, in: .russian)),
                    ]
                })
        case "implicit_names":
            return rows(["name", "meaning"], ImplicitName.allCases.map { ["`\($0.rawValue)`", $0.doc] })
        case "actions":
            return rows(
                ["action", "example", "meaning"],
                Vocabulary.actionKindTable.map { entry in
                    let keys = entry.keys.dropFirst().map { "`\($0.name)`" }
                    let doc = entry.kind.doc + (keys.isEmpty ? "" : "; also " + keys.joined(separator: ", "))
                    return ["`\(entry.kind.name)`", entry.kind.example, doc]
                })
        case "rules":
            return rows(
                ["rule", "meaning"], Vocabulary.ruleKindTable.map { [$0.kind.example, $0.kind.doc] })
        case "services":
            return rows(
                ["kind", "meaning", "keys"],
                Vocabulary.serviceKinds.map { kind in
                    let keys = Vocabulary.spec(kind.place).keys.dropFirst().map(keySummary)
                    return ["`\(kind.name)`", kind.doc, keys.isEmpty ? "—" : keys.joined(separator: ", ")]
                })
        default:
            if let record = implicitRecordSections.first(where: { $0.section == section }) { return record.table() }
            guard let spec = Vocabulary.places.first(where: { $0.place.identifier == section }) else { return nil }
            return keyTable(spec.keys)
        }
    }

    /// A catalog text as a table cell: the text, or each plural form after its category.
    private static func messageCell(_ text: MessageText) -> String {
        switch text {
        case .plain(let text): return text
        case .plural(let forms):
            return PluralCategory.allCases.compactMap { category in
                forms[category].map { "\(category.rawValue): \($0)" }
            }
            .joined(separator: "<br>")
        }
    }

    /// `markdown` with every marked table regenerated; throws on a marker naming no section or left open.
    public static func rewrite(_ markdown: String) throws(VocabularyDocsError) -> String {
        var out: [Substring] = []
        var open: String?
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let name = open {
                guard line.trimmingSpaces == "<!-- /vocabulary -->" else { continue }
                guard let table = table(name) else { throw .unknownSection(name, line: number) }
                out.append(contentsOf: table.split(separator: "\n").map { $0 })
                out.append(line)
                open = nil
                continue
            }
            out.append(line)
            let text = line.trimmingSpaces
            if text.hasPrefix("<!-- vocabulary: "), text.hasSuffix(" -->") {
                let name = String(text.dropFirst("<!-- vocabulary: ".count).dropLast(" -->".count))
                guard sections.contains(name) else { throw .unknownSection(name, line: number + 1) }
                open = name
            }
        }
        if let open { throw .unclosed(open) }
        return out.joined(separator: "\n")
    }

    private static func keyTable(_ keys: [KeySpec]) -> String {
        rows(
            ["key", "type", "meaning"],
            keys.map { key in
                let type = key.type.summary + (key.required ? ", required" : "")
                let meaning = key.doc + (key.defaultValue.map { " (default `\($0)`)" } ?? "")
                return ["`\(key.name)`", type, meaning]
            })
    }

    private static func keySummary(_ key: KeySpec) -> String {
        "`\(key.name)` (\(key.type.summary)\(key.required ? ", required" : ""))"
    }

    private static func rows(_ header: [String], _ body: [[String]]) -> String {
        func row(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingPipes }.joined(separator: " | ") + " |"
        }
        return ([row(header), "|" + header.map { _ in "---" }.joined(separator: "|") + "|"] + body.map(row))
            .joined(separator: "\n")
    }
}

/// Why the docs' marked tables could not be regenerated.
public enum VocabularyDocsError: Error, Equatable, CustomStringConvertible {
    case unknownSection(String, line: Int)
    case unclosed(String)

    public var description: String {
        switch self {
        case .unknownSection(let name, let line):
            return "line \(line): no vocabulary section `\(name)`; sections: "
                + VocabularyDocs.sections.joined(separator: ", ")
        case .unclosed(let name): return "`<!-- vocabulary: \(name) -->` has no `<!-- /vocabulary -->`"
        }
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }

    /// A table cell's text with `|` escaped, so `ok | error` stays in one cell.
    fileprivate var replacingPipes: String {
        var out = ""
        for character in self { out += character == "|" ? "\\|" : String(character) }
        return out
    }
}
