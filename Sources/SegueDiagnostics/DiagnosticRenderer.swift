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

    public func render(_ diagnostics: [Diagnostic]) -> String {
        switch format {
        case .human: return diagnostics.map(human).joined()
        case .github: return diagnostics.map(github).joined()
        case .json: return json(diagnostics)
        case .sarif: return sarif(diagnostics)
        }
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
            paint("\(diagnostic.range):", "1") + " "
            + paint("\(diagnostic.severity.rawValue)[\(diagnostic.code)]:", severityColor) + " "
            + paint(diagnostic.message, "1") + "\n"
        out += excerpt(diagnostic.range, marker: severityColor)
        for note in diagnostic.notes {
            if let range = note.range, range != .synthesized {
                out += "  " + paint("note:", "1;36") + " \(range): \(note.message)\n"
                out += excerpt(range, marker: "1;36")
            } else {
                out += "  " + paint("note:", "1;36") + " \(note.message)\n"
            }
        }
        for fix in diagnostic.fixIts {
            out += "  " + paint("fix:", "1;32") + " replace with `\(fix.replacement)`\n"
        }
        return out
    }

    /// The source line with a caret under the span (one line only; longer spans are underlined to its end).
    private func excerpt(_ range: SourceRange, marker: String) -> String {
        guard let file = sources[range.path], range.start.line >= 1, range.start.line <= file.lineStarts.count
        else { return "" }
        let line = file.lineText(range.start.line).replacingOccurrences(of: "\t", with: " ")
        let gutter = String(range.start.line)
        let pad = String(repeating: " ", count: gutter.count)
        let lineLength = line.unicodeScalars.count
        let startColumn = min(max(range.start.column, 1), lineLength + 1)
        var width = 1
        if range.end.line == range.start.line, range.end.column > startColumn {
            width = range.end.column - startColumn
        } else if range.end.line > range.start.line {
            width = max(1, lineLength + 1 - startColumn)
        }
        let underline =
            String(repeating: " ", count: startColumn - 1) + "^"
            + String(repeating: "~", count: max(0, width - 1))
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
            "file=\(escapeProperty(diagnostic.range.path))",
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
