import Foundation
import SegueDiagnostics

/// `<invoke srcexpr="v">` whose document is known at import time: `v` is a `<data>` the document gives only string
/// literals, so the documents it can name are read now, and each becomes an invocation started when `v` names it.
extension SCXMLTranslator {
    /// One document a `srcexpr` can name, and the condition (in Segue) under which it does.
    struct SourceChoice {
        var document: String
        var condition: String
    }

    /// The readable documents `source`'s variable can name, in document order; the last one's condition also
    /// fails to evaluate (`1 / 0`) when the variable names none of them, so SCXML's `error.execution` for a
    /// document it cannot invoke is raised and nothing starts. Nil after an I005 when the values are not known.
    mutating func sourceChoices(_ source: XMLAttribute, element: XMLElement) -> [SourceChoice]? {
        let variable = source.value.trimmingCharacters(in: .whitespaces)
        guard SCXMLNames.identifier(variable) == variable, let values = outline.knownValues(of: variable) else {
            unsupported(
                element,
                "a `srcexpr` computed at run time is translated only when it names a `<data>` the document gives "
                    + "string literals alone (the documents are read at import time); write the document's name")
            return nil
        }
        let readable = values.filter { locateSource($0).found != nil }
        guard !readable.isEmpty else {
            unsupported(
                element,
                "none of the documents `\(variable)` can name (\(values.map { "`\($0)`" }.joined(separator: ", "))) "
                    + "can be read beside this one")
            return nil
        }
        let name = SCXMLNames.identifier(variable)
        return readable.enumerated().map { index, document in
            var condition = "\(name) == \(Self.segueString(document))"
            if index == readable.count - 1 {
                let others = readable.dropLast().map { "\(name) != \(Self.segueString($0))" }
                condition += " || (" + (others + ["1 / 0 == 0"]).joined(separator: " && ") + ")"
            }
            return SourceChoice(document: document, condition: condition)
        }
    }
}
