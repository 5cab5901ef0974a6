import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel

/// Gathers what an exploration finds, keeping each finding's first (so shortest) run: properties in every state,
/// traces of every step, what was ever shown and offered; `finish` adds what only the whole graph can tell.
struct FindingCollector {
    let flow: Flow
    let program: Program
    let machine: Machine
    let properties: [PropertyProgram]
    private var found: [String: CheckFinding] = [:]
    private var order: [String] = []
    /// For each `reachable` and `always_possible` property, the states where it holds.
    private var holds: [[Bool]]
    /// By screen, whether some stored state shows it, and by screen and nested state, whether one has it active:
    /// flags by number rather than sets, since every new state sets them.
    private var entered: [Bool]
    private var enteredStates: [[Bool]]
    /// By screen and element, whether some state offered an input of it.
    private var live: [[Bool]]

    init(flow: Flow, machine: Machine) {
        self.flow = flow
        self.machine = machine
        program = machine.program
        properties = program.properties
        holds = Array(repeating: [], count: properties.count)
        entered = Array(repeating: false, count: program.screens.count)
        enteredStates = program.screens.map { Array(repeating: false, count: $0.states.count) }
        live = program.screens.map { Array(repeating: false, count: $0.elements.count) }
    }

    /// Sets `flags[outer][inner]`, written only when it changes (a write is a uniqueness check of both arrays).
    private static func mark(_ flags: inout [[Bool]], _ outer: Int, _ inner: Int) {
        guard flags.indices.contains(outer), flags[outer].indices.contains(inner), !flags[outer][inner] else { return }
        flags[outer][inner] = true
    }

    /// The trace of one step: a send loop cut off, an error the flow caused, an injected error shown as the
    /// default alert. `input`, for a step whose trace keeps only the notable entries (`TraceDetail.notable`): a
    /// loop's events are named from the whole trace, made again by stepping `state` with it; nil when the step's
    /// trace is whole. Arguments, not a closure that replays: its context retained what it captured on every step.
    mutating func observe(
        _ step: Step, by label: String, from: Int32, graph: StateGraph, replaying input: Input? = nil,
        in state: MachineState = MachineState()
    ) {
        let path = { (from >= 0 ? graph.path(to: from) : []) + [label] }
        // Every alert shown or queued, since the stored states drop them (CanonicalState); most steps show none.
        // Asked in place first: reading `alert` of a state that shows none would copy one out to compare.
        for alert in !step.state.hasAlerts ? [] : [step.state.alert].compactMap({ $0 }) + step.state.alertQueue {
            let texts = [alert.title, alert.message].compactMap { $0 }
            if texts.contains(where: { $0.split(separator: " ").contains("null") }) {
                report(
                    "null \(texts)", .rendersNull, "an alert shows `null`: \(texts.joined(separator: " — "))",
                    at: alert.origin ?? flow.range, path())
            }
        }
        for entry in step.trace {
            switch entry {
            case .eventLimit:
                // At the handler of the loop's first event, naming the events of the loop.
                let cycle = EventCycle(trace: input.map { machine.step(state, $0).trace } ?? step.trace, flow: flow)
                let events = cycle.map { ": \($0.text)" } ?? " (`always:` transitions that never settle)"
                report(
                    "livelock", .livelock, "events raise each other without end\(events) (\(entry))",
                    at: cycle?.handler ?? flow.range, path())
            case .error(let message, let handledBy, let origin):
                if !message.hasSuffix(OutcomeSampler.marker) {
                    // At the expression or send that failed.
                    report(
                        "runtime \(message)", .runtimeError, "a run-time error: \(message)",
                        at: origin ?? flow.range, path())
                } else if handledBy == "default alert", !label.hasPrefix(ExplorerMoves.timeline) {
                    report(
                        "alert \(label)", .defaultErrorAlert,
                        "an error outcome nobody handles reaches the default error alert: \(label)",
                        at: origin ?? flow.range, path())
                }
            default: continue
            }
        }
    }

    /// One new state, numbered `id` in `graph`: invariants, the properties that hold in it, the screens and nested
    /// states it shows.
    mutating func inspect(_ state: MachineState, id: Int32, graph: StateGraph) {
        for (index, property) in properties.enumerated() {
            switch machine.holds(property, in: state) {
            case .success(let value):
                if property.kind == .invariant, !value {
                    let why = property.message.map { ": \($0)" } ?? ""
                    report(
                        "property \(index)", .invariantBroken, "invariant `\(property.name)` does not hold\(why)",
                        at: property.range, graph.path(to: id))
                }
                if property.kind != .invariant { holds[index].append(value) }
            case .failure(let failure):
                report(
                    "property \(index)", .propertyUnevaluable,
                    "\(property.kind.rawValue) `\(property.name)` cannot be evaluated: \(failure.reason)",
                    at: property.range,
                    graph.path(to: id))
                if property.kind != .invariant { holds[index].append(false) }
            }
        }
        // By index: binding each instance would copy it.
        for layer in state.layers.indices {
            for index in state.layers[layer].stack.indices {
                let screen = state.layers[layer].stack[index].screen
                if entered.indices.contains(screen), !entered[screen] { entered[screen] = true }
                for nested in state.layers[layer].stack[index].states { Self.mark(&enteredStates, screen, nested) }
            }
        }
    }

