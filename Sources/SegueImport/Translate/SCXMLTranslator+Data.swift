import Foundation
import SegueDiagnostics
import SegueModel

/// The data model: `<datamodel>`'s `<data>` as flow data, bound early (a default) or late (set on first entry).
extension SCXMLTranslator {
    /// Declares the flow data of a `<datamodel>`; with `late`, without their values, which are returned for the
    /// state to set when it is first entered.
    @discardableResult
    mutating func datamodel(_ element: XMLElement, late: Bool = false) -> [(String, YAMLTree)] {
        var lateValues: [(String, YAMLTree)] = []
        checkAttributes(element)
        for child in element.children {
            guard child.name == "data" else {
                checkElement(child, expected: [])
                continue
            }
            checkAttributes(child)
            guard let id = child["id"], let idAttribute = child.attribute("id") else {
                diagnostics.append(.error(.badAttribute, "`<data>` needs an `id`", at: child.range))
                continue
            }
            let name = SCXMLNames.identifier(id)
            guard name == id else {
                diagnostics.append(
                    .error(
                        .badIdentifier, "the data id `\(id)` is not a name expressions can use (try `\(name)`)",
                        at: idAttribute.valueRange))
                continue
            }
            guard !declared.contains(id) else {
                diagnostics.append(
                    .error(.badIdentifier, "the data id `\(id)` is declared twice", at: idAttribute.valueRange))
                continue
            }
            var variable: [(String, YAMLTree)] = [("type", .scalar("any"))]
            // Early binding initialises data in document order: one read before its own `<data>` (or by itself) is
            // ECMAScript's undefined, null in the flow, whose defaults see only the data declared before them.
            do {
                // Asked of each name read, not worked out as a set per `<data>` (a chart may hold thousands); the
                // copy of `declared` goes with this block, before `declare` below writes it.
                let outline = self.outline
                let declaredSoFar = declared
                let unsetYet: (String) -> Bool = { name in
                    !late && !declaredSoFar.contains(name)
                        && (outline.dataIDs.contains(name) || outline.loopNames.contains(name)
                            || outline.scriptNames.contains(name))
                }
                if let source = child.attribute("src") {
                    guard let value = dataSource(source) else { continue }
                    variable.append(("default", .scalar(value)))
                } else if let expr = child.attribute("expr") {
                    if let value = expression(
                        expr.value, at: expr.valueRange, construct: "`<data>`'s `expr`", unsetYet: unsetYet)
                    {
                        variable.append(("default", .scalar(value)))
                    }
                } else {
                    let inline = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !inline.isEmpty {
                        let range = child.range
                        if let value = expression(
                            inline, at: range, construct: "`<data>`'s inline value", unsetYet: unsetYet)
                        {
                            variable.append(("default", .scalar(value)))
                        }
                    }
                }
            }
            if late, variable.count == 2, case .scalar(let value) = variable[1].1 {
                lateValues.append((id, .scalar(value)))
                variable.removeLast()
            }
            declare(id, .map(variable))
        }
        return lateValues
    }
}
