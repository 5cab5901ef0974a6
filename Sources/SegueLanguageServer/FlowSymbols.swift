import SegueDiagnostics
import SegueModel

/// What a name in a flow file names.
enum SymbolKind: String, Sendable {
    case screen, event, data, component, state, service, type, element
}

/// One place a name is written: where it is declared, or where it is used.
struct SymbolOccurrence: Sendable {
    var kind: SymbolKind
    /// Identifies the symbol across files: `screen:donate`, `state:record:recording` (a state of screen `record`), `data:donate/latest`.
    var key: String
    var name: String
    var range: SourceRange
    var isDeclaration: Bool
}

/// Every declaration and use of screens, events, data, components, states, services and types in one flow, found
/// by walking the decoded model (the decoder keeps each name's range).
struct FlowSymbols {
    private(set) var occurrences: [SymbolOccurrence] = []
    private var flowData: Set<String> = []
    private var file: SourceFile?
    /// Element id → the component declaring it, for `form.x` on a screen that shows the component's field.
    private var elementOwners: [String: String] = [:]
    /// Screen → the ids of its own elements.
    private var screenElements: [String: Set<String>] = [:]

    /// `file` is the flow's source, to place names read inside expressions (without it they are not indexed).
    init(flow: Flow, file: SourceFile? = nil) {
        flowData = Set(flow.data.map(\.name.text) + flow.lets.map(\.name.text))
        self.file = file
        elementOwners = Dictionary(
            flow.components.flatMap { component in component.elements.map { ($0.id.text, component.name.text) } },
            uniquingKeysWith: { first, _ in first })
        add(.screen, "screen", flow.start, declaration: false)
        for screen in flow.screens { add(.screen, "screen", screen.name, declaration: true) }
        for event in flow.events { add(.event, "event", event.name, declaration: true) }
        for type in flow.types { add(.type, "type", type.name, declaration: true) }
        for service in flow.services { add(.service, "service", service.name, declaration: true) }
        for variable in flow.data { add(.data, "data", variable.name, declaration: true) }
        for named in flow.lets { add(.data, "data", named.name, declaration: true) }
        for component in flow.components {
            add(.component, "component", component.name, declaration: true)
            for element in component.elements where element.keyword != "use" {
                add(.element, "element:\(component.name.text)", element.id, declaration: true)
            }
            let scope = Scope(owner: component.name.text, data: Set(component.lets.map(\.name.text)))
            for named in component.lets { addData(named.name, scope: scope, declaration: true) }
            walk(component.elements, scope: scope)
        }
        walk(flow.onError ?? [], scope: Scope(owner: "", data: []))
        walk(flow.handlers, scope: Scope(owner: "", data: []))
        for screen in flow.screens { walk(screen) }
        guard let file else { return }
        for read in ExpressionNames.types(
            in: (flow.types, flow.events, flow.data, flow.services, flow.components, flow.screens), file: file)
        {
            add(.type, "type", Name(read.name, at: read.range), declaration: false)
        }
        let flowScope = Scope(owner: "", data: [])
        for read in ExpressionNames.reads(in: (flow.data, flow.lets, flow.invariants, flow.onError as Any), file: file)
        where flowData.contains(read.name) {
            addData(Name(read.name, at: read.range), scope: flowScope, declaration: false)
        }
        for screen in flow.screens {
            let local = Set(screen.data.map(\.name.text) + screen.lets.map(\.name.text))
            let parameters = Set(screen.parameters.map(\.name.text))
            let scope = Scope(owner: screen.name.text, data: local)
            for read in ExpressionNames.reads(in: screen, file: file)
            where local.contains(read.name) || flowData.contains(read.name) && !parameters.contains(read.name) {
                addData(Name(read.name, at: read.range), scope: scope, declaration: false)
            }
            for field in ExpressionNames.members(of: .form, in: screen, file: file) {
                addElement(Name(field.name, at: field.range), in: screen)
            }
            for state in ExpressionNames.members(of: .state, in: screen, file: file) {
                add(.state, "state:\(screen.name.text)", Name(state.name, at: state.range), declaration: false)
            }
        }
        for component in flow.components where !component.lets.isEmpty {
            let scope = Scope(owner: component.name.text, data: Set(component.lets.map(\.name.text)))
            for read in ExpressionNames.reads(in: component, file: file) where scope.data.contains(read.name) {
                addData(Name(read.name, at: read.range), scope: scope, declaration: false)
            }
        }
    }

    /// The names a screen or component's actions resolve against.
    private struct Scope {
        var owner: String
        var data: Set<String>
    }

    private mutating func add(_ kind: SymbolKind, _ prefix: String, _ name: Name, declaration: Bool) {
        guard !name.text.isEmpty, name.range != .synthesized else { return }
        occurrences.append(
            SymbolOccurrence(
                kind: kind, key: "\(prefix):\(name.text)", name: name.text, range: name.range,
                isDeclaration: declaration))
    }

    private mutating func addData(_ name: Name, scope: Scope, declaration: Bool) {
        let key =
            scope.data.contains(name.text) || !flowData.contains(name.text) && !scope.owner.isEmpty
            ? "data:\(scope.owner)/\(name.text)" : "data:\(name.text)"
        guard name.range != .synthesized else { return }
        occurrences.append(
            SymbolOccurrence(kind: .data, key: key, name: name.text, range: name.range, isDeclaration: declaration))
    }

    /// `form.x` names the element `x` of the screen, or of a component it shows.
    private mutating func addElement(_ name: Name, in screen: Screen) {
        addElement(name, owner: screen.name.text)
    }

    private mutating func addElement(_ name: Name, owner: String) {
        let declaring =
            screenElements[owner]?.contains(name.text) == true ? owner : elementOwners[name.text] ?? owner
        add(.element, "element:\(declaring)", name, declaration: false)
    }

