import Foundation
import SegueDiagnostics
import SegueModel

/// Turns an SCXML document (conf: markup already mapped) into a flow with one screen, `chart`, whose `states:` is
/// the chart; every construct it cannot translate is a diagnostic at its element or attribute.
struct SCXMLTranslator {
    let file: SourceFile
    let outline: StateOutline
    /// What Segue's checker makes of the names a translated expression reads.
    let types: TranslatedTypes
    var diagnostics: [Diagnostic] = []
    /// Flow data from every `<datamodel>`, in document order (bound at launch, unless binding is late).
    private(set) var data: [(String, YAMLTree)] = []
    /// The names `data` declares.
    private(set) var declared: Set<String> = []
    /// Set when an action is known to raise an error: SCXML abandons the rest of its block.
    var abandonsBlock = false
    /// `<scxml binding="late">`: a state's data gets its value when the state is first entered.
    var lateBinding = false
    /// The ids of the delayed sends the flow keeps (timers a `cancel_timer:` can stop), and each `<cancel>`'s id
    /// with where it is written.
    var timerIDs: Set<String> = []
    var cancels: [(id: String, range: SourceRange)] = []
    /// How many `src` documents invoked this one (the limit stops a document invoking itself).
    var invokeDepth = 0
    /// The folder `<data src>` and `<invoke src>` files are read inside: the first document's, or `--root`.
    let project: ProjectRoot

