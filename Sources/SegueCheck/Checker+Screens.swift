import SegueDiagnostics
import SegueExpression
import SegueModel

extension CheckRun {
    /// The screens that show a component, directly or through other components.
    func screens(using component: String) -> [Screen] {
        (index.users[component] ?? []).map { flow.screens[$0] }
    }

    /// The screens whose actions a scope's actions run on.
    func screens(of owner: Scope.Owner) -> [Screen] {
        switch owner {
        case .screen(let name): return screen(named: name).map { [$0] } ?? []
        case .component(let name): return screens(using: name)
        case .flow: return flow.screens
        }
    }

    /// The form fields of the screen at `position`, as the runtime keeps them: the `field`s written directly under its
    /// `elements:` (`Screen.formFields`); a field inside a component or a `lines`' footer is not part of the form.
    func formFields(ofScreenAt position: Int) -> [Name] {
        flow.screens[position].formFields.map(\.id)
    }

    /// The `state` record: one bool per state of the chart, at any depth.
    static func stateType(_ chart: StateChart?) -> ValueType? {
        guard chart != nil else { return nil }
        let names = Inventory.states(chart).map(\.state.name.text)
        var seen: Set<String> = []
        let fields = names.filter { seen.insert($0).inserted }.map { RecordType.Field(name: $0, type: .bool) }
        return .record(RecordType(name: "State", fields: fields))
    }

    mutating func checkScreen(at position: Int) {
        let screen = flow.screens[position]
        let name = screen.name.text
        let owner = SymbolOwner.screen(name)
        declare(.screen, screen.name, extent: screen.range)
        declareElements(screen.elements, in: owner)
        var scope = baseScope(.screen(name))
        let parameters = checkParameters(screen.parameters, in: scope)
        for (key, type) in parameters { scope.bind(key, type, as: SymbolID(.parameter, key, in: owner)) }
        checkData(screen.data, in: scope)
        if let returns = screen.returns { _ = resolve(returns) }
        reportDuplicates(
            screen.parameters.map(\.name) + screen.data.map(\.name), code: CheckCode.duplicateDeclaration,
            what: "screen `\(name)`'s parameter or variable")
        for variable in screen.data {
            let type = types.lenient(variable.type.text)
            scope.bind(variable.name.text, type, as: SymbolID(.data, variable.name.text, in: owner))
            scope.variables[variable.name.text] = type
        }
        let fields = formFields(ofScreenAt: position)
        if !fields.isEmpty {
            scope.fields = fields.texts
            scope.photoFields = Inventory.photoFields(flow.screens[position].elements)
            let photo = ValueType.optional(types.lenient("Photo"))
            let form = ValueType.record(
                RecordType(
                    name: "Form",
                    fields: uniqued(fields.texts).map {
                        .init(name: $0, type: scope.photoFields.contains($0) ? photo : .string)
                    }))
            scope.bind(ImplicitName.form.rawValue, form, as: nil)
            scope.formOwners = formOwners(ofScreenAt: position)
        }
        if let state = Self.stateType(screen.states) {
            scope.bind(ImplicitName.state.rawValue, state, as: nil)
            scope.stateScreens = [name]
        }
        bindNamedValues(
            screen.lets, besides: screen.parameters.map(\.name) + screen.data.map(\.name), into: &scope,
            owner: "screen `\(name)`")
        scope.errorHandled = screen.onError != nil || flow.onError != nil
        if let title = screen.title { check(title, in: scope, role: "`title`") }
        if let layout = screen.layout { checkLayout(layout, in: scope) }
        checkElementIds(screen.elements)
        checkElements(screen.elements, in: scope)
        checkSubmit(screen, fields: fields)
        checkActions(screen.onEnter, in: scope)
        checkActions(screen.onExit, in: scope)
        checkHandlers(screen.handlers, in: scope)
        if let onError = screen.onError {
            var errorScope = scope.binding(ImplicitName.error.rawValue, Scope.error)
            errorScope.errorHandled = flow.onError != nil
            checkActions(onError, in: errorScope)
        }
        let numbering = StateNumbering(screen.states)
        let states = checkStates(of: screen, at: position, in: scope, numbering: numbering)
        // A screen whose elements do not resolve was refused above (C105, C506): it is left out, and so is the flow.
        let place = ResolutionPlace(screen: position, states: numbering.index)
        let form = Dictionary(
            screen.formFields.enumerated().map { ($1.element, $0) }, uniquingKeysWith: { first, _ in first })
        if let elements = resolveElements(screen.elements, in: place, form: form) {
            resolvedScreens.append(
                ResolvedScreen(
                    elements: elements, onEnter: resolveActions(screen.onEnter, in: place),
                    onExit: resolveActions(screen.onExit, in: place),
                    onError: screen.onError.map { resolveActions($0, in: place) },
                    handlers: resolveHandlers(screen.handlers, in: place), states: states,
                    playbackCurrent: resolveWriteCounted(screen.playback?.current, in: place),
                    recordingLevel: resolveWriteCounted(screen.recording?.level, in: place)))
        }
        checkMedia(screen, in: scope)
        checkRaisedEvents(screen, at: position)
    }

