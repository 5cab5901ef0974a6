import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueFrontEnd
import SegueModel

/// Where code is compiled: which screen's names are in scope, and which names are bound locally.
struct CompileContext {
    var screen: Int?
    var locals: Set<String> = []
}

/// The compiler's working state; one per compilation.
struct ProgramBuilder {
    let checked: CheckedFlow
    var flow: Flow { checked.flow }
    var program: Program
    /// Call branches and timer bodies waiting to be emitted after the list they belong to.
    var deferred: [DeferredBlock] = []

    init(checked: CheckedFlow) {
        self.checked = checked
        let flow = checked.flow
        program = Program(
            flowID: flow.id.text, start: 0, screens: [], screenIndex: [:], events: [], eventIndex: [:], data: [],
            dataIndex: [:], code: [], expressions: [], onError: nil, timerNames: [], theme: flow.theme,
            defaultsService: nil, services: [:], emptyCodes: [:])
        program.sessionName = flow.title ?? flow.id.text
        program.computedFields = checked.computedFields
        program.functions = checked.functions
    }

    mutating func build() {
        for service in flow.services {
            program.services[service.name.text] = service.kind
            if service.kind == .defaults, program.defaultsService == nil { program.defaultsService = service.name.text }
            let empty = service.codes.filter { $0.outcome == .empty }.map(\.code.text)
            if !empty.isEmpty { program.emptyCodes[service.name.text] = empty }
        }
        for declaration in checked.events { _ = event(declaration.name.text) }
        for (index, screen) in flow.screens.enumerated() { program.screenIndex[screen.name.text] = index }
        program.start = checked.start.position
        let root = CompileContext(screen: nil)
        for declaration in flow.data {
            program.dataIndex[declaration.name.text] = program.data.count
            program.data.append(variable(declaration, context: root))
        }
        (program.lets, program.letIndex) = namedValues(flow.lets, context: root)
        program.locale = flow.locale?.text
        program.messageOverrides = MessageBook.overrides(from: flow.messages)
        program.screens = flow.screens.indices.map { skeleton(at: $0) }
        for index in flow.screens.indices { compileScreen(index) }
        program.onError = checked.onError.map { list($0, context: root) }
        compileProperties(context: root)
        program.handlers = handlers(checked.handlers, context: root)
        compilePlaybackEntry()
        finishHandlerTables()
    }

    /// The flow's properties, compiled like any flow-level expression (computed fields lowered by the checker).
    mutating func compileProperties(context: CompileContext) {
        for (kind, declared) in [
            (PropertyProgram.Kind.invariant, flow.invariants), (.reachable, flow.reachable),
            (.alwaysPossible, flow.alwaysPossible),
        ] {
            for property in declared {
                program.properties.append(
                    PropertyProgram(
                        kind: kind, name: property.name.text, message: property.message,
                        condition: expression(property.condition, context: context), range: property.range))
            }
        }
        program.formFieldNames = Set(program.screens.flatMap { $0.fields.map(\.name) }).sorted()
    }

    // MARK: names

    mutating func event(_ name: String) -> Int {
        if let id = program.eventIndex[name] { return id }
        program.eventIndex[name] = program.events.count
        program.events.append(name)
        return program.events.count - 1
    }

    mutating func timerName(_ name: String) -> Int {
        if let id = program.timerNames.firstIndex(of: name) { return id }
        program.timerNames.append(name)
        return program.timerNames.count - 1
    }

    mutating func variable(_ declaration: DataDeclaration, context: CompileContext) -> VariableProgram {
        VariableProgram(
            name: declaration.name.text, type: declaration.type.text,
            initial: declaration.initial.map { expression($0, context: context) }
                ?? constant(declaration.literal ?? Self.emptyValue(of: declaration.type)),
            persist: declaration.persist,
            defaultsKey: declaration.defaultsKey?.text)
    }

    /// Named values compiled in declaration order, with their index by name (the first of a name wins).
    mutating func namedValues(
        _ lets: [NamedValue], context: CompileContext
    ) -> ([NamedValueProgram], [String: Int]) {
        var compiled: [NamedValueProgram] = []
        var index: [String: Int] = [:]
        for named in lets where index[named.name.text] == nil {
            index[named.name.text] = compiled.count
            compiled.append(NamedValueProgram(name: named.name.text, value: expression(named.value, context: context)))
        }
        return (compiled, index)
    }

    /// A variable's value without a default, by its type (record names need not resolve: a record is `null`).
    static func emptyValue(of type: TypeText) -> Value {
        ((try? TypeAnnotation.parse(type.text) { _ in .any }) ?? .any).emptyValue
    }
}