    init(file: SourceFile, root: XMLElement, project: ProjectRoot? = nil) {
        self.file = file
        self.project = project ?? ProjectRoot.startedFrom(file.path)
        self.outline = StateOutline(root: root)
        types = TranslatedTypes(
            declared: outline.dataIDs.union(outline.loopNames), stateNames: outline.nodes.values.map(\.name))
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
        let initial = initialNames(
            root["initial"], attribute: root.attribute("initial"), children: root.children, owner: nil)
        if let initial { screen.append(("initial_state", Self.names(initial))) }
        var states: [(String, YAMLTree)] = []
        for child in root.children {
            switch child.name {
            case _ where StateOutline.stateElements.contains(child.name):
                if let state = state(child) { states.append(state) }
            case "datamodel": datamodel(child)
            case "script": topLevelScript(child)
            default: checkElement(child, expected: [])
            }
        }
        // Names only a `<script>` declares: data from the start (null until assigned), sorted by name.
        for name in outline.scriptNames.sorted() { declare(name, .map([("type", .scalar("any"))])) }
        // A `<foreach>` that never runs a pass (its `array` no collection, or after an error ended its block) still
        // names its `item` and `index`, which conditions may read: data from the start, null, as SCXML's are.
        for name in outline.loopNames.sorted() where SCXMLNames.identifier(name) == name {
            declare(name, .map([("type", .scalar("any"))]))
        }
        screen.append(("states", withoutUnknownCancels(.map(states))))
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

    /// `states` without the `cancel_timer:` of an id no delayed send of the flow has (warning I009): SCXML's
    /// `<cancel>` of an undelayed send (already queued), of a send whose event no transition takes (emitted to
    /// the host when sent), or of one left out after an error cancels nothing.
    private mutating func withoutUnknownCancels(_ states: YAMLTree) -> YAMLTree {
        var unknown: Set<String> = []
        for (id, range) in cancels where !timerIDs.contains(id) {
            unknown.insert(id)
            diagnostics.append(
                .warning(
                    .decidedStatically,
                    "no delayed `<send>` the flow keeps has the id `\(id)` (none is written, or its event is "
                        + "emitted to the host, or it raises an error instead); SCXML cancels nothing here",
                    at: range))
        }
        guard !unknown.isEmpty else { return states }
        func pruned(_ tree: YAMLTree) -> YAMLTree {
            switch tree {
            case .scalar, .plain: return tree
            case .mapping(let entries):
                return .mapping(entries.map { YAMLEntry(key: $0.key, value: pruned($0.value)) })
            case .sequence(let items):
                return .sequence(
                    items.filter {
                        guard case .mapping(let entries) = $0, entries.count == 1, entries[0].key == "cancel_timer",
                            case .scalar(let id) = entries[0].value
                        else { return true }
                        return !unknown.contains(id)
                    }.map(pruned))
            }
        }
        return pruned(states)
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
                guard transition["target"]?.contains(where: { !$0.isWhitespace }) == true else {
                    // SCXML requires it: the default is where the history goes before its parent was ever left.
                    diagnostics.append(
                        .error(
                            .badAttribute,
                            "a history's `<transition>` needs a `target`: the state entered before any visit",
                            at: transition.range))
                    return (node.name, .map(entries))
                }
                if let alternative = self.transition(transition), case .mapping(let fields) = alternative {
                    entries.append(("default", .mapping(fields.filter { $0.key == "goto" || $0.key == "do" })))
                }
            }
            return (node.name, .map(entries))
        case .atomic, .compound: break
        }
        if node.kind == .compound,
            let initial = initialNames(
                element["initial"], attribute: element.attribute("initial"), children: element.children, owner: id)
        {
            entries.append(("initial", Self.names(initial)))
        }
        var onEntry: [YAMLTree] = []
        var onExit: [YAMLTree] = []
        var initialActions: [YAMLTree] = []
        var transitions: [(descriptors: [String], alternative: YAMLTree)] = []
        var always: [YAMLTree] = []
        var children: [(String, YAMLTree)] = []
        var lateValues: [(String, YAMLTree)] = []
        var invocations: [YAMLTree] = []
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
                let descriptors = handlerKeys(events, at: child.attribute("event")?.valueRange ?? child.range)
                if !descriptors.isEmpty { transitions.append((descriptors, alternative)) }
            case _ where StateOutline.stateElements.contains(child.name) && node.kind != .final:
                if let state = state(child) { children.append(state) }
            case "initial" where node.kind == .compound: initialActions = initialElement(child)
            case "datamodel": lateValues += datamodel(child, late: lateBinding)
            case "invoke" where node.kind != .final:
                invocations += invoke(child, state: node.name)
            case "donedata" where node.kind == .final:
                switch doneData(child) {
                case .value(let value): entries.append(("done_data", .scalar(value)))
                case .fails(let raised): onEntry += raised.map { [$0] } ?? []
                case .none: break
                }
            default: checkElement(child, expected: [])
            }
        }
        if !lateValues.isEmpty {
            // Late binding: the values are set before the state's first `on_enter`, once.
            let bound = "_bound_\(node.name)"
            declare(bound, .map([("type", .scalar("bool")), ("default", .plain("false"))]))
            let set: YAMLTree = .map([("set", .map(lateValues + [(bound, .scalar("true"))]))])
            onEntry.insert(.map([("if", .scalar("!\(bound)")), ("then", .sequence([set]))]), at: 0)
        }
        if !onEntry.isEmpty { entries.append(("on_enter", .sequence(onEntry))) }
        if !onExit.isEmpty { entries.append(("on_exit", .sequence(onExit))) }
        if !initialActions.isEmpty { entries.append(("initial_do", .sequence(initialActions))) }
        let handlers = Self.handlers(transitions)
        if !handlers.isEmpty { entries.append(("on", .map(handlers.map { ($0.0, .sequence($0.1)) }))) }
        if !always.isEmpty { entries.append(("always", .sequence(always))) }
        if !children.isEmpty { entries.append(("states", .map(children))) }
        if !invocations.isEmpty {
            entries.append(("invoke", invocations.count == 1 ? invocations[0] : .sequence(invocations)))
        }
        return (node.name, .map(entries))
    }

    /// The Segue names of the states entered first: the `initial` attribute's, the `<initial>` element's targets
    /// (several, or deeper than a child: Segue's `initial` takes those too), or the first child state (written out,
    /// so the flow does not depend on the default).
    mutating func initialNames(_ value: String?, attribute: XMLAttribute?, children: [XMLElement], owner: String?)
        -> [String]?
    {
        var written: (ids: String, range: SourceRange)?
        if let value, let attribute {
            written = (value, attribute.valueRange)
        } else if let element = children.first(where: { $0.name == "initial" }),
            let transition = element.children.first(where: { $0.name == "transition" }),
            let target = transition["target"]
        {
            written = (target, transition.attribute("target")?.valueRange ?? transition.range)
        }
        if let written {
            let names = written.ids.split(whereSeparator: \.isWhitespace).map {
                descendantName(String($0), of: owner, at: written.range)
            }
            return names.contains(nil) || names.isEmpty ? nil : names.compactMap { $0 }
        }
        let first = children.first { StateOutline.stateElements.contains($0.name) && $0.name != "history" }
        return first.flatMap { outline.id(of: $0) }.flatMap { outline.name(ofID: $0) }.map { [$0] }
    }

    /// An initial state lies inside the state whose `initial` names it (anywhere, for the document's).
    private mutating func descendantName(_ id: String, of owner: String?, at range: SourceRange) -> String? {
        guard let name = targetName(id, at: range) else { return nil }
        guard let owner else { return name }
        var ancestor = outline.nodes[id]?.parent
        while let current = ancestor, current != owner { ancestor = outline.nodes[current]?.parent }
        guard ancestor == owner else {
            diagnostics.append(.error(.missingState, "the initial state `\(id)` is not inside `\(owner)`", at: range))
            return nil
        }
        return name
    }

    /// One name as a scalar, several as a list.
    static func names(_ names: [String]) -> YAMLTree {
        names.count == 1 ? .scalar(names[0]) : .sequence(names.map { .scalar($0) })
    }

    /// Checks an `<initial>` element; its transition's actions become the state's `initial_do:`, run on a default
    /// entry after the state's `on_enter`.
    private mutating func initialElement(_ element: XMLElement) -> [YAMLTree] {
        checkAttributes(element)
        let transitions = element.children.filter { $0.name == "transition" }
        for child in element.children where child.name != "transition" { checkElement(child, expected: []) }
        guard transitions.count == 1, let transition = transitions.first else {
            diagnostics.append(.error(.badAttribute, "`<initial>` holds exactly one `<transition>`", at: element.range))
            return []
        }
        if transition["target"] == nil {
            diagnostics.append(
                .error(.badAttribute, "the `<initial>` transition needs a `target`", at: transition.range))
        }
        return block(transition.children)
    }

    /// The Segue name of a target id, or an I004 with the closest id.
    mutating func targetName(_ id: String, at range: SourceRange) -> String? {
        if let name = outline.name(ofID: id) { return name }
        let hint = Suggestion.closest(to: id, in: outline.order).map { "; did you mean `\($0)`?" } ?? ""
        diagnostics.append(.error(.missingState, "no state has the id `\(id)`\(hint)", at: range))
        return nil
    }

    /// Several targets of one transition (`target="a2 b2"`) must be able to be active together (`TargetSet`): in
    /// different regions of one `<parallel>`. SCXML calls anything else an illegal configuration (I004).
    mutating func legalTargetSet(_ ids: [String], at range: SourceRange) -> Bool {
        let nodes = outline.nodes
        guard
            let conflict = TargetSet.firstConflict(
                ids, parent: { nodes[$0]?.parent }, isParallel: { nodes[$0]?.kind == .parallel },
                topIsParallel: false)
        else { return true }
        diagnostics.append(
            .error(
                .missingState,
                "`target` names `\(conflict.earlier)` and `\(ids[conflict.index])`, but \(conflict.reason): the "
                    + "states of one transition lie in different regions of one `<parallel>`", at: range))
        return false
    }

    // MARK: data

    /// Declares flow data `name` (once; a later declaration of the same name is left out).
    mutating func declare(_ name: String, _ variable: YAMLTree) {
        guard declared.insert(name).inserted else { return }
        data.append((name, variable))
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