    mutating func checkHandlers(_ handlers: [Handler], in scope: Scope, checkingTargets: Bool = true) {
        for handler in handlers {
            var handlerScope = scope.binding(ImplicitName.event.rawValue, eventType(handler.event.text))
            if events[handler.event.text] != nil { handlerScope.handledEvent = handler.event.text }
            if !handler.event.text.hasPrefix(EventDescriptor.donePrefix), !handler.event.text.utf8.contains(UInt8(ascii: "*")) {
                refer(.event, handler.event)
            }
            checkEventDescriptor(handler.event, in: scope)
            checkTransitions(handler.alternatives, in: handlerScope, checkingTargets: checkingTargets)
        }
    }

    /// Guards are bools, targets are states of the screen, actions check.
    mutating func checkTransitions(_ transitions: [GuardedActions], in scope: Scope, checkingTargets: Bool = true) {
        for transition in transitions {
            var guarded = scope
            if let condition = transition.guardExpression {
                check(condition, in: scope, expecting: .bool, role: "`when`")
                guarded = scope.knowing(condition, is: true)
            }
            if checkingTargets, !transition.targets.isEmpty {
                for target in transition.targets { checkGoto(target, in: scope) }
                checkTargetSet(transition.targets, in: scope)
            }
            checkActions(transition.actions, in: guarded)
        }
    }

    mutating func checkComponent(_ component: Component) {
        let name = component.name.text
        let owner = SymbolOwner.component(name)
        declare(.component, component.name, extent: component.range)
        declareElements(component.elements, in: owner)
        var scope = baseScope(.component(name))
        for (key, type) in checkParameters(component.parameters, in: scope) {
            scope.bind(key, type, as: SymbolID(.parameter, key, in: owner))
        }
        let users = screens(using: name)
        scope.errorHandled = flow.onError != nil || (!users.isEmpty && users.allSatisfy { $0.onError != nil })
        // `state` is the showing screen's: every state name of any screen that shows the component.
        let charts = users.compactMap(\.states)
        if !charts.isEmpty {
            let names = charts.flatMap { Inventory.states($0).map(\.state.name.text) }
            scope.bind(
                ImplicitName.state.rawValue,
                .record(RecordType(name: "State", fields: uniqued(names).map { .init(name: $0, type: .bool) })),
                as: nil)
            scope.stateScreens = users.filter { $0.states != nil }.map(\.name.text)
        }
        bindNamedValues(
            component.lets, besides: component.parameters.map(\.name), into: &scope, owner: "component `\(name)`")
        if let layout = component.layout { checkLayout(layout, in: scope) }
        checkElementIds(component.elements)
        checkElements(component.elements, in: scope)
        checkComponentEvents(component)
        checkRecursion(component)
    }

