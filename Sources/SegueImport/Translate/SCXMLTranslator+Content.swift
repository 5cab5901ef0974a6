import Foundation
import SegueDiagnostics

/// Values written as content: `<content>`, `<donedata>`, `<assign>`'s text. Text that is a number, a quoted string
/// or a JSON list or object is that value; any other text is a string, as SCXML's ECMAScript datamodel reads it.
extension SCXMLTranslator {
    /// What a final state's `<donedata>` becomes.
    enum DoneData {
        /// The `done_data:` expression: `<content>`'s value, or a record of the `<param>`s.
        case value(String)
        /// A `<param>` names a location no `<data>` declares: SCXML raises error.execution on entry (the raise, or
        /// nil when nothing takes it) and the done event carries nothing.
        case fails(YAMLTree?)
        case none
    }

    mutating func doneData(_ element: XMLElement) -> DoneData {
        checkAttributes(element)
        if let content = element.children.first(where: { $0.name == "content" }) {
            return self.content(content).map { .value($0) } ?? .none
        }
        var fields: [String] = []
        for child in element.children {
            guard child.name == "param" else {
                checkElement(child, expected: [])
                continue
            }
            checkAttributes(child)
            guard let name = child["name"], let source = child.attribute("expr") ?? child.attribute("location") else {
                diagnostics.append(
                    .error(.badAttribute, "`<param>` needs a `name` and an `expr` or a `location`", at: child.range))
                return .none
            }
            if source.name == "location" {
                let written = source.value.trimmingCharacters(in: .whitespaces)
                let root = String(written.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" })
                if !outline.dataIDs.contains(root) {
                    diagnostics.append(
                        .warning(
                            .decidedStatically,
                            "no `<data>` declares `\(root)`; SCXML raises error.execution here and the done event carries nothing, and so does the flow",
                            at: source.valueRange))
                    return .fails(raise("error.execution", at: child))
                }
            }
            guard let value = expression(source, construct: "`<param>`'s `\(source.name)`") else { return .none }
            fields.append("\(SCXMLNames.identifier(name)): \(value)")
        }
        return fields.isEmpty ? .none : .value("{ " + fields.joined(separator: ", ") + " }")
    }

    /// `<content expr="…"/>` or `<content>text</content>` as a Segue expression; markup inside is refused.
    mutating func content(_ element: XMLElement) -> String? {
        checkAttributes(element)
        if let expr = element.attribute("expr") { return expression(expr, construct: "`<content>`'s `expr`") }
        if let markup = element.children.first {
            unsupported(markup, "markup inside `<content>` is not translated; only text is")
            return nil
        }
        return inlineValue(of: element)
    }

    /// An element's text as a value: a literal or JSON as itself, other text as a string; no text is null.
    mutating func inlineValue(of element: XMLElement) -> String? {
        inlineValue(of: element.text, at: element.range)
    }

    /// `inlineValue(of:)` for text read from `range` (an element's, or a `<data src>` file's).
    mutating func inlineValue(of written: String, at range: SourceRange, construct: String = "inline content")
        -> String?
    {
        let text = written.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return "null" }
        if text.hasPrefix("[") || text.hasPrefix("{") { return expression(text, at: range, construct: construct) }
        if case .success(let tokens) = ECMAToken.scan(text),
            tokens.count == 1 || tokens.count == 2 && text.hasPrefix("-"),
            let last = tokens.last, last.kind == .number || last.kind == .string
        {
            return expression(text, at: range, construct: construct)
        }
        return Self.segueString(text)
    }

    /// The most a `<data src>` file may hold: a value, not a database.
    static let dataSourceLimit = 1 << 20

    /// `<data src="file:name">`: the file beside the document, read when importing, as a value like inline
    /// content (the flow carries it).
    mutating func dataSource(_ attribute: XMLAttribute) -> String? {
        guard let (text, _) = fileBeside(attribute, key: "<data src>", limit: Self.dataSourceLimit) else {
            return nil
        }
        var name = attribute.value.trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("file:") { name.removeFirst(5) }
        return inlineValue(of: text, at: attribute.valueRange, construct: "the content of `\(name)`")
    }

    /// The text of the file a `src` attribute names beside the document (`file:name` or `name`), and its path.
    /// Another URL, a path leaving the document's folder, or a file that cannot be read (a link, not regular, too
    /// big, not UTF-8) is refused at the attribute.
    mutating func fileBeside(_ attribute: XMLAttribute, key: String, limit: Int) -> (text: String, path: String)? {
        var name = attribute.value.trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("file:") { name.removeFirst(5) }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.contains(":"), !name.hasPrefix("/"), !parts.contains("..") else {
            diagnostics.append(
                .error(
                    .unsupported,
                    "`\(key)` reads a file beside the document (`file:name`), not `\(attribute.value)`",
                    at: attribute.valueRange))
            return nil
        }
        let path = PathName.resolving(name, from: file.path)
        do throws(ProjectRoot.Refusal) {
            let bytes = try project.read(path, limit: limit)
            guard let decoded = String(data: bytes, encoding: .utf8) else {
                throw ProjectRoot.Refusal.unreadable(SafeFile.ReadError(path: path, reason: "it is not UTF-8 text"))
            }
            return (decoded, path)
        } catch {
            switch error {
            case .outside:
                // Also through a linked folder or file: the same words whether or not anything is there.
                diagnostics.append(
                    .error(
                        .unsupported, project.outsideMessage(key: key, written: attribute.value),
                        at: attribute.valueRange, notes: [DiagnosticNote(ProjectRoot.outsideNote)]))
            case .unreadable(let error):
                diagnostics.append(.error(.unsupported, "`\(key)`: \(error)", at: attribute.valueRange))
            }
            return nil
        }
    }
}
