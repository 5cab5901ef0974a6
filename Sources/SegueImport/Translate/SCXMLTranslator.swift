import Foundation
import SegueDiagnostics

/// Turns an SCXML document (conf: markup already mapped) into a flow with one screen, `chart`, whose `states:` is
/// the chart; every construct it cannot translate is a diagnostic at its element or attribute.
struct SCXMLTranslator {
    let file: SourceFile
    let outline: StateOutline
    var diagnostics: [Diagnostic] = []
    /// Flow data from every `<datamodel>`, in document order (bound at launch, unless binding is late).
    var data: [(String, YAMLTree)] = []
    /// Delayed sends with parameters so far, to name the variables that keep their values.
    var delayedSends = 0
    /// Set when an action is known to raise an error: SCXML abandons the rest of its block.
    var abandonsBlock = false
    /// `<scxml binding="late">`: a state's data gets its value when the state is first entered.
    var lateBinding = false

    init(file: SourceFile, root: XMLElement) {
        self.file = file
        self.outline = StateOutline(root: root)
        diagnostics = outline.diagnostics
    }

    mutating func translate(_ root: XMLElement, flowName: String) -> YAMLTree {
        checkElement(root, expected: ["scxml"])
        lateBinding = root["binding"] == "late"
        if let model = root.attribute("datamodel"), !["", "null", "ecmascript"].contains(model.value) {
            diagnostics.append(
                .error(
                    .unsupported,
                    "the `\(model.value)` datamodel is not translated; only expressions SCXML's null and ECMAScript datamodels share are",
                    at: model.valueRange))
        }
        var screen: [(String, YAMLTree)] = []
        let initial = initialName(root["initial"], attribute: root.attribute("initial"), children: root.children)
        if let initial { screen.append(("initial_state", .scalar(initial))) }
        var states: [(String, YAMLTree)] = []
        for child in root.children {
            switch child.name {
            case _ where StateOutline.stateElements.contains(child.name):
                if let state = state(child) { states.append(state) }
            case "datamodel": datamodel(child)
            case "script": unsupported(child, "a top-level `<script>` runs ECMAScript code")
            default: checkElement(child, expected: [])
            }
        }
        screen.append(("states", .map(states)))
        diagnostics += outline.eventlessCycles()
        var flow: [(String, YAMLTree)] = [
            ("segue", .plain("1")), ("flow", .scalar(SCXMLNames.identifier(flowName))),
        ]
        if let name = root["name"] { flow.append(("title", .scalar(name))) }
        flow.append(("start", .scalar("chart")))
        if !data.isEmpty { flow.append(("data", .map(data))) }
        flow.append(("screens", .map([("chart", .map(screen))])))
        return .map(flow)
    }

    // MARK: states

