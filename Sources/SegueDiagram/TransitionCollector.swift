import SegueModel

/// Walks every action list of a flow's screens, recursively, and records each navigation, `goto` and alert.
///
/// An event a screen raises and takes nowhere itself goes on to the flow's own `on:` (the responder chain's last
/// step), whose handler is then walked as if it were on that screen: its navigation starts there.
struct TransitionCollector {
    /// A navigation action as written, before dismiss and pop are resolved to where they return.
    struct Found {
        var from: String
        var kind: TransitionKind
        var target: String?
        var label: String
    }

    /// Where in a screen the walk is: its screen, its nested state, and the label so far.
    private struct Place {
        var screen: Screen
        var state: String?
        var label: TransitionLabel
        /// Components being expanded, so a component that uses itself does not loop.
        var components: Set<String> = []

        func with(_ label: TransitionLabel) -> Place {
            var copy = self
            copy.label = label
            return copy
        }
    }

    let flow: Flow

    /// An alert without a title: an error alert shows the default error alert's, in the flow's locale.
    private func defaultTitle(_ image: AlertSpec.Image) -> String {
        guard image == .error else { return "" }
        return MessageBook(language: flow.locale.flatMap { MessageLanguage(locale: $0.text) } ?? .english)
            .text(.errorAlertTitle)
    }
    let includeAlerts: Bool
    private(set) var found: [Found] = []
    private(set) var gotos: [StateEdge] = []
    private(set) var alerts: [AlertNote] = []
    /// Events raised on each screen (sends, paging, playback's end), in the order walked: the chain's inputs.
    private var raised: [(screen: Screen, event: String)] = []

    init(flow: Flow, includeAlerts: Bool) {
        self.flow = flow
        self.includeAlerts = includeAlerts
    }

    mutating func collect() {
        for screen in flow.screens { collect(screen) }
        collectFlowHandlers()
    }

    /// The flow's `on:` handlers, each walked on every screen that raises its event without taking it; a handler
    /// that raises another event passes that one along the same way (each screen and handler walked once).
    private mutating func collectFlowHandlers() {
        guard !flow.handlers.isEmpty else { return }
        var walked: Set<[String]> = []
        var next = 0
        while next < raised.count {
            let (screen, event) = raised[next]
            next += 1
            let handled = Self.handledEvents(of: screen)
            guard !handled.contains(where: { $0 == event || EventDescriptor.matches($0, event) }) else { continue }
            for handler in flow.handlers
            where handler.event.text == event || EventDescriptor.matches(handler.event.text, event) {
                guard walked.insert([screen.name.text, handler.event.text]).inserted else { continue }
                walk(handler, in: screen, state: nil)
            }
        }
    }

    /// The handler keys of a screen and of its nested states.
    private static func handledEvents(of screen: Screen) -> Set<String> {
        var names = Set(screen.handlers.map(\.event.text))
        var charts = screen.states.map { [$0] } ?? []
        while let chart = charts.popLast() {
            for state in chart.states {
                names.formUnion(state.handlers.map(\.event.text))
                if let children = state.children { charts.append(children) }
            }
        }
        return names
    }

    private mutating func collect(_ screen: Screen) {
        func place(_ trigger: String, state: String? = nil) -> Place {
            Place(screen: screen, state: state, label: TransitionLabel(trigger: trigger, state: state))
        }
        walk(screen.onEnter, at: place("on_enter"))
        walk(screen.onExit, at: place("on_exit"))
        for handler in screen.handlers { walk(handler, in: screen, state: nil) }
        if let onError = screen.onError { walk(onError, at: place("on_error")) }
        walk(screen.elements, prefix: "", at: place(""), components: [])
        if let chart = screen.states { walk(chart, in: screen, parentPath: nil) }
        if let end = screen.playback?.endEvent { raised.append((screen, end.text)) }
    }

    private mutating func walk(_ chart: StateChart, in screen: Screen, parentPath: String?) {
        for state in chart.states {
            let path = parentPath.map { "\($0).\(state.name.text)" } ?? state.name.text
            walk(
                state.onEnter,
                at: Place(screen: screen, state: path, label: TransitionLabel(trigger: "on_enter", state: path)))
            walk(
                state.onExit,
                at: Place(screen: screen, state: path, label: TransitionLabel(trigger: "on_exit", state: path)))
            walk(
                state.initialActions,
                at: Place(screen: screen, state: path, label: TransitionLabel(trigger: "initial_do", state: path)))
            for handler in state.handlers { walk(handler, in: screen, state: path) }
            walk(state.always, trigger: "always", in: screen, state: path)
            if let fallback = state.historyDefault {
                walk([fallback], trigger: "history \(state.history?.rawValue ?? "")", in: screen, state: path)
            }
            if let children = state.children { walk(children, in: screen, parentPath: path) }
        }
    }

    private mutating func walk(_ handler: Handler, in screen: Screen, state: String?) {
        walk(handler.alternatives, trigger: "on \(handler.event.text)", in: screen, state: state)
    }

