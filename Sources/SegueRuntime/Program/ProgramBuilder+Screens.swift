import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueFrontEnd
import SegueModel

/// Screens, their statecharts and handler tables.
extension ProgramBuilder {
    /// A screen's names and slots, before any code is compiled (code may navigate to any screen).
    mutating func skeleton(_ screen: Screen) -> ScreenProgram {
        var slots: [VariableProgram] = []
        var slotIndex: [String: Int] = [:]
        for parameter in screen.parameters {
            slotIndex[parameter.name.text] = slots.count
            slots.append(
                VariableProgram(
                    name: parameter.name.text, type: parameter.type.text, initial: nil, persist: false, defaultsKey: nil
                ))
        }
        for declaration in screen.data {
            slotIndex[declaration.name.text] = slots.count
            slots.append(
                VariableProgram(
                    name: declaration.name.text, type: declaration.type.text, initial: nil, persist: false,
                    defaultsKey: nil))
        }
        var program = ScreenProgram(
            name: screen.name.text, title: nil, navigation: screen.navigation, slots: slots,
            parameterCount: screen.parameters.count, slotIndex: slotIndex, elements: [], fields: [], fieldIndex: [:],
            onEnter: nil, onExit: nil, onError: nil, handlers: HandlerTable(), states: [], stateIndex: [:],
            initialStates: [], topStates: [], layout: nil)
        for (number, field) in screen.formFields.enumerated() { program.fieldIndex[field.id.text] = number }
        if let chart = screen.states {
            let (top, initial) = flatten(chart, parent: -1, into: &program)
            program.topStates = top
            program.initialStates = initial
        }
        return program
    }

    /// Numbers the states in document order; returns a chart's children and the ones entered by default.
    mutating func flatten(_ chart: StateChart, parent: Int, into screen: inout ScreenProgram) -> ([Int], [Int]) {
        var children: [Int] = []
        for node in chart.states {
            let id = screen.states.count
            if screen.stateIndex[node.name.text] != nil {
                unresolved(
                    "state `\(node.name.text)` is defined twice in screen `\(screen.name)`",
                    at: node.name.range)
            }
            screen.stateIndex[node.name.text] = id
            screen.states.append(
                StateProgram(
                    name: node.name.text, parent: parent, children: [], initialChildren: [],
                    parallel: node.children?.parallel ?? false, onEnter: nil, onExit: nil, handlers: HandlerTable()))
            screen.states[id].isFinal = node.isFinal
            screen.states[id].history = node.history
            if node.isFinal || node.history != nil || !node.always.isEmpty || !node.initialActions.isEmpty {
                program.hasStatechartExtras = true
            }
            children.append(id)
            if let nested = node.children {
                let (grandchildren, initial) = flatten(nested, parent: id, into: &screen)
                screen.states[id].children = grandchildren
                screen.states[id].initialChildren = initial
                if nested.parallel || nested.states.contains(where: \.isFinal) {
                    screen.states[id].doneEvent = event(EventDescriptor.donePrefix + node.name.text)
                }
            }
        }
        // History pseudo-states are never entered by default: not regions, not the default initial state.
        let real = zip(chart.states, children).filter { $0.0.history == nil }.map(\.1)
        if chart.parallel || chart.initial.isEmpty { return (children, chart.parallel ? real : Array(real.prefix(1))) }
        // Descendants are numbered after the chart's first child: a deeper initial state lies in that range.
        let inside = (children.first ?? screen.states.count)..<screen.states.count
        var initial: [Int] = []
        for name in chart.initial {
            guard let id = screen.stateIndex[name.text], inside.contains(id) else {
                unresolved(
                    "the initial state `\(name.text)` is not one of "
                        + chart.states.map { "`\($0.name.text)`" }.joined(separator: ", ") + " or inside them",
                    at: name.range)
                return (children, Array(real.prefix(1)))
            }
            // Entered with its ancestors and the other regions' defaults: the general algorithm does that.
            if !children.contains(id) { program.hasStatechartExtras = true }
            initial.append(id)
        }
        return (children, initial)
    }

    mutating func compileScreen(_ index: Int) {
        let screen = flow.screens[index]
        let context = CompileContext(screen: index)
        var compiled = program.screens[index]
        for (slot, parameter) in screen.parameters.enumerated() {
            compiled.slots[slot].initial = parameter.defaultValue.map { expression($0, context: context) }
        }
        for (offset, declaration) in screen.data.enumerated() {
            compiled.slots[screen.parameters.count + offset] = variable(declaration, context: context)
        }
        (compiled.lets, compiled.letIndex) = namedValues(screen.lets, context: context)
        compiled.title = screen.title.map { expression($0, context: context) }
        compiled.layout = screen.layout.map { layout in
            LayoutProgram(
                margins: layout.margins.map { expression($0, context: context) }, scroll: layout.scroll ?? false,
                bottomInset: layout.bottomInset.map { expression($0, context: context) }, style: layout.style?.text)
        }
        program.screens[index] = compiled
        let elements = screen.elements.map { element($0, context: context) }
        program.screens[index].elements = elements
        program.screens[index].fields = fields(of: screen, elements: elements, context: context)
        program.screens[index].onEnter = screen.onEnter.isEmpty ? nil : list(screen.onEnter, context: context)
        program.screens[index].onExit = screen.onExit.isEmpty ? nil : list(screen.onExit, context: context)
        program.screens[index].onError = screen.onError.map { list($0, context: context) }
        program.screens[index].handlers = handlers(screen.handlers, context: context)
        if let chart = screen.states { compileStates(chart, screen: index) }
        compileMedia(of: screen, index: index)
    }