    /// A component must not show itself: the use that closes the loop is reported.
    mutating func checkRecursion(_ component: Component) {
        for use in Inventory.componentUses(component.elements) {
            let reached =
                [use.component.text]
                + Inventory.components(usedBy: components[use.component.text]?.elements ?? [], in: components).map(
                    \.name.text)
            guard reached.contains(component.name.text) else { continue }
            let through =
                use.component.text == component.name.text ? "itself" : "itself through `\(use.component.text)`"
            report(
                .error(
                    CheckCode.recursiveComponent, "component `\(component.name.text)` shows \(through)",
                    at: use.component.range))
        }
    }

    /// The flow's `on_error`: `error` is in scope and nothing encloses it.
    mutating func checkFlowHandlers() {
        if !flow.handlers.isEmpty { checkOwnHandlers() }
        guard let onError = flow.onError else { return }
        checkFlowEvents()
        checkActions(onError, in: baseScope(.flow).binding(ImplicitName.error.rawValue, Scope.error))
    }

    /// The flow's own `on:`, the responder chain's last: no nested states to go to, so no transition has a target.
    private mutating func checkOwnHandlers() {
        for handler in flow.handlers {
            for target in handler.alternatives.flatMap(\.targets) {
                report(
                    .error(
                        CheckCode.unknownState,
                        "`goto: \(target.text)` in the flow's `on:`, but the flow has no states", at: target.range))
            }
        }
        var scope = baseScope(.flow)
        scope.errorHandled = flow.onError != nil
        checkHandlers(flow.handlers, in: scope, checkingTargets: false)
    }

    mutating func checkLayout(_ layout: Layout, in scope: Scope) {
        if let margins = layout.margins { check(margins, in: scope, expecting: .number, role: "`margins`") }
        if let inset = layout.bottomInset { check(inset, in: scope, expecting: .number, role: "`bottom_inset`") }
    }

    /// Element ids are unique within one screen or component; two fields of one name are a form error.
    mutating func checkElementIds(_ elements: [Element]) {
        var seen: [String: Element] = [:]
        for element in Inventory.elements(elements) {
            guard let first = seen[element.id.text] else {
                seen[element.id.text] = element
                continue
            }
            let bothFields: Bool
            if case .field = element.kind, case .field = first.kind { bothFields = true } else { bothFields = false }
            let message =
                bothFields
                ? "two fields are named `\(element.id.text)`; `form.\(element.id.text)` must name one"
                : "two elements have the id `\(element.id.text)`"
                    + (element.keyword == "use" ? "; give each `use` its own `id:`" : "")
            report(
                .error(
                    bothFields ? CheckCode.duplicateField : CheckCode.duplicateElement, message, at: element.id.range,
                    notes: [DiagnosticNote("first used here", at: first.id.range)]))
        }
    }

    /// A submit button validates the form's fields; without any it submits nothing.
    mutating func checkSubmit(_ screen: Screen, fields: [Name]) {
        guard fields.isEmpty else { return }
        for element in Inventory.elements(screen.elements) {
            guard case .button(let button) = element.kind, button.submits else { continue }
            report(
                .warning(
                    CheckCode.submitWithoutFields,
                    "button `\(element.id.text)` submits a form, but screen `\(screen.name.text)` has no fields",
                    at: element.range))
        }
    }

    mutating func checkMedia(_ screen: Screen, in scope: Scope) {
        if let playback = screen.playback {
            let lines = check(playback.lines, in: scope, expecting: .list(.any), role: "`lines`")
            checkVariable(playback.current, in: scope, value: .int)
            if let end = playback.endEvent { refer(.event, end) }
            let lineScope = scope.binding(ImplicitName.line.rawValue, lines?.elementType ?? .any).binding(
                ImplicitName.index.rawValue, .int)
            if let highlight = playback.highlight { check(highlight, in: lineScope, role: "`highlight`") }
            if let clip = playback.clip { check(clip, in: lineScope, expecting: .string, role: "`clip`") }
            if let volume = playback.volume { check(volume, in: lineScope, expecting: .number, role: "`volume`") }
        }
        if let recording = screen.recording {
            if let level = recording.level { checkVariable(level, in: scope, value: .number) }
            if let highlight = recording.highlight { check(highlight, in: scope, role: "`highlight`") }
        }
    }

    private func uniqued(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
