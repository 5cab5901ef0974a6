import SegueDiagnostics
import SegueExpression
import SegueFrontEnd
import SegueModel

/// Validates a decoded flow: references, expression types, navigation legality, reachability and unhandled outcomes.
///
///     let checker = Checker(flow: flow, sources: [file])
///     let diagnostics = checker.check()   // C… codes, plus the expression language's X… codes
public struct Checker: Sendable {
    /// A flow has screens and a start; a library only lends components, types and events to the flows importing it.
    public typealias Role = FlowRole

    public var flow: Flow
    public var imported: ImportedDefinitions
    public var role: Role
    /// The files the flow and its imports were read from, so positions inside expressions map to exact columns.
    public var sources: [SourceFile]

    public init(
        flow: Flow, imported: ImportedDefinitions = ImportedDefinitions(), role: Role = .flow,
        sources: [SourceFile] = []
    ) {
        self.flow = flow
        self.imported = imported
        self.role = role
        self.sources = sources
    }

    /// Every problem found, in source order.
    public func check() -> [Diagnostic] {
        var run = CheckRun(flow: flow, imported: imported, role: role, sources: sources)
        run.checkAll()
        return run.diagnostics.sortedBySource()
    }

    /// Checks the flow; one with no error comes back as a `CheckedFlow`, ready to compile.
    ///
    ///     let (checked, diagnostics) = Checker(flow: flow).checkedFlow()
    public func checkedFlow() -> (checked: CheckedFlow?, diagnostics: [Diagnostic]) {
        let outcome = resolved()
        return (outcome.checked, outcome.diagnostics)
    }

    /// Checks the flow, keeping the names it bound (`SymbolTable`) whether or not it found errors.
    public func resolved() -> (checked: CheckedFlow?, diagnostics: [Diagnostic], symbols: SymbolTable) {
        var run = CheckRun(flow: flow, imported: imported, role: role, sources: sources)
        run.checkAll()
        run.symbols.finish()
        let diagnostics = run.diagnostics.sortedBySource()
        guard role == .flow, !diagnostics.hasErrors, let checked = run.checked(sources: sources) else {
            return (nil, diagnostics, run.symbols)
        }
        return (checked, diagnostics, checked.symbols)
    }

    /// The flow as the checker resolved it, even when the checks found errors: for tests of how the runner copes
    /// with what the checker refuses (a `pop` at a navigation root), through `@testable` only; nil when `start`
    /// names no screen.
    func checkedDespiteErrors() -> CheckedFlow? {
        var run = CheckRun(flow: flow, imported: imported, role: role, sources: sources)
        run.checkAll()
        run.symbols.finish()
        return run.checked(sources: sources)
    }
}

/// The state of one check: symbol tables built once, and the diagnostics found so far.
struct CheckRun {
    let flow: Flow
    let role: Checker.Role
    let files: [String: SourceFile]
    let types: TypeResolver
    /// Local components first, then imported ones not shadowed (duplicates are reported).
    let components: [String: Component]
    let localComponentNames: Set<String>
    let events: [String: EventDeclaration]
    /// Screens by name, their actions and the components they show, computed once.
    let index: FlowIndex
    let services: [String: ServiceDeclaration]
    /// The flow's data variables and their types.
    let flowData: [String: ValueType]
    /// Each flow data variable's position in `Flow.data` (the keys of one mapping), where writes go.
    let flowDataPositions: [String: Int]
    /// What every expression sees: the flow's data, `device` and `theme` (built once, shared by every scope).
    let baseBindings: [String: ValueType]
    /// What the names of `baseBindings` the flow declares name.
    let baseSymbols: [String: SymbolID]
    /// Every name checked so far bound to what it names.
    var symbols = SymbolTable()
    /// The names of the flow's own functions, called or not (one in a cycle is left out of `functions`).
    let functionNames: Set<String>
    /// The record types declared in the flow and its imports, which type annotations name.
    let recordTypeNames: Set<String>
    /// For events raised only by `send` and not declared: the fields some `send` passes.
    let sentFields: [String: [String]]
    /// Events declared in imported files.
    let importedEvents: [EventDeclaration]
    var diagnostics: [Diagnostic] = []
    /// Each screen's state names, by screen name, gathered once: every `goto` asks (a chart of thousands of states
    /// has thousands of `goto`s).
    var stateNamesByScreen: [String: Set<String>] = [:]
    /// Every expression checked, with its scope and type, when asked for (`Checker.expressionSites()`); nil otherwise.
    var sites: [ExpressionSite]?
    /// Raised events their screens do not take, for C103 once the possible stacks are known.
    var unhandledEvents: [UnhandledEvent] = []
    /// Where each non-trivial expression is written, for C508.
    var repeated = RepeatedExpressions()
    /// The named value whose expression is being checked, if any.
    var namingValue: String?
    /// Whether a record type's computed field is being checked: its names are the record's, not the flow's.
    var checkingRecordType = false
    /// Every expression parsed, reads of computed fields lowered, by number, for the compiler
    /// (`CheckedFlow.syntax(of:)`).
    var lowered = LoweredExpressions()
    /// The steps of each `set:` key and list action's target with steps, typed and parsed, by where the key is written.
    var writeSteps: [SourceRange: [WriteStep]] = [:]
    /// Keys whose steps the resolution found unchecked (C900 when nothing else is wrong).
    var unparsedWrites: [Name] = []
    /// Each screen's elements, handlers and states resolved, in the order of `flow.screens`; a screen that does not
    /// resolve is left out (its errors were reported), and with it the `CheckedFlow`.
    var resolvedScreens: [ResolvedScreen] = []
    /// Each component's elements resolved once for each screen showing it; nil for one that shows itself or uses an
    /// unknown component.
    var resolvedComponents: [ComponentPlace: [ResolvedElement]?] = [:]
    /// The flow's own `on:` and `on_error`, resolved.
    var resolvedFlowHandlers: [ResolvedHandler] = []
    var resolvedFlowOnError: [ResolvedAction]?
    /// How many names resolution missed (each reported by the check of that name): a `CheckedFlow` needs none.
    var unresolvedNames = 0
    /// The flow's own functions, typed (`functions:`); one in a cycle or with an error is left out.
    let functions: [String: FlowFunction]

