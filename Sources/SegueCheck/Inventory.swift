import SegueModel

/// Flattened views of the model: every action, element and component use a screen or component holds.
enum Inventory {
    /// Every action in the lists, with the actions nested inside calls, `if`s and timers, in document order.
    static func flatten(_ actions: [Action]) -> [Action] {
        guard actions.contains(where: \.hasNestedActions) else { return actions }
        var result: [Action] = []
        for action in actions {
            result.append(action)
            switch action.kind {
            case .call(let call):
                result += flatten(call.ok ?? []) + flatten(call.error ?? []) + flatten(call.cancelled ?? [])
                for branch in call.codes { result += flatten(branch.actions) }
            case .branch(_, let then, let otherwise):
                result += flatten(then) + flatten(otherwise)
            case .timer(let timer):
                result += flatten(timer.actions)
            case .forEach(let loop):
                result += flatten(loop.actions)
            case .navigate(let navigation):
                result += flatten(navigation.onResult ?? [])
            case .goto, .set, .bind, .listEdit, .send, .emit, .alert, .cancelTimer, .openURL, .play, .stopPlayback:
                break
            }
        }
        return result
    }

    /// The elements and, recursively, the footers of `lines` elements (not the insides of components).
    static func elements(_ elements: [Element]) -> [Element] {
        var result: [Element] = []
        for element in elements {
            result.append(element)
            if case .lines(let lines) = element.kind { result += Self.elements(lines.footer) }
        }
        return result
    }

    /// The action lists written on elements: taps and change handlers.
    static func actionLists(of element: Element) -> [[Action]] {
        var lists: [[Action]] = []
        if let tap = element.tap { lists.append(tap) }
        switch element.kind {
        case .slider(let slider): if let change = slider.change { lists.append(change) }
        case .picker(let picker): if let change = picker.change { lists.append(change) }
        case .field(let field): lists += [field.change, field.submit].compactMap { $0 }
        case .text, .image, .button, .list, .lines, .meter, .progress, .component: break
        }
        return lists
    }

    /// The component uses directly in these elements: `use` elements and list or lines items.
    static func componentUses(_ elements: [Element]) -> [ComponentUse] {
        self.elements(elements).compactMap { element in
            switch element.kind {
            case .component(let use): use
            case .list(let list): list.item
            case .lines(let lines): lines.item
            case .text, .image, .button, .field, .slider, .picker, .meter, .progress: nil
            }
        }
    }

    /// Every action of a chart's states, recursively.
    static func stateActions(_ chart: StateChart?) -> [Action] {
        guard let chart else { return [] }
        var result: [Action] = []
        for state in chart.states {
            result += state.onEnter + state.onExit + state.initialActions
            for handler in state.handlers {
                for alternative in handler.alternatives { result += alternative.actions }
            }
            for transition in state.always { result += transition.actions }
            if let historyDefault = state.historyDefault { result += historyDefault.actions }
            result += stateActions(state.children)
        }
        return result
    }

    /// Every state of a chart, recursively, with its parent's name.
    static func states(_ chart: StateChart?, parent: StateNode? = nil) -> [(state: StateNode, parent: StateNode?)] {
        guard let chart else { return [] }
        return chart.states.flatMap { [($0, parent)] + states($0.children, parent: $0) }
    }

    /// The actions of every alternative of these handlers, in document order.
    static func handlerActions(_ handlers: [Handler]) -> [Action] {
        handlers.flatMap { $0.alternatives.flatMap(\.actions) }
    }

    /// Every action a screen holds itself (not inside its components), flattened.
    static func ownActions(of screen: Screen) -> [Action] {
        var lists = screen.onEnter
        lists += screen.onExit
        if let onError = screen.onError { lists += onError }
        for handler in screen.handlers {
            for alternative in handler.alternatives { lists += alternative.actions }
        }
        lists += stateActions(screen.states)
        for element in elements(screen.elements) {
            for list in actionLists(of: element) { lists += list }
        }
        return flatten(lists)
    }

    /// Every action a component holds itself, flattened.
    static func ownActions(of component: Component) -> [Action] {
        flatten(elements(component.elements).flatMap { actionLists(of: $0).flatMap { $0 } })
    }

    /// The components a screen uses, directly or through other components.
    static func components(usedBy elements: [Element], in table: [String: Component]) -> [Component] {
        var seen: Set<String> = []
        var result: [Component] = []
        var pending = componentUses(elements).map(\.component.text)
        while let name = pending.popLast() {
            guard !seen.contains(name), let component = table[name] else { continue }
            seen.insert(name)
            result.append(component)
            pending += componentUses(component.elements).map(\.component.text)
        }
        return result
    }

    /// Event handlers of a screen: its own and every nested state's.
    /// Whether some handler key of the screen (an event descriptor: `error` takes `error.x`) takes `event`.
    static func handles(_ event: String, _ handled: Set<String>) -> Bool {
        handled.contains(event) || handled.contains { EventDescriptor.matches($0, event) }
    }

    static func handledEvents(of screen: Screen) -> Set<String> {
        var names = Set(screen.handlers.map(\.event.text))
        for (state, _) in states(screen.states) { names.formUnion(state.handlers.map(\.event.text)) }
        return names
    }

    /// The form fields among elements, in document order.
    /// The ids of the photo fields among `elements`, at any depth.
    static func photoFields(_ elements: [Element]) -> Set<String> {
        Set(
            self.elements(elements).compactMap {
                if case .field(let field) = $0.kind, field.kind == .photo { return $0.id.text }
                return nil
            })
    }

    static func fields(_ elements: [Element]) -> [Name] {
        self.elements(elements).compactMap {
            if case .field = $0.kind { return $0.id }
            return nil
        }
    }
}

extension Action {
    /// Whether the action holds further actions (a call's outcomes, an `if`'s branches, a timer's or loop's body,
    /// a navigation's `on_result`).
    var hasNestedActions: Bool {
        switch kind {
        case .call, .branch, .timer, .forEach: true
        case .navigate(let navigation): navigation.onResult != nil
        default: false
        }
    }
}