    mutating func state(_ element: XMLElement) -> (String, YAMLTree)? {
        checkAttributes(element)
        guard let id = outline.id(of: element), let node = outline.nodes[id] else { return nil }
        var entries: [(String, YAMLTree)] = []
        switch node.kind {
        case .parallel: entries.append(("parallel", .plain("true")))
        case .final: entries.append(("final", .plain("true")))
        case .history:
            let depth = element["type"] ?? "shallow"
            guard depth == "shallow" || depth == "deep" else {
                diagnostics.append(
                    .error(
                        .badAttribute, "a history's `type` is `shallow` or `deep`, not `\(depth)`",
                        at: element.attribute("type")?.valueRange ?? element.range))
                return nil
            }
            entries.append(("history", .scalar(depth)))
            for child in element.children where child.name != "transition" { checkElement(child, expected: []) }
            if let transition = element.children.first(where: { $0.name == "transition" }) {
                if let alternative = self.transition(transition), case .mapping(let fields) = alternative {
                    entries.append(("default", .mapping(fields.filter { $0.key == "goto" || $0.key == "do" })))
                }
            }
            return (node.name, .map(entries))
        case .atomic, .compound: break
        }
        if node.kind == .compound,
            let initial = initialName(
                element["initial"], attribute: element.attribute("initial"),
                children: element.children)
        {
            entries.append(("initial", .scalar(initial)))
        }
        var onEntry: [YAMLTree] = []
        var onExit: [YAMLTree] = []
        var handlers: [(String, [YAMLTree])] = []
        var always: [YAMLTree] = []
        var children: [(String, YAMLTree)] = []
        var lateValues: [(String, YAMLTree)] = []
        for child in element.children {
            switch child.name {
            case "onentry":
                checkAttributes(child)
                onEntry += block(child.children)
            case "onexit":
                checkAttributes(child)
                onExit += block(child.children)
            case "transition" where node.kind != .final:
                guard let alternative = transition(child) else { continue }
                guard let events = child["event"] else {
                    always.append(alternative)
                    continue
                }
                for descriptor in events.split(whereSeparator: \.isWhitespace).map({ SCXMLNames.descriptor(String($0)) }
                ) {
                    if let index = handlers.firstIndex(where: { $0.0 == descriptor }) {
                        handlers[index].1.append(alternative)
                    } else {
                        handlers.append((descriptor, [alternative]))
                    }
                }
            case _ where StateOutline.stateElements.contains(child.name) && node.kind != .final:
                if let state = state(child) { children.append(state) }
            case "initial" where node.kind == .compound: initialElement(child)
            case "datamodel": lateValues += datamodel(child, late: lateBinding)
            case "invoke": unsupported(child, "`<invoke>` starts another session; Segue runs one chart")
            case "donedata" where node.kind == .final:
                unsupported(child, "`<donedata>` (the payload of a done event) is not translated")
            default: checkElement(child, expected: [])
            }
        }
        if !lateValues.isEmpty {
            // Late binding: the values are set before the state's first `on_enter`, once.
            let bound = "_bound_\(node.name)"
            data.append((bound, .map([("type", .scalar("bool")), ("default", .plain("false"))])))
            let set: YAMLTree = .map([("set", .map(lateValues + [(bound, .scalar("true"))]))])
            onEntry.insert(.map([("if", .scalar("!\(bound)")), ("then", .sequence([set]))]), at: 0)
        }
        if !onEntry.isEmpty { entries.append(("on_enter", .sequence(onEntry))) }
        if !onExit.isEmpty { entries.append(("on_exit", .sequence(onExit))) }
        if !handlers.isEmpty { entries.append(("on", .map(handlers.map { ($0.0, .sequence($0.1)) }))) }
        if !always.isEmpty { entries.append(("always", .sequence(always))) }
        if !children.isEmpty { entries.append(("states", .map(children))) }
        return (node.name, .map(entries))
    }

    /// The Segue name of the state entered first: the `initial` attribute's, the `<initial>` element's target, or
    /// the first child state (written out, so the flow does not depend on the default).
    mutating func initialName(_ value: String?, attribute: XMLAttribute?, children: [XMLElement]) -> String? {
        if let value, let attribute {
            let ids = value.split(whereSeparator: \.isWhitespace).map(String.init)
            guard ids.count == 1 else {
                diagnostics.append(
                    .error(
                        .unsupported, "several initial states (`\(value)`) are not translated",
                        at: attribute.valueRange))
                return nil
            }
            return childName(ids[0], of: children, at: attribute.valueRange)
        }
        if let element = children.first(where: { $0.name == "initial" }),
            let transition = element.children.first(where: { $0.name == "transition" }),
            let target = transition["target"]
        {
            return childName(target, of: children, at: transition.attribute("target")?.valueRange ?? transition.range)
        }
        let first = children.first { StateOutline.stateElements.contains($0.name) && $0.name != "history" }
        return first.flatMap { outline.id(of: $0) }.flatMap { outline.name(ofID: $0) }
    }

    /// An initial state must be a child: Segue's `initial` names one, and a deeper SCXML target is refused.
    private mutating func childName(_ id: String, of children: [XMLElement], at range: SourceRange) -> String? {
        guard let name = targetName(id, at: range) else { return nil }
        guard children.contains(where: { outline.id(of: $0) == id }) else {
            diagnostics.append(
                .error(.unsupported, "an initial state deeper than a child (`\(id)`) is not translated", at: range))
            return nil
        }
        return name
    }

