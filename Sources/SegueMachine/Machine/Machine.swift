import SegueExpression
import SegueModel

/// Runs a compiled flow: a pure function from a state and an input to the next state, effects and a trace.
///
///     let machine = Machine(program: try Compiler.compile(flow))
///     var step = machine.step(MachineState(), .launch(LaunchEnvironment()))
///     step = machine.step(step.state, .tap(ElementPath(element: 0)))
public struct Machine: Sendable {
    let box: ProgramBox

    public init(program: Program) {
        box = ProgramBox(program)
    }

    public var program: Program { box.program }

    /// The texts a state's run shows: the flow's locale (else its device's) with the flow's `messages:`.
    public func messages(in state: MachineState) -> MessageBook {
        box.program.messages(deviceLocale: state.environment.device.locale)
    }

    /// Handles one input to completion, including every event it raises. A state that does not belong to this
    /// program (see `check(_:)`) is returned unchanged, with the reason in the trace. With `trace: .notable` the
    /// trace keeps only what a search looks for (errors, an event loop cut off, an ignored input), and the step
    /// builds no text for the rest; the same input from the same state has the same notable entries either way.
    ///
    /// `buffer` is where the trace is kept while the step runs: a search stepping many states on one thread passes
    /// one, so a step that records nothing allocates nothing for its trace; without one, the step makes its own.
    public func step(
        _ state: MachineState, _ input: Input, trace detail: TraceDetail = .full, buffer: TraceBuffer? = nil
    ) -> Step {
        var stepper = Stepper(machine: self, trace: detail, buffer: buffer ?? TraceBuffer())
        return stepper.step(state, input, checked: false)
    }

    /// Handles one input in place without recording a trace; returns the effects. For hot loops and benchmarks.
    public func apply(_ input: Input, to state: inout MachineState) -> [Effect] {
        var runner = Runner(box: box, state: MachineState(), tracing: false)
        swap(&runner.state, &state)
        runner.handle(input)
        swap(&runner.state, &state)
        return runner.effects
    }
}

/// How much of a step's trace is kept.
public enum TraceDetail: Sendable {
    /// Errors, an event loop cut off and ignored inputs (`TraceEntry.isNotable`).
    case notable
    /// Everything the step did.
    case full
}

/// The machine's working state for one step.
struct Runner {
    /// Raised events one input may cause before the rest are dropped (a `send` loop).
    static let eventLimit = 10_000

    let box: ProgramBox
    var state: MachineState
    var effects: [Effect] = []
    /// Where trace entries go; nil when not tracing, so building them costs nothing.
    let traceBuffer: TraceBuffer?
    /// Every entry is kept (otherwise only the notable ones, or none without a buffer); the run also takes the
    /// paths that say more (a screen's entry and exit one by one).
    let tracing: Bool
    /// Nonzero while an error handler runs: an error inside it goes straight to the default alert.
    var errorDepth = 0
    /// Nonzero while `on_exit` actions run: navigation there is ignored.
    var exitDepth = 0
    /// Invoking states entered during this macrostep, whose invocations start when it ends.
    var toInvoke: [(instance: Int, state: Int)] = []
    /// This runner steps an invoked session: `send … to: parent` is possible, and leaves through `outbox`.
    var invoked = false
    var outbox: [SessionEvent] = []
    /// An invoked session's launch: its data variables' values from the parent's `with:`, by name.
    var dataOverrides: [String: Value] = [:]
    /// The top-level final state's `done_data` once the flow ended (`done.invoke`'s payload in a parent).
    var endData: Value = .null

    init(box: ProgramBox, state: MachineState, tracing: Bool) {
        self.init(box: box, state: state, trace: tracing ? .full : nil)
    }

    /// `buffer`: where a traced run keeps its entries (a new one when nil); ignored when not tracing.
    init(box: ProgramBox, state: MachineState, trace detail: TraceDetail?, buffer: TraceBuffer? = nil) {
        self.box = box
        self.state = state
        traceBuffer = detail == nil ? nil : buffer ?? TraceBuffer()
        tracing = detail == .full
    }

    /// How much this runner's trace keeps, for a runner it starts (an invoked session's).
    var traceDetail: TraceDetail? { traceBuffer == nil ? nil : tracing ? .full : .notable }

    /// The program, borrowed from the box without copying its arrays.
    var program: Program {
        _read { yield box.program }
    }

    /// The texts this run shows: the flow's locale (else the device's) with its `messages:`.
    var messages: MessageBook { box.program.messages(deviceLocale: state.environment.device.locale) }

    /// The error field `field` of screen `screen` shows holding `value`: its first failing rule's message in this
    /// run's language (`FieldValidator`), or nil.
    func fieldError(_ value: Value, screen: Int, field: Int) -> String? {
        let messages = self.messages
        let rules = program.screens[screen].fields[field].rules
        return box.validations.error(for: value, screen: screen, field: field, language: messages.language) {
            FieldValidator.error(for: $0, rules: rules, messages: messages)
        }
    }

