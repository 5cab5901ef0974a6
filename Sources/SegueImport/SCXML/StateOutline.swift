import Foundation
import SegueDiagnostics
import SegueModel

/// The document's states before translation: each SCXML id with its Segue name, kind, parent, children and
/// eventless transitions, so targets can be checked and eventless cycles found before any YAML is written.
struct StateOutline {
    enum Kind: Equatable { case atomic, compound, parallel, final, history }

    struct Node {
        var id: String
        var name: String
        var kind: Kind
        var parent: String?
        var children: [String] = []
        var initial: String?
        /// Eventless transitions in document order: whether a `cond` guards them, and their target's id.
        var eventless: [(conditional: Bool, target: String?, range: SourceRange)] = []
        var range: SourceRange
    }

    static let stateElements: Set<String> = ["state", "parallel", "final", "history"]

    private(set) var nodes: [String: Node] = [:]
    private(set) var order: [String] = []
    /// Each state element's id by where the element starts, so finding it is one lookup.
    private var idsByOffset: [Int: String] = [:]
    private(set) var diagnostics: [Diagnostic] = []
    /// Every transition's event descriptors, as handler keys: an event none matches is discarded by SCXML. A
    /// `done.state.` descriptor no event can match (`neverFires`) is not among them.
    private(set) var descriptors: Set<String> = []
    /// The events `<raise>` and `<send>` write, as the flow names them.
    private var raised: Set<String> = []
    private var stateNames = NameAllocator(reserving: [])
    /// The document's event names as the flow's (one renaming, collision-free).
    private(set) var events = EventNames(written: [], stateNames: [:], invokeIDs: [])
    private var generated = 0
    private var transitions: [XMLElement] = []

    /// Every `<data>` id, wherever it is declared (SCXML binds them all at start-up), and `scriptNames`.
    private(set) var dataIDs: Set<String> = []
    /// The names an inline `<script>` declares with `var` and no `<data>` does: flow data too
    /// (`ECMAStatements`).
    private(set) var scriptNames: Set<String> = []
    /// The `item` and `index` names of every `<foreach>` (declared as data when no `<data>` is).
    private(set) var loopNames: Set<String> = []
    /// The `id` of every `<invoke>`: the sessions a `<send>` can reach as `#_<id>`.
    private(set) var invokeIDs: Set<String> = []
    /// The string literals each data id is given (`<data expr>`, `<assign expr>`), in document order, and the ids
    /// given anything else somewhere (a computed value, a `<foreach>` variable, an `idlocation`; any `<script>`
    /// makes every id such): `knownValues(of:)`.
    private var literals: [String: [String]] = [:]
    private var computed: Set<String> = []
    private var hasScript = false

    init(root: XMLElement) {
        var stateIDs: [String] = []
        var written: [(text: String, range: SourceRange)] = []
        var raisedNames: [String] = []
        func collect(_ element: XMLElement) {
            // An invoked chart is a document of its own: its data and sends are not this one's.
            if let location = element["idlocation"] { computed.insert(location) }
            if element.name == "invoke" {
                if let id = element["id"] { invokeIDs.insert(id) }
                return
            }
            noteValue(of: element)
            if element.name == "data", let id = element["id"] { dataIDs.insert(id) }
            if element.name == "script", element.attribute("src") == nil {
                scriptNames.formUnion(
                    ECMAStatements.declaredNames(element.text).filter { SCXMLNames.identifier($0) == $0 })
            }
            if Self.stateElements.contains(element.name), let id = element["id"] { stateIDs.append(id) }
            if ["transition", "raise", "send"].contains(element.name), let attribute = element.attribute("event") {
                for name in attribute.value.split(whereSeparator: \.isWhitespace) {
                    written.append((String(name), attribute.valueRange))
                    if element.name != "transition" { raisedNames.append(String(name)) }
                }
            }
            if element.name == "send", let attribute = element.attribute("eventexpr"),
                let name = SCXMLTranslator.literal(attribute.value)
            {
                written.append((name, attribute.valueRange))
                raisedNames.append(name)
            }
            if element.name == "foreach" {
                for name in [element["item"], element["index"]].compactMap({ $0 }) { loopNames.insert(name) }
            }
            element.children.forEach(collect)
        }
        collect(root)
        computed.formUnion(loopNames)
        scriptNames.subtract(dataIDs)
        dataIDs.formUnion(scriptNames)
        stateNames = NameAllocator(reserving: stateIDs)
        for child in root.children where Self.stateElements.contains(child.name) { _ = add(child, parent: nil) }
        events = EventNames(
            written: written, stateNames: nodes.mapValues(\.name), invokeIDs: invokeIDs)
        diagnostics += events.diagnostics
        completingNames = Set(
            nodes.values.filter { node in
                node.kind == .parallel
                    || node.kind == .compound && node.children.contains { nodes[$0]?.kind == .final }
            }.map(\.name))
        raised = Set(raisedNames.map(events.event))
        for transition in transitions {
            for descriptor in (transition["event"] ?? "").split(whereSeparator: \.isWhitespace) {
                descriptors.insert(events.descriptor(String(descriptor)))
            }
        }
        descriptors = descriptors.filter { !neverFires($0) }
    }

