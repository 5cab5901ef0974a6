import Foundation
import SegueDiagnostics

/// `<invoke>` → `invoke:`: the child chart becomes an inline flow, whether it is written in `<content>` or named by
/// `src` (read now, relative to the document, so the flow stands alone); only SCXML's own type is translated.
extension SCXMLTranslator {
    static let invokeTypes: Set<String> = ["scxml", "http://www.w3.org/TR/scxml/", "http://www.w3.org/TR/scxml"]
    /// How deep `src` documents may invoke further documents (a document invoking itself would never end).
    static let invokeDepthLimit = 8

    mutating func invoke(_ element: XMLElement, state: String) -> [YAMLTree] {
        checkAttributes(element)
        var entries: [(String, YAMLTree)] = []
        if let type = element.attribute("type") ?? element.attribute("typeexpr") {
            let written = type.name == "type" ? type.value : Self.literal(type.value)
            guard let written else {
                // Computed when the session would start: SCXML's type starts it, any other fails (error.execution).
                // Compared as text, so a malformed `typeexpr` (`1 / 0`, failing where it is evaluated) type-checks.
                guard let computed = expression(type, construct: "`typeexpr`") else { return [] }
                let accepted = Self.invokeTypes.sorted().map { "string(\(computed)) == \(Self.segueString($0))" }
                entries.append(("when", .scalar((accepted + ["1 / 0 == 0"]).joined(separator: " || "))))
                return invocations(element, state: state, entries: entries)
            }
            guard Self.invokeTypes.contains(written) else {
                diagnostics.append(
                    .error(
                        .unsupported, "only SCXML sessions are invoked (`type=\"scxml\"`), not `\(written)`",
                        at: type.valueRange))
                return []
            }
        }
        return invocations(element, state: state, entries: entries)
    }

    /// The invocation, or with a `srcexpr` the document known at import time, one invocation per document its
    /// variable can name (`SourceChoice`), each started `when:` the variable names it.
    private mutating func invocations(_ element: XMLElement, state: String, entries: [(String, YAMLTree)])
        -> [YAMLTree]
    {
        guard element.children.first(where: { $0.name == "content" }) == nil,
            let source = element.attribute("srcexpr"), Self.literal(source.value) == nil
        else { return invocation(element, state: state, entries: entries).map { [$0] } ?? [] }
        guard let choices = sourceChoices(source, element: element) else { return [] }
        return choices.compactMap { choice in
            guard let chart = translateSource(choice.document, at: source.valueRange, state: state) else { return nil }
            var guarded = entries
            if let index = guarded.firstIndex(where: { $0.0 == "when" }), case .scalar(let type) = guarded[index].1 {
                guarded[index].1 = .scalar("(\(type)) && (\(choice.condition))")
            } else {
                guarded.insert(("when", .scalar(choice.condition)), at: 0)
            }
            return invocation(element, state: state, entries: guarded, chart: chart)
        }
    }

    /// The rest of an `<invoke>` after its type: id, idlocation, the chart, autoforward, arguments and `<finalize>`.
    private mutating func invocation(
        _ element: XMLElement, state: String, entries: [(String, YAMLTree)], chart given: (YAMLTree, Set<String>)? = nil
    ) -> YAMLTree? {
        var entries = entries
        if let id = element["id"] { entries.append(("id", .scalar(SCXMLNames.identifier(id)))) }
        if let location = element.attribute("idlocation") {
            guard outline.dataIDs.contains(location.value) else {
                diagnostics.append(
                    .error(.badAttribute, "no `<data>` declares `\(location.value)`", at: location.valueRange))
                return nil
            }
            entries.append(("idlocation", .scalar(SCXMLNames.identifier(location.value))))
        }
        guard let invoked = given ?? invokedChart(element, state: state) else { return nil }
        let (chart, childData) = invoked
        entries.insert(("chart", chart), at: 0)
        if element["autoforward"] == "true" { entries.append(("autoforward", .plain("true"))) }
        var arguments: [(String, YAMLTree)] = []
        func pass(_ name: String, _ value: String?, at range: SourceRange) {
            // SCXML sets only the child's declared variables: any other name is ignored.
            guard childData.contains(name) else {
                return diagnostics.append(
                    .warning(
                        .decidedStatically,
                        "the invoked chart declares no `\(name)`; SCXML leaves it unset, as does the flow",
                        at: range))
            }
            if let value { arguments.append((SCXMLNames.identifier(name), .scalar(value))) }
        }
        if let names = element.attribute("namelist") {
            for name in names.value.split(whereSeparator: \.isWhitespace).map(String.init) {
                // SCXML: a name that is no location fails the invocation's arguments, so it never starts.
                guard SCXMLNames.identifier(name) == name, outline.dataIDs.contains(name) else {
                    diagnostics.append(
                        .warning(
                            .decidedStatically,
                            "`\(name)` in `namelist` is not a declared location; SCXML does not start this invocation, and neither does the flow",
                            at: names.valueRange))
                    return nil
                }
                pass(name, expression(name, at: names.valueRange, construct: "`namelist`"), at: names.valueRange)
            }
        }
        var finalize: [YAMLTree] = []
        for child in element.children where child.name != "content" {
            switch child.name {
            case "param":
                checkAttributes(child)
                guard let name = child["name"], let source = child.attribute("expr") ?? child.attribute("location")
                else {
                    diagnostics.append(
                        .error(.badAttribute, "`<param>` needs a `name` and an `expr` or a `location`", at: child.range)
                    )
                    continue
                }
                pass(name, expression(source, construct: "`<param>`'s `\(source.name)`"), at: child.range)
            case "finalize":
                checkAttributes(child)
                finalize += block(child.children)
            default: checkElement(child, expected: [])
            }
        }
        if !arguments.isEmpty { entries.append(("with", .map(arguments))) }
        if !finalize.isEmpty { entries.append(("finalize", .sequence(finalize))) }
        return .map(entries)
    }