    var trace: [TraceEntry] { traceBuffer?.entries ?? [] }

    /// Keeps an entry in a full trace.
    func record(_ entry: @autoclosure () -> TraceEntry) {
        guard tracing else { return }
        traceBuffer?.entries.append(entry())
    }

    /// Keeps a notable entry (an error, an event loop cut off) in any trace.
    func recordNotable(_ entry: @autoclosure () -> TraceEntry) {
        traceBuffer?.entries.append(entry())
    }

    func ignore(_ what: @autoclosure () -> String, _ reason: @autoclosure () -> String) {
        traceBuffer?.entries.append(.ignored(what: what(), reason: reason()))
    }

    /// Where an instance is; reads only the layers, so nothing else of the state is copied.
    @inline(__always)
    func locate(_ instance: Int) -> (layer: Int, index: Int)? {
        MachineState.location(of: instance, in: state.layers)
    }

    func findInstance(_ id: Int) -> ScreenInstance? {
        locate(id).map { state.layers[$0.layer].stack[$0.index] }
    }

    var topInstance: ScreenInstance? { state.layers.last?.stack.last }

    func screenName(of instance: Int) -> String {
        guard let location = locate(instance) else { return "flow" }
        return program.screens[state.layers[location.layer].stack[location.index].screen].name
    }

    // MARK: inputs

    mutating func handle(_ input: Input) {
        if case .event(let event, let payload, let name) = input, state.launched {
            // The hot path first: the other inputs' payloads are not copied to rule them out.
            guard !state.ended else {
                return ignore(
                    program.events.indices.contains(event) ? program.events[event] : "event", "the flow has ended")
            }
            raise(event, payload, name: name)
            if !state.eventQueue.isEmpty || !state.externalQueue.isEmpty || program.hasStatechartExtras {
                drainEvents()
            }
            return
        }
        switch input {
        case .launch(let environment):
            guard !state.launched else { return ignore("launch", "the flow is already running") }
            launch(environment)
        case .restart:
            guard state.launched else { return ignore("restart", "the flow has not been launched") }
            restart()
        default:
            guard state.launched else { return ignore("\(input)", "the flow has not been launched") }
            guard !state.ended else { return ignore("\(input)", "the flow has ended") }
            handleRunning(input)
        }
        drainEvents()
    }

    private mutating func handleRunning(_ input: Input) {
        switch input {
        case .tap(let path): tap(path)
        case .selectItem(let list, let item): tap(ElementPath(element: list, item: item))
        case .edit(let element, let value): edit(element, value)
        case .submit(let element): submit(element)
        case .change(let path, let value): change(path, value)
        case .pinch(let element, let zoom): reframe(element, .pinch) { PhotoFraming.zoomed($0, to: zoom, frame: $1) }
        case .pan(let element, let x, let y): reframe(element, .pan) { PhotoFraming.panned($0, x: x, y: y, frame: $1) }
        case .inputLevel(let level): inputLevel(level)
        case .back: back()
        case .swipeToDismiss: swipeToDismiss()
        case .scrolledNearEnd(let list): scrolledNearEnd(list)
        case .outcome(let call, let outcome): receive(call, outcome)
        case .advanceTime(let seconds): advanceTime(by: seconds)
        case .timerFired(let id): timerFired(id)
        case .dismissAlert: dismissAlert()
        case .playbackReached(let line): playbackReached(line)
        case .playbackFinished: playbackFinished()
        case .event(let event, let payload, let name): raise(event, payload, name: name)
        case .launch, .restart: break
        }
    }

    /// An event from outside, for the top screen.
    private mutating func raise(_ event: Int, _ payload: Value, name: String?) {
        guard event >= 0, event < program.events.count else { return ignore("event #\(event)", "no such event") }
        guard let layer = state.layers.indices.last, let index = state.layers[layer].stack.indices.last else {
            return ignore(program.events[event], "no screen is shown")
        }
        let top = state.layers[layer].stack[index].id
        var raised = RaisedEvent(event: event, payload: payload, instance: top, kind: .external)
        raised.name = name
        if let name, tracing {
            record(.note("\(name): taken as \(program.events[event]), the name the handlers that take it know"))
        }
        // Nothing is waiting (run-to-completion empties the queue), so it runs now.
        if state.eventQueue.isEmpty {
            if program.readsCurrentEvent { noteCurrentEvent(raised) }
            if !state.sessions.isEmpty { beforeExternalEvent(raised) }
            // The commonest case inline: no nested states and one unguarded handler on the screen.
            if !tracing, state.layers[layer].stack[index].active.isEmpty,
                let entry = box.directEntry(screen: state.layers[layer].stack[index].screen, event: event)
            {
                return run(entry, Frame(instance: top, event: payload))
            }
            dispatch(event, payload, to: top, at: (layer, index))
        } else {
            state.eventQueue.append(raised)
        }
    }