    private mutating func initialElement(_ element: XMLElement) {
        checkAttributes(element)
        let transitions = element.children.filter { $0.name == "transition" }
        for child in element.children where child.name != "transition" { checkElement(child, expected: []) }
        guard transitions.count == 1, let transition = transitions.first else {
            diagnostics.append(.error(.badAttribute, "`<initial>` holds exactly one `<transition>`", at: element.range))
            return
        }
        if transition["target"] == nil {
            diagnostics.append(
                .error(.badAttribute, "the `<initial>` transition needs a `target`", at: transition.range))
        }
        if !transition.children.isEmpty {
            unsupported(transition, "actions on an `<initial>` transition are not translated")
        }
    }

    /// The Segue name of a target id, or an I004 with the closest id.
    mutating func targetName(_ id: String, at range: SourceRange) -> String? {
        if let name = outline.name(ofID: id) { return name }
        let hint = Suggestion.closest(to: id, in: outline.order).map { "; did you mean `\($0)`?" } ?? ""
        diagnostics.append(.error(.missingState, "no state has the id `\(id)`\(hint)", at: range))
        return nil
    }

    // MARK: data

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
            guard !data.contains(where: { $0.0 == id }) else {
                diagnostics.append(
                    .error(.badIdentifier, "the data id `\(id)` is declared twice", at: idAttribute.valueRange))
                continue
            }
            if let source = child.attribute("src") {
                diagnostics.append(
                    .error(
                        .unsupported, "`<data src>` loads data from a URL; it is not translated",
                        at: source.valueRange))
                continue
            }
            var variable: [(String, YAMLTree)] = [("type", .scalar("any"))]
            if let expr = child.attribute("expr") {
                if let value = expression(expr, construct: "`<data>`'s `expr`") {
                    variable.append(("default", .scalar(value)))
                }
            } else {
                let inline = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !inline.isEmpty {
                    let range = child.range
                    if let value = expression(inline, at: range, construct: "`<data>`'s inline value") {
                        variable.append(("default", .scalar(value)))
                    }
                }
            }
            if late, variable.count == 2, case .scalar(let value) = variable[1].1 {
                lateValues.append((id, .scalar(value)))
                variable.removeLast()
            }
            data.append((id, .map(variable)))
        }
        return lateValues
    }

    // MARK: checks

    /// Reports `element` as unknown where it stands, with its attributes checked when it is SCXML.
    mutating func checkElement(_ element: XMLElement, expected: Set<String>) {
        if expected.contains(element.name), element.namespace == ConformanceRewriter.scxml || element.namespace.isEmpty
        {
            checkAttributes(element)
            return
        }
        let written = element.namespace == ConformanceRewriter.namespace ? "conf:" + element.name : element.name
        let message: String
        if element.namespace == ConformanceRewriter.namespace {
            message = "the W3C suite's `<\(written)>` is not mapped by the importer"
        } else if SCXMLVocabulary.attributes[element.name] != nil,
            element.namespace == ConformanceRewriter.scxml || element.namespace.isEmpty
        {
            message = "`<\(written)>` cannot stand here"
        } else {
            message = "unknown element `<\(written)>`"
        }
        diagnostics.append(.error(.unknownElement, message, at: element.range))
    }

    mutating func checkAttributes(_ element: XMLElement) {
        let allowed = SCXMLVocabulary.attributes[element.name] ?? []
        for attribute in element.attributes {
            if attribute.namespace == ConformanceRewriter.namespace {
                diagnostics.append(
                    .error(
                        .badAttribute, "the W3C suite's `conf:\(attribute.name)` is not mapped by the importer",
                        at: attribute.range))
            } else if attribute.namespace.isEmpty, !allowed.contains(attribute.name) {
                let hint = Suggestion.closest(to: attribute.name, in: allowed).map { "; did you mean `\($0)`?" } ?? ""
                diagnostics.append(
                    .error(
                        .badAttribute, "`<\(element.name)>` has no attribute `\(attribute.name)`\(hint)",
                        at: attribute.range))
            }
        }
    }

    mutating func unsupported(_ element: XMLElement, _ why: String) {
        diagnostics.append(.error(.unsupported, why, at: element.range))
    }
}