    /// The Segue names of the states SCXML raises `done.state.<id>` for: a compound state with a final child, a
    /// parallel state (with regions). The flow's handler keys name these only (C602).
    private(set) var completingNames: Set<String> = []

    /// Whether a handler key is `done.state.<name>` for a state SCXML never raises it for (none of that name, or
    /// one with no final child) while no `<raise>` or `<send>` of the document writes such an event: SCXML's
    /// transition simply never fires, so the flow leaves it out.
    func neverFires(_ descriptor: String) -> Bool {
        guard doneStateName(descriptor) != nil else { return false }
        return !raised.contains { $0 == descriptor || $0.hasPrefix(descriptor + ".") }
    }

    /// The state a `done.state.<name>` handler key names when that state raises no such event; nil for any other
    /// key (`done.state`, `done.state.*`, a completing state's).
    func doneStateName(_ descriptor: String) -> String? {
        guard descriptor.hasPrefix(EventDescriptor.donePrefix) else { return nil }
        let name = String(descriptor.dropFirst(EventDescriptor.donePrefix.count))
        guard !name.isEmpty, name != "*", !completingNames.contains(name) else { return nil }
        return name
    }

    /// Every value the data `id` can hold, when the document gives it only string literals (nil otherwise): the
    /// values an `<invoke srcexpr>` reading it can name, known at import time.
    func knownValues(of id: String) -> [String]? {
        guard !hasScript, !computed.contains(id), dataIDs.contains(id) else { return nil }
        var seen: Set<String> = []
        return (literals[id] ?? []).filter { seen.insert($0).inserted }
    }

    /// Notes the value a `<data>` or `<assign>` gives its id, and any `<script>`.
    private mutating func noteValue(of element: XMLElement) {
        let target: String?
        switch element.name {
        case "data": target = element["id"]
        case "assign": target = element["location"]
        case "script":
            hasScript = true
            return
        default: return
        }
        guard let target else { return }
        if let expr = element["expr"], let literal = SCXMLTranslator.literal(expr) {
            literals[target, default: []].append(literal)
        } else if element.name == "assign" || element["expr"] != nil || element["src"] != nil
            || !element.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        {
            computed.insert(target)
        }
    }

    /// The id an element is known by: its own, or one made up for a state written without.
    func id(of element: XMLElement) -> String? {
        idsByOffset[element.range.start.offset]
    }

    func name(ofID id: String) -> String? { nodes[id]?.name }

