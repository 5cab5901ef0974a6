import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueFrontEnd
import SegueModel

/// Screens, their statecharts and handler tables.
extension ProgramBuilder {
    /// A screen's names, slots and states, before any code is compiled (code may navigate to any screen).
    mutating func skeleton(at position: Int) -> ScreenProgram {
        let screen = flow.screens[position]
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
        if let chart = checked.screens[position].states {
            program.states = chart.states.map { state($0) }
            program.stateIndex = chart.index.mapValues(\.position)
            program.topStates = chart.top.map(\.position)
            program.initialStates = chart.initial.map(\.position)
        }
        return program
    }

    /// A state's place in its chart, as the checker numbered it; its code is compiled with the screen's.
    private mutating func state(_ resolved: ResolvedState) -> StateProgram {
        let node = resolved.node
        var state = StateProgram(
            name: node.name.text, parent: resolved.parent?.position ?? -1, children: resolved.children.map(\.position),
            initialChildren: resolved.initialChildren.map(\.position), parallel: node.children?.parallel ?? false,
            onEnter: nil, onExit: nil, handlers: HandlerTable())
        state.isFinal = node.isFinal
        state.history = node.history
        // An initial state deeper than a child is entered with its ancestors: the general algorithm does that.
        if node.isFinal || node.history != nil || !node.always.isEmpty || !node.initialActions.isEmpty
            || resolved.initialChildren.contains(where: { !resolved.children.contains($0) })
        {
            program.hasStatechartExtras = true
        }
        if let nested = node.children, nested.parallel || nested.states.contains(where: \.isFinal) {
            state.doneEvent = event(EventDescriptor.donePrefix + node.name.text)
        }
        return state
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
        let elements = checked.screens[index].elements.map { element($0, context: context) }
        program.screens[index].elements = elements
        program.screens[index].fields = fields(of: screen, elements: elements, context: context)
        let resolved = checked.screens[index]
        program.screens[index].onEnter = screen.onEnter.isEmpty ? nil : list(resolved.onEnter, context: context)
        program.screens[index].onExit = screen.onExit.isEmpty ? nil : list(resolved.onExit, context: context)
        program.screens[index].onError = resolved.onError.map { list($0, context: context) }
        program.screens[index].handlers = handlers(checked.screens[index].handlers, context: context)
        if let chart = checked.screens[index].states { compileStates(chart, screen: index) }
        compileMedia(of: screen, index: index)
    }

    mutating func compileStates(_ chart: ScreenStates, screen: Int) {
        let context = CompileContext(screen: screen)
        for (id, state) in chart.states.enumerated() {
            let node = state.node
            let onEnter = node.onEnter.isEmpty ? nil : list(state.onEnter, context: context)
            let onExit = node.onExit.isEmpty ? nil : list(state.onExit, context: context)
            let table = handlers(state.handlers, context: context)
            program.screens[screen].states[id].onEnter = onEnter
            program.screens[screen].states[id].onExit = onExit
            program.screens[screen].states[id].handlers = table
            program.screens[screen].states[id].always = state.always.map { transition($0, context: context) }
            program.screens[screen].states[id].historyDefault = state.historyDefault.map {
                transition($0, context: context)
            }
            program.screens[screen].states[id].doneData = node.doneData.map { expression($0, context: context) }
            if !node.initialActions.isEmpty {
                program.screens[screen].states[id].initialEntry = list(state.initialActions, context: context)
            }
            for invocation in state.invocations {
                compileInvocation(invocation, state: id, named: node.name.text, screen: screen)
            }
        }
    }

    mutating func handlers(_ handlers: [ResolvedHandler], context: CompileContext) -> HandlerTable {
        var table = HandlerTable()
        for handler in handlers {
            let alternatives = handler.alternatives.map { transition($0, context: context) }
            table.handlers.append(HandlerProgram(event: event(handler.event.text), alternatives: alternatives))
        }
        return table
    }

    /// One transition: its guard, actions, and the target states and type the checker resolved.
    mutating func transition(_ resolved: ResolvedTransition, context: CompileContext) -> HandlerProgram.Alternative {
        let alternative = resolved.transition
        var compiled = HandlerProgram.Alternative(
            guardExpression: alternative.guardExpression.map { expression($0, context: context) },
            entry: list(resolved.actions, context: context))
        compiled.targets = resolved.targets.map(\.position)
        if !resolved.targets.isEmpty { compiled.isInternal = alternative.isInternal }
        compiled.impliedTarget = resolved.impliedTarget?.position ?? -1
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