    /// The invoked chart as a flow, with the ids of its `<data>`: from `<content>`'s `<scxml>`, or the `src` file.
    private mutating func invokedChart(_ element: XMLElement, state: String) -> (YAMLTree, Set<String>)? {
        let name = state + "_child"
        if let content = element.children.first(where: { $0.name == "content" }) {
            if content.attribute("expr") != nil {
                unsupported(content, "a chart computed at run time (`<content expr>`) is not translated")
                return nil
            }
            guard let root = content.children.first(where: { $0.name == "scxml" }) else {
                unsupported(content, "an invoked chart is an `<scxml>` document inside `<content>`")
                return nil
            }
            return translateChild(root, file: file, name: name)
        }
        guard let source = element.attribute("src") ?? element.attribute("srcexpr") else {
            diagnostics.append(.error(.badAttribute, "`<invoke>` needs `src` or `<content>`", at: element.range))
            return nil
        }
        guard let written = source.name == "src" ? source.value : Self.literal(source.value) else {
            unsupported(element, "a `srcexpr` computed at run time is not translated; write the document's name")
            return nil
        }
        return translateSource(written, at: source.valueRange, state: state)
    }

    /// The document `written` (`file:child.scxml`) names, read now beside this one and translated.
    private mutating func translateSource(_ written: String, at range: SourceRange, state: String)
        -> (YAMLTree, Set<String>)?
    {
        let name = state + "_child"
        guard invokeDepth < Self.invokeDepthLimit else {
            diagnostics.append(
                .error(.unsupported, "documents invoke each other more than \(Self.invokeDepthLimit) deep", at: range))
            return nil
        }
        let located = locateSource(written)
        // Only inside the project root, and the same words whether or not anything is there outside it.
        guard !located.outside else {
            diagnostics.append(
                .error(
                    .badAttribute, project.outsideMessage(key: "<invoke src>", written: written),
                    at: range, notes: [DiagnosticNote(ProjectRoot.outsideNote)]))
            return nil
        }
        guard let found = located.found else {
            diagnostics.append(.error(.badAttribute, "cannot read the invoked document `\(located.path)`", at: range))
            return nil
        }
        let document: SourceFile
        let root: XMLElement
        do {
            document = try XMLDocumentReader.load(path: found, project: project)
            root = ConformanceRewriter.rewrite(try XMLDocumentReader.read(document))
        } catch {
            diagnostics.append(error)
            return nil
        }
        return translateChild(root, file: document, name: name)
    }

    /// Where the document `written` names lies: its path beside this document, the file found (a missing `.scxml`
    /// looked for as `.txml`, as the W3C suite names its sources), or that it lies outside the project root.
    func locateSource(_ written: String) -> (path: String, found: String?, outside: Bool) {
        let relative = written.hasPrefix("file:") ? String(written.dropFirst(5)) : written
        let path = PathName.resolving(relative, from: file.path)
        let candidates = [path, path.hasSuffix(".scxml") ? String(path.dropLast(6)) + ".txml" : nil].compactMap { $0 }
        let outside = candidates.contains { project.locate($0) == .failure(.outside) }
        return (path, outside ? nil : candidates.first { (try? project.locate($0).get()) != nil }, outside)
    }

    private mutating func translateChild(_ root: XMLElement, file: SourceFile, name: String) -> (YAMLTree, Set<String>)?
    {
        var child = SCXMLTranslator(file: file, root: root, project: project)
        child.invokeDepth = invokeDepth + 1
        let tree = child.translate(root, flowName: name)
        diagnostics += child.diagnostics
        guard !child.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        return (tree, child.outline.dataIDs)
    }
}
