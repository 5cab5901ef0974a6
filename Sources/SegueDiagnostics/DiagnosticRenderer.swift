import Foundation

/// Renders diagnostics as text for people, JSON for tools, GitHub workflow annotations, or a SARIF 2.1.0 log.
///
///     let renderer = DiagnosticRenderer(format: .human, color: false, sources: [file])
///     print(renderer.render(diagnostics), terminator: "")
public struct DiagnosticRenderer: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case human
        case json
        case github
        case sarif
    }

    public var format: Format
    public var color: Bool
    /// The version SARIF logs name for the `segue` tool.
    public var toolVersion = "unknown"
    /// docs/diagnostics.md's absolute address, for SARIF rules' `helpUri`; nil leaves the URI out.
    public var documentationURL: String?
    private var sources: [String: SourceFile]

    public init(format: Format, color: Bool = false, sources: [SourceFile] = []) {
        self.format = format
        self.color = color
        self.sources = Dictionary(sources.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public mutating func add(_ source: SourceFile) { sources[source.path] = source }

    /// Text from the flow (names, texts, file names) is shown by the one terminal-safe rule (`TerminalText`): in
    /// every format its control and bidi characters are written `\u{1B}`, never raw; a fix-it's replacement stays as
    /// it is in JSON and SARIF, where a tool applies it.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        let shown = diagnostics.map(Self.terminalSafe)
        switch format {
        case .human: return shown.map(human).joined()
        case .github: return shown.map(github).joined()
        case .json: return json(shown)
        case .sarif: return sarif(shown)
        }
    }

    /// The diagnostic with its message and notes escaped by `TerminalText`.
    static func terminalSafe(_ diagnostic: Diagnostic) -> Diagnostic {
        var safe = diagnostic
        safe.message = TerminalText.escaped(diagnostic.message)
        safe.notes = diagnostic.notes.map { DiagnosticNote(TerminalText.escaped($0.message), at: $0.range) }
        return safe
    }

    /// A place as `path:line:col`, its path escaped.
    private func place(_ range: SourceRange) -> String {
        TerminalText.escaped(range.description, lineBreaks: false)
    }

    // MARK: human

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func human(_ diagnostic: Diagnostic) -> String {
        let severityColor =
            switch diagnostic.severity {
            case .error: "1;31"
            case .warning: "1;33"
            case .note: "1;36"
            }
        var out =
            paint("\(place(diagnostic.range)):", "1") + " "
            + paint("\(diagnostic.severity.rawValue)[\(diagnostic.code)]:", severityColor) + " "
            + paint(diagnostic.message, "1") + "\n"
        out += excerpt(diagnostic.range, marker: severityColor)
        for note in diagnostic.notes {
            if let range = note.range, range != .synthesized {
                out += "  " + paint("note:", "1;36") + " \(place(range)): \(note.message)\n"
                out += excerpt(range, marker: "1;36")
            } else {
                out += "  " + paint("note:", "1;36") + " \(note.message)\n"
            }
        }
        for fix in diagnostic.fixIts {
            out += "  " + paint("fix:", "1;32") + " replace with `\(TerminalText.escaped(fix.replacement))`\n"
        }
        return out
    }

    /// The most characters of a source line an excerpt shows: a longer line (a minified chart, a 7 MB attribute) is
    /// shown as a window around the span, elided with `…` at either end.
    static let excerptWidth = 160

    /// The source line with a caret under the span (one line only; longer spans are underlined to its end); the
    /// line's control and bidi characters escaped, the caret moved to match; a line longer than `excerptWidth`
    /// shown only around the span's start.
    private func excerpt(_ range: SourceRange, marker: String) -> String {
        guard let file = sources[range.path], range.start.line >= 1, range.start.line <= file.lineStarts.count
        else { return "" }
        let scalars = Array(file.lineText(range.start.line).replacingOccurrences(of: "\t", with: " ").unicodeScalars)
        let gutter = String(range.start.line)
        let pad = String(repeating: " ", count: gutter.count)
        let lineLength = scalars.count
        let startColumn = min(max(range.start.column, 1), lineLength + 1)
        var endColumn = startColumn + 1
        if range.end.line == range.start.line, range.end.column > startColumn {
            endColumn = min(range.end.column, lineLength + 1)
        } else if range.end.line > range.start.line {
            endColumn = lineLength + 1
        }
        // The window shown: the whole line, or `excerptWidth` characters from a little before the span.
        var shown = 0..<lineLength
        if lineLength > Self.excerptWidth {
            let lower = min(max(0, startColumn - 1 - Self.excerptWidth / 4), lineLength - Self.excerptWidth)
            shown = lower..<(lower + Self.excerptWidth)
        }
        let elidedBefore = shown.lowerBound > 0 ? "…" : ""
        let elidedAfter = shown.upperBound < lineLength ? "…" : ""
        // Columns count scalars; once escaped, `\u{1B}` takes seven places.
        func width(_ columns: Range<Int>) -> Int {
            scalars[columns.clamped(to: shown)].reduce(0) { $0 + TerminalText.width(of: $1, lineBreaks: false) }
        }
        let before = elidedBefore.count + width(shown.lowerBound..<(startColumn - 1))
        let spanWidth = max(1, width((startColumn - 1)..<(endColumn - 1)))
        let line =
            elidedBefore + TerminalText.escaped(String(String.UnicodeScalarView(scalars[shown])), lineBreaks: false)
            + elidedAfter
        let underline =
            String(repeating: " ", count: before) + "^" + String(repeating: "~", count: max(0, spanWidth - 1))
        return "\(pad) |\n\(gutter) | \(line)\n\(pad) | " + paint(underline, marker) + "\n"
    }

    // MARK: github

    private func github(_ diagnostic: Diagnostic) -> String {
        let kind =
            switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        let properties = [
            "file=\(escapeProperty(TerminalText.escaped(diagnostic.range.path, lineBreaks: false)))",
            "line=\(diagnostic.range.start.line)",
            "col=\(diagnostic.range.start.column)",
            "endLine=\(diagnostic.range.end.line)",
            "endColumn=\(diagnostic.range.end.column)",
            "title=\(escapeProperty(diagnostic.code))",
        ]
        var message = diagnostic.message
        for note in diagnostic.notes { message += "\nnote: \(note.message)" }
        return "::\(kind) \(properties.joined(separator: ","))::\(escapeData(message))\n"
    }

    private func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    // MARK: json

    private func json(_ diagnostics: [Diagnostic]) -> String {
        encode(diagnostics) ?? "[]\n"
    }

    // MARK: sarif

    private func sarif(_ diagnostics: [Diagnostic]) -> String {
        let log = SARIFLog(diagnostics, toolVersion: toolVersion, documentationURL: documentationURL)
        return encode(log) ?? "{}\n"
    }

    private func encode(_ value: some Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
