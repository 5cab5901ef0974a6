/// Building a SARIF log from diagnostics: the same values the text, JSON and GitHub formats show.
extension SARIFLog {
    /// One run of `segue` reporting `diagnostics` (those with no place in a file as the run's notifications); `documentationURL` (absolute, docs/diagnostics.md's address
    /// where it is published) gives each rule a `helpUri` to its section.
    ///
    ///     SARIFLog(diagnostics, toolVersion: "0.1.0",
    ///              documentationURL: "https://example.com/segue/docs/diagnostics.md")
    public init(_ diagnostics: [Diagnostic], toolVersion: String, documentationURL: String? = nil) {
        let codes = Array(Set(diagnostics.map(\.code))).sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
        let rules = codes.map { Self.rule(for: $0, documentationURL: documentationURL) }
        let placed = diagnostics.filter { Self.region($0.range) != nil }
        let results = placed.map { Self.result(for: $0, ruleIndex: ruleIndex[$0.code] ?? 0) }
        let notifications = diagnostics.filter { Self.region($0.range) == nil }.map {
            Notification(
                descriptor: RuleReference(id: $0.code, index: ruleIndex[$0.code] ?? 0), level: $0.severity.rawValue,
                message: Message(text: Self.result(for: $0, ruleIndex: 0).message.text))
        }
        let invocations = [
            Invocation(executionSuccessful: true, toolExecutionNotifications: notifications)
        ]
        let driver = Driver(name: "segue", version: toolVersion, informationUri: documentationURL, rules: rules)
        self.init(
            runs: [
                Run(
                    tool: Tool(driver: driver), results: results, invocations: notifications.isEmpty ? nil : invocations
                )
            ])
    }

    static func rule(for code: String, documentationURL: String?) -> Rule {
        let summary = DiagnosticCatalog.summary(of: code) ?? "Segue diagnostic \(code)."
        let anchor = DiagnosticCatalog.anchor(of: code)
        let reference = "\(DiagnosticCatalog.documentPath)#\(anchor)"
        let link = documentationURL.map { "\($0)#\(anchor)" }
        let markdown = "\(summary)\n\nSee [\(code) in \(DiagnosticCatalog.documentPath)](\(link ?? reference))."
        return Rule(
            id: code, shortDescription: Message(text: summary), fullDescription: Message(text: summary),
            help: Help(text: "\(summary) See \(reference) in Segue's documentation.", markdown: markdown),
            helpUri: link)
    }

    static func result(for diagnostic: Diagnostic, ruleIndex: Int) -> Result {
        var text = escapeBrackets(diagnostic.message)
        var related: [Location] = []
        for note in diagnostic.notes {
            if let range = note.range, let location = location(range, message: note.message, id: related.count + 1) {
                related.append(location)
                text += "\nnote: \(escapeBrackets(note.message)) ([\(range)](\(related.count)))"
            } else {
                text += "\nnote: \(escapeBrackets(note.message))"
            }
        }
        let fixes = diagnostic.fixIts.compactMap { fix -> Fix? in
            guard let region = region(fix.range) else { return nil }
            let replacement = Replacement(deletedRegion: region, insertedContent: Message(text: fix.replacement))
            return Fix(
                description: Message(text: "Replace with `\(TerminalText.escaped(fix.replacement))`"),
                artifactChanges: [
                    ArtifactChange(
                        artifactLocation: ArtifactLocation(uri: uri(fix.range.path)), replacements: [replacement])
                ])
        }
        return Result(
            ruleId: diagnostic.code, ruleIndex: ruleIndex, level: diagnostic.severity.rawValue,
            message: Message(text: text), locations: location(diagnostic.range).map { [$0] } ?? [],
            relatedLocations: related.isEmpty ? nil : related, fixes: fixes.isEmpty ? nil : fixes)
    }

    /// Where a range is, or nil for a range with no place in a file.
    static func location(_ range: SourceRange, message: String? = nil, id: Int? = nil) -> Location? {
        guard let region = region(range) else { return nil }
        let physical = PhysicalLocation(artifactLocation: ArtifactLocation(uri: uri(range.path)), region: region)
        return Location(id: id, physicalLocation: physical, message: message.map { Message(text: $0) })
    }

    static func region(_ range: SourceRange) -> Region? {
        guard range != .synthesized, range.start.line >= 1, range.start.column >= 1 else { return nil }
        let end = range.end.offset >= range.start.offset ? range.end : range.start
        return Region(
            startLine: range.start.line, startColumn: range.start.column, endLine: max(end.line, range.start.line),
            endColumn: end.line > range.start.line ? max(end.column, 1) : max(end.column, range.start.column),
            byteOffset: range.start.offset, byteLength: end.offset - range.start.offset)
    }

    /// A relative path stays relative (to the repository root, as code scanning expects); an absolute one is a
    /// `file://` URI. Bytes outside RFC 3986's unreserved set (and `/`) are percent-encoded.
    static func uri(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        var encoded = ""
        for byte in trimmed.utf8 {
            if unreserved.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// SARIF message text reads `[text](id)` as a link to a related location; literal brackets are escaped.
    static func escapeBrackets(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "[" || character == "]" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