    init(flow: Flow, imported: ImportedDefinitions, role: Checker.Role, sources: [SourceFile]) {
        self.flow = flow
        self.role = role
        self.files = Dictionary(sources.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.types = TypeResolver(types: flow.types + imported.types)
        var components: [String: Component] = [:]
        for component in flow.components where components[component.name.text] == nil {
            components[component.name.text] = component
        }
        for component in imported.components where components[component.name.text] == nil {
            components[component.name.text] = component
        }
        self.components = components
        self.localComponentNames = Set(flow.components.map(\.name.text))
        var events: [String: EventDeclaration] = [:]
        for event in flow.events + imported.events where events[event.name.text] == nil {
            events[event.name.text] = event
        }
        self.events = events
        self.importedEvents = imported.events
        self.index = FlowIndex(screens: flow.screens, components: components)
        self.services = Dictionary(flow.services.map { ($0.name.text, $0) }, uniquingKeysWith: { first, _ in first })
        let resolver = self.types
        self.flowData = Dictionary(
            flow.data.map { ($0.name.text, resolver.lenient($0.type.text)) }, uniquingKeysWith: { first, _ in first })
        self.flowDataPositions = Dictionary(
            flow.data.enumerated().map { ($1.name.text, $0) }, uniquingKeysWith: { _, last in last })
        var (bindings, symbols) = Scope.baseBindings(flowData)
        let functions = Self.functionTypes(flow.functions, resolver: resolver).functions
        self.functions = functions
        self.functionNames = Set(flow.functions.map(\.name.text))
        self.recordTypeNames = Set((flow.types + imported.types).map(\.name.text))
        // Named values after data, `device` and `theme`: a name they already have keeps its meaning (C503 reports it).
        for (name, type) in Self.namedValueTypes(flow.lets, in: bindings, functions: functions).types
        where bindings[name] == nil {
            bindings[name] = type
            symbols[name] = SymbolID(.namedValue, name)
        }
        self.baseBindings = bindings
        self.baseSymbols = symbols
        self.sentFields = Self.sentFields(flow: flow, components: components, index: index)
        reportImportCollisions(imported)
    }

    /// The payload fields of undeclared events that only `send` raises (paging and playback events excluded, and
    /// events some `send` gives a whole `data:` value, whose payload is any value).
    private static func sentFields(flow: Flow, components: [String: Component], index: FlowIndex) -> [String: [String]]
    {
        var fields: [String: Set<String>] = [:]
        var raisedOtherwise: Set<String> = []
        func collect(_ actions: [Action]) {
            for action in actions {
                guard case .send(let event, let arguments, _, let options) = action.kind, !event.text.isEmpty else {
                    continue
                }
                fields[event.text, default: []].formUnion(arguments.map(\.name.text))
                if options?.data != nil { raisedOtherwise.insert(event.text) }
            }
        }
        collect(Inventory.flatten((flow.onError ?? []) + Inventory.handlerActions(flow.handlers)))
        for position in flow.screens.indices {
            collect(index.sends(at: position))
            if let end = flow.screens[position].playback?.endEvent { raisedOtherwise.insert(end.text) }
            for element in Inventory.elements(flow.screens[position].elements) {
                if case .list(let list) = element.kind, let paging = list.paging {
                    raisedOtherwise.insert(paging.nearEnd.text)
                }
            }
        }
        for component in components.values {
            collect(index.componentActions[component.name.text] ?? [])
            for element in Inventory.elements(component.elements) {
                if case .list(let list) = element.kind, let paging = list.paging {
                    raisedOtherwise.insert(paging.nearEnd.text)
                }
            }
        }
        return fields.filter { !raisedOtherwise.contains($0.key) }.mapValues { $0.sorted() }
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    mutating func checkAll() {
        checkFunctions()
        checkDeclarations()
        for component in flow.components { checkComponent(component) }
        lowerImportedComponents()
        // One resolved screen per screen: growing the list by doubling would hold up to twice the room at the peak.
        resolvedScreens.reserveCapacity(flow.screens.count)
        for position in flow.screens.indices { checkScreen(at: position) }
        checkFlowHandlers()
        resolvedFlowHandlers = resolveHandlers(flow.handlers, in: .flow)
        resolvedFlowOnError = flow.onError.map { resolveActions($0, in: .flow) }
        checkMessages()
        reportRepeatedExpressions()
        guard role == .flow else { return checkUnhandledEvents(analysis: nil) }
        checkStart()
        checkUnhandledEvents(analysis: checkNavigation())
        reportUncheckedExpressions()
    }

    /// Imported components are checked in their own file; here they are only typed, so their expressions reach the
    /// compiler parsed and their reads of computed fields lowered like the flow's own (their diagnostics, sends and
    /// repeats are their file's). What depends on the screens showing one is known only here, and kept: the states
    /// its `goto`s enter (C102), the timers it cancels (C119), the playback it plays (C121), at its file's positions.
    private mutating func lowerImportedComponents() {
        let imported = components.values.filter { !localComponentNames.contains($0.name.text) }
        guard !imported.isEmpty else { return }
        let (kept, pending, written, collected, bound) = (diagnostics, unhandledEvents, repeated, sites, symbols)
        sites = nil
        for component in imported.sorted(by: { $0.name.text < $1.name.text }) { checkComponent(component) }
        let onScreens = diagnostics[kept.count...].filter { Self.codesOfShowingScreens.contains($0.code) }
        (diagnostics, unhandledEvents, repeated, sites, symbols) = (
            kept + onScreens, pending, written, collected, bound
        )
    }

    /// The findings about a component that depend on the screens showing it.
    private static let codesOfShowingScreens: Set<String> = [
        CheckCode.unknownState, CheckCode.unknownTimer, CheckCode.playWithoutPlayback,
    ]

    /// A component, type or event defined twice across this file and its imports.
    private mutating func reportImportCollisions(_ imported: ImportedDefinitions) {
        func collide(_ kind: String, _ local: [Name], _ others: [Name]) -> [Diagnostic] {
            var seen = Dictionary(local.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
            var found: [Diagnostic] = []
            for name in others {
                if let first = seen[name.text] {
                    found.append(
                        .error(
                            CheckCode.duplicateImport, "\(kind) `\(name.text)` is defined more than once",
                            at: first.range, notes: [DiagnosticNote("also defined here", at: name.range)]))
                } else {
                    seen[name.text] = name
                }
            }
            return found
        }
        diagnostics += collide("component", flow.components.map(\.name), imported.components.map(\.name))
        diagnostics += collide("type", flow.types.map(\.name), imported.types.map(\.name))
        diagnostics += collide("event", flow.events.map(\.name), imported.events.map(\.name))
    }

    /// The flow with what this run resolved, for the compiler; nil when `start` names no screen (`checkStart`
    /// reported it).
    func checked(sources: [SourceFile]) -> CheckedFlow? {
        guard let start = index.positions[flow.start.text], resolvedScreens.count == flow.screens.count,
            unresolvedNames == 0, let expressions = handedOverExpressions
        else {
            return nil
        }
        var seen: Set<String> = []
        let events = (flow.events + importedEvents).filter { seen.insert($0.name.text).inserted }
        return CheckedFlow(
            flow: flow, start: ScreenID(position: start), screens: resolvedScreens,
            handlers: resolvedFlowHandlers, onError: resolvedFlowOnError, components: components, events: events,
            sources: sources, expressions: expressions,
            computedFields: types.computedFields, functions: functions, symbols: symbols)
    }

    /// The scope of a screen, component or the flow before its own names: flow data, `device`, `theme`.
    func baseScope(_ owner: Scope.Owner) -> Scope {
        var scope = Scope(
            owner: owner, bindings: baseBindings, variables: flowData, fields: [], errorHandled: false,
            functions: functions)
        scope.symbols = baseSymbols
        return scope
    }

    /// The first screen named `name`, if any.
    func screen(named name: String) -> Screen? {
        index.positions[name].map { flow.screens[$0] }
    }

    /// Whether some screen is named `name`.
    func hasScreen(_ name: String) -> Bool { index.positions[name] != nil }

    /// The source file a range points into, if it was given.
    func file(_ range: SourceRange) -> SourceFile? { files[range.path] }
}

extension Array where Element == Name {
    var texts: [String] { map(\.text) }
}