    /// A `set:` target: a variable (`latest`, or `entry` of `entry.text`) or a form field (`form.name`).
    private mutating func addTarget(_ name: Name, scope: Scope) {
        let parts = name.text.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let file, name.range.start.offset >= 0,
            name.range.end.offset <= file.bytes.count,
            String(decoding: file.bytes[name.range.start.offset..<name.range.end.offset], as: UTF8.self) == name.text
        else {
            if parts.count < 2 { addData(name, scope: scope, declaration: false) }
            return
        }
        func part(_ start: Int, _ text: String) -> Name {
            let offset = name.range.start.offset + start
            return Name(
                text,
                at: SourceRange(
                    path: name.range.path, start: file.location(ofOffset: offset),
                    end: file.location(ofOffset: offset + text.utf8.count)))
        }
        if parts[0] == ImplicitName.form.rawValue {
            addElement(part(parts[0].utf8.count + 1, parts[1]), owner: scope.owner)
        } else {
            addData(part(0, parts[0]), scope: scope, declaration: false)
        }
    }

    private mutating func walk(_ screen: Screen) {
        let scope = Scope(owner: screen.name.text, data: Set(screen.data.map(\.name.text)))
        for variable in screen.data { addData(variable.name, scope: scope, declaration: true) }
        for named in screen.lets { addData(named.name, scope: scope, declaration: true) }
        for element in screen.elements where element.keyword != "use" {
            add(.element, "element:\(screen.name.text)", element.id, declaration: true)
            screenElements[screen.name.text, default: []].insert(element.id.text)
        }
        walk(screen.onEnter + screen.onExit + (screen.onError ?? []), scope: scope)
        walk(screen.handlers, scope: scope)
        walk(screen.elements, scope: scope)
        if let chart = screen.states { walk(chart, scope: scope) }
    }

    private mutating func walk(_ chart: StateChart, scope: Scope) {
        let prefix = "state:\(scope.owner)"
        for initial in chart.initial { add(.state, prefix, initial, declaration: false) }
        for state in chart.states {
            add(.state, prefix, state.name, declaration: true)
            walk(state.onEnter + state.onExit + state.initialActions, scope: scope)
            walk(state.handlers, scope: scope)
            walk(state.always + (state.historyDefault.map { [$0] } ?? []), scope: scope)
            if let children = state.children { walk(children, scope: scope) }
        }
    }

    private mutating func walk(_ handlers: [Handler], scope: Scope) {
        for handler in handlers {
            add(.event, "event", handler.event, declaration: false)
            walk(handler.alternatives, scope: scope)
        }
    }

    /// Transitions: the state each enters (`goto:` as a key) and their actions.
    private mutating func walk(_ transitions: [GuardedActions], scope: Scope) {
        for transition in transitions {
            if let target = transition.target { add(.state, "state:\(scope.owner)", target, declaration: false) }
            walk(transition.actions, scope: scope)
        }
    }

    private mutating func walk(_ elements: [Element], scope: Scope) {
        for element in elements {
            walk(element.tap ?? [], scope: scope)
            switch element.kind {
            case .component(let use): add(.component, "component", use.component, declaration: false)
            case .list(let list): add(.component, "component", list.item.component, declaration: false)
            case .lines(let lines):
                if let item = lines.item { add(.component, "component", item.component, declaration: false) }
                walk(lines.footer, scope: scope)
            case .slider(let slider): walk(slider.change ?? [], scope: scope)
            case .picker(let picker): walk(picker.change ?? [], scope: scope)
            case .field(let field): walk(field.change ?? [], scope: scope)
            default: break
            }
        }
    }

    private mutating func walk(_ actions: [Action], scope: Scope) {
        for action in actions {
            switch action.kind {
            case .navigate(let navigation):
                if let target = navigation.target { add(.screen, "screen", target, declaration: false) }
                walk(navigation.onResult ?? [], scope: scope)
            case .goto(let state): add(.state, "state:\(scope.owner)", state, declaration: false)
            case .set(let assignments):
                for assignment in assignments { addTarget(assignment.name, scope: scope) }
            case .send(let event, _, _, let options):
                if !event.text.isEmpty { add(.event, "event", event, declaration: false) }
                if let location = options?.idLocation { addData(location, scope: scope, declaration: false) }
            case .call(let call):
                add(.service, "service", call.service, declaration: false)
                if let result = call.resultVariable { addData(result, scope: scope, declaration: false) }
                walk((call.ok ?? []) + (call.error ?? []) + (call.cancelled ?? []), scope: scope)
                for branch in call.codes { walk(branch.actions, scope: scope) }
            case .branch(_, let then, let otherwise): walk(then + otherwise, scope: scope)
            case .timer(let timer): walk(timer.actions, scope: scope)
            case .forEach(let loop): walk(loop.actions, scope: scope)
            default: break
            }
        }
    }

    /// The occurrence whose name holds the byte `offset` of the file at `path`.
    func occurrence(at offset: Int, in path: String) -> SymbolOccurrence? {
        occurrences.first { $0.range.path == path && $0.range.start.offset <= offset && offset <= $0.range.end.offset }
    }

    func occurrences(of key: String) -> [SymbolOccurrence] { occurrences.filter { $0.key == key } }

    /// Declared names of one kind (for completion), in file order, without repeats.
    func names(_ kind: SymbolKind, keyPrefix: String? = nil, declaredOnly: Bool = false) -> [String] {
        var seen: Set<String> = []
        return occurrences.filter {
            $0.kind == kind && (!declaredOnly || $0.isDeclaration) && (keyPrefix.map($0.key.hasPrefix) ?? true)
        }.map(\.name).filter { seen.insert($0).inserted }
    }
}