    mutating func compileStates(_ chart: StateChart, screen: Int) {
        let context = CompileContext(screen: screen)
        for node in chart.states {
            guard let id = program.screens[screen].stateIndex[node.name.text] else { continue }
            let onEnter = node.onEnter.isEmpty ? nil : list(node.onEnter, context: context)
            let onExit = node.onExit.isEmpty ? nil : list(node.onExit, context: context)
            let table = handlers(node.handlers, context: context)
            program.screens[screen].states[id].onEnter = onEnter
            program.screens[screen].states[id].onExit = onExit
            program.screens[screen].states[id].handlers = table
            program.screens[screen].states[id].always = node.always.map { transition($0, context: context) }
            program.screens[screen].states[id].historyDefault = node.historyDefault.map {
                transition($0, context: context)
            }
            program.screens[screen].states[id].doneData = node.doneData.map { expression($0, context: context) }
            if !node.initialActions.isEmpty {
                program.screens[screen].states[id].initialEntry = list(node.initialActions, context: context)
            }
            for invocation in node.invocations {
                compileInvocation(invocation, state: id, named: node.name.text, screen: screen)
            }
            if let nested = node.children { compileStates(nested, screen: screen) }
        }
    }

    mutating func handlers(_ handlers: [Handler], context: CompileContext) -> HandlerTable {
        var table = HandlerTable()
        for handler in handlers {
            let alternatives = handler.alternatives.map { transition($0, context: context) }
            table.handlers.append(HandlerProgram(event: event(handler.event.text), alternatives: alternatives))
        }
        return table
    }

    /// One transition: its guard, actions, target state and type, in the screen of `context`.
    mutating func transition(_ alternative: GuardedActions, context: CompileContext) -> HandlerProgram.Alternative {
        let states = context.screen.map { program.screens[$0].stateIndex } ?? [:]
        var compiled = HandlerProgram.Alternative(
            guardExpression: alternative.guardExpression.map { expression($0, context: context) },
            entry: list(alternative.actions, context: context))
        if !alternative.targets.isEmpty {
            for target in alternative.targets {
                guard let id = states[target.text] else {
                    unresolved("no state `\(target.text)` for this transition", at: target.range)
                    return compiled
                }
                compiled.targets.append(id)
            }
            compiled.isInternal = alternative.isInternal
        } else {
            for action in alternative.actions {
                if case .goto(let name) = action.kind, let id = states[name.text] {
                    compiled.impliedTarget = id
                    break
                }
            }
        }
        return compiled
    }

    /// Builds every dense event table once all events are interned.
    ///
    /// A handler key is an event descriptor: `error` takes `error.execution` too, `*` every event. Each event's
    /// slot holds the alternatives of every key that matches it, in document order, so dispatch stays one lookup.
    mutating func finishHandlerTables() {
        let keys = Set(
            program.screens.flatMap { screen in
                screen.handlers.handlers.map(\.event) + screen.states.flatMap { $0.handlers.handlers.map(\.event) }
            } + program.handlers.handlers.map(\.event))
        let keyNames = keys.map { program.events[$0] }
        if keyNames.contains(where: { EventDescriptor.matches($0, EventDescriptor.executionError) }) {
            program.executionErrorEvent = event(EventDescriptor.executionError)
        }
        // Only a computed `target:` can fail to reach a session.
        if program.code.contains(where: \.sendsToTarget),
            keyNames.contains(where: { EventDescriptor.matches($0, EventDescriptor.communicationError) })
        {
            program.communicationErrorEvent = event(EventDescriptor.communicationError)
        }
        let events = program.events
        let count = events.count
        // Descriptors that take more than their own name: `error` (when some event is `error.x`), `*`.
        var prefixes: Set<Substring> = []
        for name in events where name.contains(".") {
            var end = name.endIndex
            while let dot = name[..<end].lastIndex(of: ".") {
                prefixes.insert(name[..<dot])
                end = dot
            }
        }
        let widening = keys.filter { key in
            events[key] == "*" || events[key].hasSuffix(".*") || prefixes.contains(Substring(events[key]))
        }
        func finish(_ table: inout HandlerTable) {
            guard !table.handlers.isEmpty else { return }
            table.table = Array(repeating: -1, count: count)
            table.direct = Array(repeating: -1, count: count)
            let declared = table.handlers
            for (index, handler) in declared.enumerated() where table.table[handler.event] < 0 {
                table.table[handler.event] = Int32(index)
            }
            if declared.contains(where: { widening.contains($0.event) }) {
                for event in 0..<count {
                    let matching = declared.indices.filter {
                        declared[$0].event == event
                            || (widening.contains(declared[$0].event)
                                && EventDescriptor.matches(events[declared[$0].event], events[event]))
                    }
                    guard let first = matching.first else { continue }
                    if matching.count == 1 {
                        table.table[event] = Int32(first)
                    } else {
                        table.table[event] = Int32(table.handlers.count)
                        table.handlers.append(
                            HandlerProgram(event: event, alternatives: matching.flatMap { declared[$0].alternatives }))
                    }
                }
            }
            for event in 0..<count where table.table[event] >= 0 {
                let handler = table.handlers[Int(table.table[event])]
                if handler.alternatives.count == 1, handler.alternatives[0].guardExpression == nil,
                    handler.alternatives[0].targets.isEmpty
                {
                    table.direct[event] = Int32(handler.alternatives[0].entry)
                }
            }
        }
        finish(&program.handlers)
        for screen in program.screens.indices {
            finish(&program.screens[screen].handlers)
            for state in program.screens[screen].states.indices {
                finish(&program.screens[screen].states[state].handlers)
            }
        }
    }
}
