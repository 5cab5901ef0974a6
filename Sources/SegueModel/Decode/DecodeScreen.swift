import SegueDiagnostics
import SegueYAML

extension FlowDecoder {
    mutating func decodeScreens(_ node: Node) -> [Screen] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of screen names", context: "`screens`")
            return []
        }
        // Sized once: growing an array of thousands of screens by doubling would briefly hold two copies of it.
        var screens: [Screen] = []
        screens.reserveCapacity(entries.count)
        for entry in entries {
            if let screen = decodeScreen(entry) { screens.append(screen) }
        }
        return screens
    }

    /// The screens of a `screens` node the decoder alone refers to, each freed once decoded.
    mutating func decodeScreens(taking node: inout Node?) -> [Screen] {
        guard var screensNode = node else { return [] }
        node = nil
        guard var entries = Node.takeEntries(from: &screensNode) else { return decodeScreens(screensNode) }
        var screens: [Screen] = []
        screens.reserveCapacity(entries.count)
        let freed = MappingEntry(key: screensNode, value: screensNode)
        for index in entries.indices {
            if let screen = decodeScreen(entries[index]) { screens.append(screen) }
            entries[index] = freed
        }
        return screens
    }

    mutating func decodeScreen(_ entry: MappingEntry) -> Screen? {
        guard var reader = mapping(entry.value, at: .screen, context: "screen `\(entry.name)`") else { return nil }
        var screen = Screen(name: Name(entry.name, at: entry.key.range), range: entry.value.range)
        screen.title = reader.take("title").flatMap { template($0, context: "`title`") }
        screen.navigation = reader.take("navigation").flatMap { bool($0, context: "`navigation`") } ?? false
        screen.parameters = reader.take("parameters").map { decodeParameters($0, context: "`parameters`") } ?? []
        screen.data = reader.take("data").map { decodeData($0, context: "screen data") } ?? []
        screen.lets = reader.take("let").map { decodeNamedValues($0) } ?? []
        screen.returns = reader.take("returns").flatMap { typeText($0, context: "`returns`") }
        screen.layout = reader.take("layout").flatMap { decodeLayout($0) }
        screen.elements = reader.take("elements").map { decodeElements($0) } ?? []
        screen.onEnter = reader.take("on_enter").map { actions($0, context: "`on_enter`") } ?? []
        screen.onExit = reader.take("on_exit").map { actions($0, context: "`on_exit`") } ?? []
        screen.handlers = reader.take("on").map { decodeHandlers($0) } ?? []
        screen.onError = reader.take("on_error").map { actions($0, context: "`on_error`") }
        screen.playback = reader.take("playback").flatMap { decodePlayback($0) }
        screen.recording = reader.take("recording").flatMap { decodeRecording($0) }
        // `initial_state` and `parallel` without `states`, and `states` without either, are reported by `finish`.
        let initial = reader.take("initial_state")
        let parallel = reader.take("parallel")
        if let states = reader.take("states") {
            screen.states = decodeStateChart(states, initial: initial, parallel: parallel)
        }
        finish(reader)
        return screen
    }

    /// `on: { event: [actions] }` or `on: { event: [{ when: guard, do: [actions] }, …] }`.
    mutating func decodeHandlers(_ node: Node) -> [Handler] {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of event names to actions", context: "`on`")
            return []
        }
        return entries.map { entry in
            Handler(
                event: Name(entry.name, at: entry.key.range), alternatives: decodeAlternatives(entry.value),
                range: entry.value.range)
        }
    }

    /// Guarded alternatives when items carry `when:`, `do:` or `type:`; otherwise one unguarded action list.
    ///
    /// A lone `{ goto: s }` item stays an action (switch now): as the only item it does what the transition would.
    /// `{ goto: [a, b] }` is a transition (the action enters one state). An action with a `do:` of its own
    /// (`foreach`, `after`, `every`, `if`…) is an action, not a transition.
    mutating func decodeAlternatives(_ node: Node) -> [GuardedActions] {
        // One pass over the item's keys, read in place (each handler of a flow is asked this).
        func isGuarded(_ item: Node) -> Bool {
            guard let entries = item.mapping else { return false }
            var transitionKey = false
            var gotoSeen = false
            for entry in entries {
                guard case .scalar(let key) = entry.key.content else { continue }
                switch key.text {
                case "when", "do", "type": transitionKey = true
                case "goto" where !gotoSeen:
                    // As `item["goto"]` reads it: the first `goto` decides.
                    gotoSeen = true
                    transitionKey = transitionKey || entry.value.sequence != nil
                default: continue
                }
            }
            guard transitionKey else { return false }
            return !entries.contains { !Self.transitionKeys.contains($0.name) && Self.actionKeywords.contains($0.name) }
        }
        guard node.sequence.map({ $0.contains(where: isGuarded) }) ?? isGuarded(node) else {
            return [
                GuardedActions(guardExpression: nil, actions: actions(node, context: "a handler"), range: node.range)
            ]
        }
        return decodeTransitions(node)
    }

    /// The keywords that start an action.
    static let actionKeywords = Set(Vocabulary.actionKindNames)
    /// A transition's own keys (`goto` is an action's keyword too).
    static let transitionKeys: Set<String> = ["when", "do", "type", "goto"]

    /// A list of `{ when:, goto:, type:, do: }` transitions (a handler's alternatives, a state's `always:`).
    mutating func decodeTransitions(_ node: Node) -> [GuardedActions] {
        items(node).compactMap { item in
            guard var reader = mapping(item, at: .alternative, context: "a transition") else { return nil }
            let condition = reader.take("when").flatMap { expression($0, context: "`when`") }
            let targets = reader.take("goto").map { targetNames($0) } ?? []
            let type = reader.take("type").flatMap { word($0, among: ["external", "internal"], context: "`type`") }
            let body = reader.take("do").map { actions($0, context: "`do`") } ?? []
            if !reader.has("do"), !reader.has("goto") { missing("do` or `goto", in: reader) }
            finish(reader)
            return GuardedActions(
                guardExpression: condition, actions: body, range: item.range, targets: targets,
                isInternal: type?.text == "internal")
        }
    }

    /// `states: { idle: {…}, recording: {…} }` with `initial_state:` (or `initial:` inside a state) and `parallel:`.
    mutating func decodeStateChart(_ node: Node, initial: Node?, parallel: Node?) -> StateChart? {
        guard let entries = node.mapping else {
            typeMismatch(node, expected: "a mapping of state names", context: "`states`")
            return nil
        }
        let isParallel = parallel.flatMap { bool($0, context: "`parallel`") } ?? false
        let initialNames =
            initial.map { node in
                items(node).compactMap { name($0, context: "the initial state") }
            } ?? []
        let states = entries.compactMap { entry -> StateNode? in
            guard var reader = mapping(entry.value, at: .state, context: "state `\(entry.name)`") else {
                return nil
            }
            var state = StateNode(
                name: Name(entry.name, at: entry.key.range), onEnter: [], onExit: [], handlers: [], children: nil,
                range: entry.value.range)
            state.onEnter = reader.take("on_enter").map { actions($0, context: "`on_enter`") } ?? []
            state.onExit = reader.take("on_exit").map { actions($0, context: "`on_exit`") } ?? []
            state.handlers = reader.take("on").map { decodeHandlers($0) } ?? []
            state.always = reader.take("always").map { decodeTransitions($0) } ?? []
            state.initialActions = reader.take("initial_do").map { actions($0, context: "`initial_do`") } ?? []
            let initial = reader.take("initial")
            let parallel = reader.take("parallel")
            if let children = reader.take("states") {
                state.children = decodeStateChart(children, initial: initial, parallel: parallel)
            }
            state.isFinal = reader.take("final").flatMap { bool($0, context: "`final`") } ?? false
            state.doneData = reader.take("done_data").flatMap { expression($0, context: "`done_data`") }
            if let depth = reader.take("history") {
                let word = word(depth, among: HistoryDepth.allCases.map(\.rawValue), context: "`history`")
                state.history = word.flatMap { HistoryDepth(rawValue: $0.text) }
            }
            state.historyDefault = reader.take("default").flatMap { decodeHistoryDefault($0) }
            state.invocations = reader.take("invoke").map { items($0).compactMap { decodeInvocation($0) } } ?? []
            finish(reader)
            return state
        }
        return StateChart(initial: initialNames, parallel: isParallel, states: states, range: node.range)
    }

    /// One `invoke: { chart:, id:, idlocation:, autoforward:, with:, finalize: }`.
    mutating func decodeInvocation(_ node: Node) -> Invocation? {
        guard var reader = mapping(node, at: .invocation, context: "`invoke`") else { return nil }
        let chart = reader.take("chart").flatMap { node in numberedApart { $0.decodeFlow(node) } }
        if !reader.has("chart") { missing("chart", in: reader) }
        let condition = reader.take("when").flatMap { expression($0, context: "`when`") }
        let id = reader.take("id").flatMap { name($0, context: "`id`") }
        let idLocation = reader.take("idlocation").flatMap { name($0, context: "`idlocation`") }
        let autoforward = reader.take("autoforward").flatMap { bool($0, context: "`autoforward`") } ?? false
        let arguments = reader.take("with").map { assignments($0, context: "`with`") } ?? []
        let finalize = reader.take("finalize").map { actions($0, context: "`finalize`") } ?? []
        finish(reader)
        guard let chart else { return nil }
        var invocation = Invocation(chart: chart, range: node.range)
        invocation.id = id
        invocation.guardExpression = condition
        invocation.idLocation = idLocation
        invocation.autoforward = autoforward
        invocation.arguments = arguments
        invocation.finalize = finalize
        return invocation
    }

    /// A history state's `default: { goto: s, do: […] }`.
    mutating func decodeHistoryDefault(_ node: Node) -> GuardedActions? {
        guard var reader = mapping(node, at: .historyDefault, context: "`default`") else { return nil }
        let targets = reader.take("goto").map { targetNames($0) } ?? []
        let body = reader.take("do").map { actions($0, context: "`do`") } ?? []
        if !reader.has("goto") { missing("goto", in: reader) }
        finish(reader)
        guard !targets.isEmpty else { return nil }
        return GuardedActions(guardExpression: nil, actions: body, range: node.range, targets: targets)
    }

    /// A transition's `goto:`: one state's name, or a list of them (one state in each of several regions).
    mutating func targetNames(_ node: Node) -> [Name] {
        if node.sequence?.isEmpty == true {
            typeMismatch(node, expected: "a state's name or a list of them", context: "`goto`")
        }
        return items(node).compactMap { name($0, context: "the target of `goto`") }
    }

    mutating func decodeLayout(_ node: Node) -> Layout? {
        guard var reader = mapping(node, at: .layout, context: "`layout`") else { return nil }
        let layout = Layout(
            margins: reader.take("margins").flatMap { expression($0, context: "`margins`") },
            scroll: reader.take("scroll").flatMap { bool($0, context: "`scroll`") },
            bottomInset: reader.take("bottom_inset").flatMap { expression($0, context: "`bottom_inset`") },
            style: reader.take("style").flatMap { word($0, among: Vocabulary.layoutStyles, context: "`style`") },
            range: node.range)
        finish(reader)
        return layout
    }

    mutating func decodePlayback(_ node: Node) -> Playback? {
        guard var reader = mapping(node, at: .playback, context: "`playback`") else { return nil }
        let lines = reader.take("lines").flatMap { expression($0, context: "`lines`") }
        let current = reader.take("current").flatMap { name($0, context: "`current`") }
        if !reader.has("lines") { missing("lines", in: reader) }
        if !reader.has("current") { missing("current", in: reader) }
        let highlight = reader.take("highlight").flatMap { expression($0, context: "`highlight`") }
        let clip = reader.take("clip").flatMap { expression($0, context: "`clip`") }
        let volume = reader.take("volume").flatMap { expression($0, context: "`volume`") }
        let end = reader.take("end_event").flatMap { name($0, context: "`end_event`") }
        finish(reader)
        guard let lines, let current else { return nil }
        return Playback(
            lines: lines, current: current, highlight: highlight, clip: clip, volume: volume, endEvent: end,
            range: node.range)
    }

    mutating func decodeRecording(_ node: Node) -> Recording? {
        guard var reader = mapping(node, at: .recording, context: "`recording`") else { return nil }
        let countdown = reader.take("countdown").flatMap { int($0, context: "`countdown`", minimum: 0) } ?? 0
        let level = reader.take("level").flatMap { name($0, context: "`level`") }
        let highlight = reader.take("highlight").flatMap { expression($0, context: "`highlight`") }
        var interval = 0.05
        if let node = reader.take("meter_interval"), let seconds = span(node, context: "`meter_interval`") {
            interval = seconds
        }
        finish(reader)
        return Recording(
            countdown: countdown, level: level, highlight: highlight, meterInterval: interval, range: node.range)
    }
}