    /// Transitions: a `goto:` key is an edge from the state to each target (its `do:` drawn with it; several targets,
    /// one per parallel region, are one edge each with the same label), then the actions' own.
    private mutating func walk(_ transitions: [GuardedActions], trigger: String, in screen: Screen, state: String?) {
        for alternative in transitions {
            var label = TransitionLabel(trigger: trigger, state: state)
            if let condition = alternative.guardExpression { label = label.guarded(condition.text) }
            let place = Place(screen: screen, state: state, label: label)
            for target in alternative.targets { addGoto(target, at: place) }
            walk(alternative.actions, at: place)
        }
    }

    /// Element taps and changes, including those inside components (`tap latest.more`).
    private mutating func walk(_ elements: [Element], prefix: String, at place: Place, components: Set<String>) {
        func at(_ trigger: String) -> Place {
            Place(screen: place.screen, state: nil, label: TransitionLabel(trigger: trigger), components: components)
        }
        for element in elements {
            let id = prefix + element.id.text
            if let tap = element.tap { walk(tap, at: at("tap \(id)")) }
            switch element.kind {
            case .slider(let slider): if let change = slider.change { walk(change, at: at("change \(id)")) }
            case .picker(let picker): if let change = picker.change { walk(change, at: at("change \(id)")) }
            case .field(let field):
                if let change = field.change { walk(change, at: at("change \(id)")) }
                if let submit = field.submit { walk(submit, at: at("submit \(id)")) }
            case .list(let list):
                if let paging = list.paging { raised.append((place.screen, paging.nearEnd.text)) }
                walk(list.item, prefix: id + ".", at: place, components: components)
            case .component(let use): walk(use, prefix: id + ".", at: place, components: components)
            case .lines(let lines):
                if let item = lines.item { walk(item, prefix: id + ".", at: place, components: components) }
                walk(lines.footer, prefix: prefix, at: place, components: components)
            case .text, .image, .button, .meter, .progress: break
            }
        }
    }

    private mutating func walk(_ use: ComponentUse, prefix: String, at place: Place, components: Set<String>) {
        let name = use.component.text
        guard !components.contains(name), let component = flow.component(named: name) else { return }
        walk(component.elements, prefix: prefix, at: place, components: components.union([name]))
    }

    /// A state edge from where `place` runs to `target`.
    private mutating func addGoto(_ target: Name, at place: Place) {
        guard let chart = place.screen.states, let path = Self.path(of: target.text, in: chart, parent: nil) else {
            return
        }
        gotos.append(StateEdge(screen: place.screen.name.text, from: place.state, to: path, label: place.label.text))
    }

    private mutating func walk(_ actions: [Action], at place: Place) {
        for action in actions { walk(action, at: place) }
    }

    private mutating func walk(_ action: Action, at place: Place) {
        switch action.kind {
        case .navigate(let navigation):
            found.append(
                Found(
                    from: place.screen.name.text, kind: navigation.kind, target: navigation.target?.text,
                    label: place.label.text))
            if let onResult = navigation.onResult, let target = navigation.target {
                walk(onResult, at: place.with(place.label.outcome("\(target.text) result")))
            }
        case .goto(let target):
            addGoto(target, at: place)
        case .call(let call):
            let operation = "\(call.service.text).\(call.operation.text)"
            if let ok = call.ok { walk(ok, at: place.with(place.label.outcome("\(operation) ok"))) }
            for (code, actions) in call.codes {
                walk(actions, at: place.with(place.label.outcome("\(operation) \(code.text)")))
            }
            if let error = call.error { walk(error, at: place.with(place.label.outcome("\(operation) error"))) }
            if let cancelled = call.cancelled {
                walk(cancelled, at: place.with(place.label.outcome("\(operation) cancelled")))
            }
        case .branch(let condition, let then, let otherwise):
            walk(then, at: place.with(place.label.guarded(condition.text)))
            walk(otherwise, at: place.with(place.label.guarded(TransitionLabel.negated(condition.text))))
        case .timer(let timer):
            let step = "\(timer.repeats ? "every" : "after") \(TransitionLabel.delay(timer.delay))"
            walk(timer.actions, at: place.with(place.label.outcome(step)))
        case .forEach(let loop):
            walk(loop.actions, at: place.with(place.label.outcome("foreach \(loop.list.text)")))
        case .alert(let alert):
            guard includeAlerts else { return }
            alerts.append(
                AlertNote(
                    screen: place.screen.name.text, image: alert.image,
                    title: alert.title?.text ?? defaultTitle(alert.image),
                    message: alert.message?.text, label: place.label.text))
        case .send(let event, _, let delivery, _):
            // An event for another session (`to:`) is that session's to take.
            if !event.text.isEmpty, delivery.session == nil { raised.append((place.screen, event.text)) }
        case .set, .bind, .listEdit, .emit, .cancelTimer, .openURL, .play, .stopPlayback:
            break
        }
    }

    /// The dotted path of the first state with this name, depth first in document order.
    static func path(of name: String, in chart: StateChart, parent: String?) -> String? {
        for state in chart.states {
            let path = parent.map { "\($0).\(state.name.text)" } ?? state.name.text
            if state.name.text == name { return path }
            if let children = state.children, let found = Self.path(of: name, in: children, parent: path) {
                return found
            }
        }
        return nil
    }
}