    /// Runs raised events in order until none are left (run-to-completion).
    ///
    /// SCXML's macrostep: eventless transitions (`always:`) first, until none is enabled, then the next raised
    /// event (the internal queue), and again, until both are exhausted. A loop stops at the event limit.
    mutating func drainEvents() {
        var handled = 0
        let extras = program.hasStatechartExtras
        while true {
            if state.ended { return finishEndedFlow() }
            let eventless = extras ? enabledEventlessTransitions() : nil
            // The macrostep is over: the invocations of the states it entered start (SCXML's statesToInvoke).
            if eventless == nil, state.eventQueue.isEmpty, !toInvoke.isEmpty {
                startInvocations()
                continue
            }
            guard eventless != nil || !state.eventQueue.isEmpty || !state.externalQueue.isEmpty else { return }
            handled += 1
            if handled > Self.eventLimit {
                let cause = extras ? "a send loop, or `always:` transitions that never settle?" : "a send loop?"
                recordNotable(.eventLimit(limit: Self.eventLimit, dropped: state.eventQueue.count, cause: cause))
                state.eventQueue.removeAll()
                state.externalQueue.removeAll()
                return
            }
            if let eventless {
                microstep(eventless.transitions, instance: eventless.instance)
                continue
            }
            // The internal queue first; an external event only once the machine has settled (SCXML's macrostep).
            let external = state.eventQueue.isEmpty
            let raised = external ? state.externalQueue.removeFirst() : state.eventQueue.removeFirst()
            noteCurrentEvent(raised)
            if external, raised.invokeID != nil || !state.sessions.isEmpty { beforeExternalEvent(raised) }
            dispatch(raised.event, raised.payload, to: raised.instance, below: raised.below)
        }
    }

    private mutating func launch(_ environment: LaunchEnvironment) {
        state.launched = true
        state.environment = environment
        state.data = []
        let root = Frame(instance: -1)
        var failures: [ServiceError] = []
        for variable in program.data {
            var value = Value.null
            if let given = dataOverrides[variable.name] {
                value = given
            } else if variable.persist, let saved = environment.persisted[variable.name] {
                value = saved
            } else if let key = variable.defaultsKey, let stored = environment.defaults[key] {
                value = stored
            } else if let initial = variable.initial {
                switch evaluate(initial, root) {
                case .success(let result): value = result
                case .failure(let failure):
                    // A chart that handles error.execution gets it once it has started; else as before.
                    if program.executionErrorEvent >= 0 {
                        failures.append(failure.serviceError)
                    } else {
                        routeError(failure.serviceError, frame: root)
                    }
                }
            }
            state.data.append(variable.holding(value))
        }
        guard program.screens.indices.contains(program.start),
            let instance = makeInstance(program.start, arguments: [], sender: root, transition: .root)
        else { return failures.forEach { routeError($0, frame: root) } }
        state.layers.arrive(
            instance, by: state.layers.navigationStep(.root), navigation: program.screens[program.start].navigation)
        record(.transition(kind: .root, from: nil, to: program.screens[program.start].name))
        enter(instance.id)
        if !failures.isEmpty { raiseLaunchErrors(failures, instance: instance.id) }
    }

    private mutating func restart() {
        var environment = state.environment
        for (slot, variable) in program.data.enumerated() where variable.persist && slot < state.data.count {
            environment.persisted[variable.name] = state.data[slot]
        }
        for timer in state.timers { effects.append(.cancelTimer(id: timer.id)) }
        cancelSessions(reason: "the flow restarted") { _ in true }
        if let playback = state.playback, playback.call == nil { effects.append(.stopPlayback) }
        record(.note("restart: everything but persisted data is lost"))
        state = MachineState()
        launch(environment)
    }

    mutating func dismissAlert() {
        guard state.alert != nil else { return ignore("dismiss alert", "no alert is shown") }
        state.alert = state.alertQueue.isEmpty ? nil : state.alertQueue.removeFirst()
        if let next = state.alert { record(.alertShown(title: next.title)) }
    }

    mutating func showAlert(_ alert: AlertState) {
        if state.alert == nil {
            state.alert = alert
            record(.alertShown(title: alert.title))
        } else {
            state.alertQueue.append(alert)
            record(.note("alert \"\(alert.title)\" queued behind \"\(state.alert?.title ?? "")\""))
        }
    }
}

/// A step's trace entries while it runs, appended from anywhere in the runner (a class, so that reading the
/// runner's state to build an entry does not overlap a write to the runner). One buffer serves many steps, one at a
/// time, on one thread (`Machine.step(_:_:trace:buffer:)`); each step takes its entries out when it ends.
public final class TraceBuffer {
    /// Unchecked: one runner owns its buffer and never holds two accesses at once; the checks cost more than a step.
    @exclusivity(unchecked) var entries: [TraceEntry] = []

    public init() {}
}