    private mutating func add(_ element: XMLElement, parent: String?) -> String? {
        let id: String
        if let given = element["id"], !given.isEmpty {
            id = given
        } else {
            generated += 1
            id = "_state\(generated)"
        }
        let range = element.attribute("id")?.valueRange ?? element.range
        if let existing = nodes[id] {
            diagnostics.append(
                .error(
                    .badIdentifier, "the state id `\(id)` is declared twice", at: range,
                    notes: [DiagnosticNote("first declared here", at: existing.range)]))
            return nil
        }
        let (name, displaced) = stateNames.name(for: id)
        if let displaced {
            diagnostics.append(
                .warning(
                    .badIdentifier,
                    "the state ids `\(displaced)` and `\(id)` would both become `\(displaced)` in the flow; "
                        + "`\(id)` is `\(name)` there", at: range))
        }
        let stateChildren = element.children.filter { Self.stateElements.contains($0.name) }
        let kind: Kind
        switch element.name {
        // A `<parallel>` without regions has nothing to run in parallel: it is entered and left as an atomic state.
        case "parallel": kind = stateChildren.isEmpty ? .atomic : .parallel
        case "final": kind = .final
        case "history": kind = .history
        default: kind = stateChildren.isEmpty ? .atomic : .compound
        }
        var node = Node(id: id, name: name, kind: kind, parent: parent, range: element.range)
        node.initial = element["initial"]
        if node.initial == nil, let initialElement = element.children.first(where: { $0.name == "initial" }) {
            node.initial = initialElement.children.first { $0.name == "transition" }?["target"]
        }
        transitions += element.children.filter { $0.name == "transition" }
        for transition in element.children where transition.name == "transition" && transition["event"] == nil {
            node.eventless.append((transition["cond"] != nil, transition["target"], transition.range))
        }
        nodes[id] = node
        order.append(id)
        idsByOffset[element.range.start.offset] = id
        for child in stateChildren {
            if let childID = add(child, parent: id) { nodes[id]?.children.append(childID) }
        }
        return id
    }

    /// Whether some transition of the document takes `event` (`done.state.x` too, by the same matching): one
    /// lookup per prefix of the name, not one match per descriptor.
    func handles(_ event: String) -> Bool {
        descriptors.contains(event + ".*")
            || EventDescriptor.dispatchName(for: event) { descriptors.contains($0) } != nil
    }

    /// The state a compound state enters by default: its `initial`, else its first child that is not history.
    func defaultChild(of id: String) -> String? {
        guard let node = nodes[id] else { return nil }
        if let initial = node.initial { return initial.split(separator: " ").first.map(String.init) }
        return node.children.first { nodes[$0]?.kind != .history }
    }

    /// Eventless transitions that are certain to fire again and again: from every atomic state, follow the first
    /// eventless transition on its way up (stopping at a guarded one, a history or a parallel entry, which may
    /// settle); coming back to a state already passed is a cycle.
    func eventlessCycles() -> [Diagnostic] {
        var reported: Set<Set<String>> = []
        var found: [Diagnostic] = []
        for start in order where nodes[start]?.kind == .atomic {
            var seen: [String] = []
            var leaf = start
            while true {
                guard let step = firstEventless(from: leaf) else { break }
                if step.conditional { break }
                if seen.contains(leaf) {
                    let cycle = Array(seen.drop { $0 != leaf })
                    if reported.insert(Set(cycle)).inserted {
                        let path = (cycle + [leaf]).map { nodes[$0]?.id ?? $0 }
                        found.append(
                            .error(
                                .eventlessCycle,
                                "eventless transitions without `cond` loop forever: \(path.joined(separator: " → "))",
                                at: step.range))
                    }
                    break
                }
                seen.append(leaf)
                guard let target = step.target else { continue }  // targetless: fires again in the same state
                guard let entered = defaultLeaf(of: target) else { break }
                leaf = entered
            }
        }
        return found
    }

    private func firstEventless(from leaf: String) -> (conditional: Bool, target: String?, range: SourceRange)? {
        var current: String? = leaf
        while let id = current, let node = nodes[id] {
            if let first = node.eventless.first { return first }
            current = node.parent
        }
        return nil
    }

    /// The atomic state entering `id` ends in, when there is exactly one.
    private func defaultLeaf(of id: String) -> String? {
        var current = id
        while let node = nodes[current] {
            switch node.kind {
            case .atomic, .final: return current
            case .compound:
                guard let child = defaultChild(of: current) else { return nil }
                current = child
            case .parallel, .history: return nil
            }
        }
        return nil
    }
}