    /// The elements the input query offers on the top screen.
    mutating func offered(_ inputs: [AvailableInput], in state: MachineState) {
        // The screen's number read in place: `topInstance` would copy the instance.
        guard let screen = state.layers.last?.stack.last?.screen else { return }
        for input in inputs { if let path = input.path { Self.mark(&live, screen, path.element) } }
    }

    /// Adds what needs the whole graph (reachable, always_possible, never entered, dead elements); only a complete
    /// exploration can prove something is never reached.
    ///
    /// `truncated` are the states some of whose steps left the scope: from them a condition may still be reached
    /// beyond it, so `always_possible` counts them as reaching it; `scope` (`within scope (…)`) is said in each
    /// "never" finding when anything was cut.
    ///
    /// `passedThrough` says which of the nested states no stored state holds some step still enters
    /// (`TransientStates`), before they are reported as never entered.
    mutating func finish(
        graph: StateGraph, complete: Bool, truncated: Set<Int32>, scope: String?,
        passedThrough: (Set<[Int]>) -> Set<[Int]> = { _ in [] }
    ) -> [CheckFinding] {
        guard complete else { return order.compactMap { found[$0] } }
        let within = scope.map { " " + $0 } ?? ""
        for (index, property) in properties.enumerated() where holds[index].count == graph.count {
            switch property.kind {
            case .invariant: continue
            case .reachable:
                if !holds[index].contains(true) {
                    report(
                        "property \(index)", .neverReached, "reachable `\(property.name)`: no run reaches it\(within)",
                        at: property.range, [])
                }
            case .alwaysPossible:
                var targets = holds[index]
                for state in truncated where Int(state) < targets.count { targets[Int(state)] = true }
                let reaches = graph.canReach(targets)
                if let stuck = reaches.firstIndex(of: false) {
                    report(
                        "property \(index)", .notAlwaysPossible,
                        "always_possible `\(property.name)`: from this state no run leads back to it",
                        at: property.range, graph.path(to: Int32(stuck)))
                }
            }
        }
        let screens = Dictionary(flow.screens.map { ($0.name.text, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, screen) in program.screens.enumerated() where !entered[index] {
            report(
                "screen \(index)", .screenNeverEntered, "screen `\(screen.name)` is never entered by any run\(within)",
                at: screens[screen.name]?.name.range ?? flow.range, [])
        }
        let neverStored = program.screens.indices.filter { entered[$0] }.flatMap { screen in
            program.screens[screen].states.indices.map { [screen, $0] }.filter { !enteredStates[$0[0]][$0[1]] }
        }
        // A history pseudo-state is a target, never itself active: it is never said to be left unentered.
        for passed in passedThrough(Set(neverStored)) where passed.count == 2 {
            Self.mark(&enteredStates, passed[0], passed[1])
        }
        for (index, screen) in program.screens.enumerated() where entered[index] {
            let declared = screens[screen.name]
            for (stateIndex, nested) in screen.states.enumerated()
            where nested.history == nil && !enteredStates[index][stateIndex] {
                report(
                    "state \(index) \(stateIndex)", .stateNeverEntered,
                    "state `\(screen.name).\(nested.name)` is never entered by any run\(within)",
                    at: Self.node(named: nested.name, in: declared?.states)?.name.range ?? declared?.range
                        ?? flow.range,
                    [])
            }
            let elements = screen.elements.enumerated()
            for (elementIndex, element) in elements where !live[index][elementIndex] {
                guard element.tap != nil || [.button, .field, .slider, .picker].contains(element.kind) else { continue }
                let range = declared?.elements.first { $0.id.text == element.name }?.range
                report(
                    "element \(index) \(elementIndex)", .deadElement,
                    "`\(screen.name).\(element.name)` is never visible and enabled in any run\(within)",
                    at: range ?? declared?.range ?? flow.range, [])
            }
        }
        return order.compactMap { found[$0] }
    }

    /// The nested state of that name in a chart, at any depth.
    private static func node(named name: String, in chart: StateChart?) -> StateNode? {
        for node in chart?.states ?? [] {
            if node.name.text == name { return node }
            if let inner = Self.node(named: name, in: node.children) { return inner }
        }
        return nil
    }

    private mutating func report(
        _ key: String, _ code: CheckFinding.Code, _ message: String, at range: SourceRange, _ path: [String]
    ) {
        guard found[key] == nil else { return }
        found[key] = CheckFinding(code, message, at: range, path: path)
        order.append(key)
    }
}
