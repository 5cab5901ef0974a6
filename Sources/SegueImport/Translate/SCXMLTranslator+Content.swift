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
        let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return "null" }
        if text.hasPrefix("[") || text.hasPrefix("{") {
            return expression(text, at: element.range, construct: "inline content")
        }
        if case .success(let tokens) = ECMAToken.scan(text),
            tokens.count == 1 || tokens.count == 2 && text.hasPrefix("-"),
            let last = tokens.last, last.kind == .number || last.kind == .string
        {
            return expression(text, at: element.range, construct: "inline content")
        }
        return Self.segueString(text)
    }
}
