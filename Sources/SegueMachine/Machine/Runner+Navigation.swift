import SegueExpression
import SegueModel

extension Runner {
    /// Performs a navigation with UIKit's rules (SegueModel's `navigationStep`): exits first (top-down), then the
    /// transition, then the entry.
    mutating func navigate(
        _ kind: TransitionKind, to target: Int?, arguments: [(slot: Int, value: Int)] = [], result: Int? = nil,
        onResult: Int? = nil, frame: Frame
    ) {
        guard exitDepth == 0 else { return ignore(kind.rawValue, "navigation inside on_exit is ignored") }
        guard let top = state.layers.topPosition() else { return ignore(kind.rawValue, "no screen is shown") }
        if kind.hasTarget, target == nil { return }
        // Scalars only: holding a copy of the layer would make the stack's mutation below copy it.
        let topID = state.layers[top.layer].stack[top.index].id
        let topScreen = state.layers[top.layer].stack[top.index].screen
        var from: String { program.screens[topScreen].name }
        let step = state.layers.navigationStep(kind) { $0.screen == target }
        switch step {
        case .ignored(let refusal):
            let name = target.map { program.screens[$0].name }
            ignore(name.map { "\(kind.rawValue) to \($0)" } ?? kind.rawValue, refusal.reason(from: from, to: name))
        case .back(let destination):
            var handed: HandedResult?
            if let result {
                switch evaluate(result, frame) {
                case .success(let value): handed = HandedResult(value: value, sender: screenName(of: frame.instance))
                case .failure(let failure): return routeError(failure.serviceError, frame: frame)
                }
                handed?.receiver = state.resultReceivers.first { $0.opened == frame.instance }
            }
            while state.layers.hasEntries(above: destination), let leaving = state.layers.topPosition() {
                exitInstance(state.layers[leaving.layer].stack[leaving.index].id)
                state.layers.removeTopEntry()
            }
            record(.transition(kind: kind, from: from, to: topName))
            if let handed { handBack(handed, from: frame.instance) }
        case .push, .present:
            guard let target else { return }
            let arrival: TransitionKind = step == .push ? .show : .present
            guard let instance = makeInstance(target, arguments: arguments, sender: frame, transition: arrival)
            else { return }
            if step == .present(fallback: true) {
                record(.note("show without a navigation controller presents \(program.screens[target].name) modally"))
            }
            state.layers.arrive(instance, by: step, navigation: program.screens[target].navigation)
            if let onResult {
                state.resultReceivers.append(ResultReceiver(opened: instance.id, entry: onResult, frame: frame))
            }
            record(.transition(kind: arrival, from: from, to: program.screens[target].name))
            enter(instance.id)
        case .replace:
            guard let target else { return }
            let facts = box.screens[target]
            if arguments.isEmpty, facts.bare {
                // Nothing to evaluate: the old instance's storage is reused in place.
                let id = state.nextInstance
                state.nextInstance += 1
                exitInstance(topID)
                guard let position = position(of: topID) else { return }
                state.layers.replaceEntry(at: position, navigation: facts.navigation) {
                    $0.reset(id: id, screen: target, transition: .replace)
                }
                record(.transition(kind: .replace, from: from, to: program.screens[target].name))
                return enter(id)
            }
            guard let instance = makeInstance(target, arguments: arguments, sender: frame, transition: .replace)
            else { return }
            exitInstance(topID)
            guard let position = position(of: topID) else { return }
            state.layers.replaceEntry(at: position, navigation: facts.navigation) { $0 = instance }
            record(.transition(kind: .replace, from: from, to: program.screens[target].name))
            enter(instance.id)
        }
    }

    /// `replace` without arguments, untraced: when neither screen has hooks, states, timers or media, the top
    /// instance becomes the new one in place; anything else takes `navigate`'s general path.
    mutating func replaceTop(with target: Int, frame: Frame) {
        let facts = box.screens[target]
        guard !tracing, exitDepth == 0, facts.bare, facts.onEnter < 0, !facts.hasInitialStates,
            state.timers.isEmpty, let top = state.layers.topPosition()
        else { return navigate(.replace, to: target, frame: frame) }
        let topID = state.layers[top.layer].stack[top.index].id
        guard box.screens[state.layers[top.layer].stack[top.index].screen].onExit < 0,
            state.layers[top.layer].stack[top.index].active.isEmpty,
            state.playback?.instance != topID, state.recording?.instance != topID
        else { return navigate(.replace, to: target, frame: frame) }
        let id = state.nextInstance
        state.nextInstance += 1
        state.layers.replaceEntry(at: top, navigation: facts.navigation) {
            $0.reset(id: id, screen: target, transition: .replace)
        }
    }

    /// `locate(_:)` as the navigation model's position.
    private func position(of instance: Int) -> StackPosition? {
        locate(instance).map { StackPosition(layer: $0.layer, index: $0.index) }
    }

    private var topName: String? {
        topInstance.map { program.screens[$0.screen].name }
    }

    /// A new screen instance: arguments evaluated where the navigation runs, then defaults and data in its own scope.
    mutating func makeInstance(
        _ screen: Int, arguments: [(slot: Int, value: Int)], sender: Frame, transition: TransitionKind
    )
        -> ScreenInstance?
    {
        let slotCount = program.screens[screen].slots.count
        if slotCount == 0, arguments.isEmpty, program.screens[screen].fields.isEmpty {
            // Nothing to evaluate: no arrays to build.
            let id = state.nextInstance
            state.nextInstance += 1
            return ScreenInstance(
                id: id, screen: screen, values: [], active: StateSet(), form: FormState(), transition: transition)
        }
        var values = [Value](repeating: .null, count: slotCount)
        var given = [Bool](repeating: false, count: slotCount)
        for argument in arguments {
            switch evaluate(argument.value, sender) {
            case .success(let value):
                values[argument.slot] = program.screens[screen].slots[argument.slot].holding(value)
                given[argument.slot] = true
            case .failure(let failure):
                routeError(failure.serviceError, frame: sender)
                return nil
            }
        }
        let id = state.nextInstance
        state.nextInstance += 1
        var instance = ScreenInstance(
            id: id, screen: screen, values: values, active: StateSet(), form: .empty, transition: transition)
        let own = Frame(instance: id)
        for slot in 0..<slotCount where !given[slot] {
            guard let initial = program.screens[screen].slots[slot].initial else { continue }
            switch evaluate(initial, own, instance: instance) {
            case .success(let value): instance.values[slot] = program.screens[screen].slots[slot].holding(value)
            case .failure(let failure): routeError(failure.serviceError, frame: sender)
            }
        }
        if !program.screens[screen].fields.isEmpty {
            let fields = program.screens[screen].fields
            var formValues: [Value] = []
            for field in fields {
                var value: Value = field.kind == .photo ? .null : .string("")
                if let initial = field.initial, case .success(let result) = evaluate(initial, own, instance: instance) {
                    value = result
                }
                if let crop = field.crop { value = PhotoFraming.normalized(value, frame: crop) }
                formValues.append(value)
            }
            let errors = formValues.indices.map { fieldError(formValues[$0], screen: screen, field: $0) }
            instance.form = FormState(values: formValues, errors: errors)
        }
        return instance
    }

    /// Runs a new instance's `on_enter`, then enters its initial nested states (outermost first).
    mutating func enter(_ instance: Int) {
        guard let location = locate(instance) else { return }
        let screen = state.layers[location.layer].stack[location.index].screen
        record(.screenEntered(screen: program.screens[screen].name, instance: instance))
        let facts = box.screens[screen]
        if facts.onEnter >= 0 { run(Int(facts.onEnter), Frame(instance: instance)) }
        guard facts.hasInitialStates, locate(instance) != nil else { return }
        if facts.extras {
            // SCXML's entry set: a final state entered here completes its parent, a history state is never
            // entered itself, a deeper initial state brings its ancestors.
            let entry = box.initialEntrySet(of: screen)
            return enterChartStates(entry.states, historyDefaults: entry.historyDefaults, instance: instance)
        }
        if facts.small { return enterStates(StateSet(bits: facts.initialMask), instance: instance) }
        var entering = StateSet()
        for top in program.screens[screen].initialStates { box.addDescendants(top, of: screen, into: &entering) }
        enterStates(entering, instance: instance)
    }

    /// Runs an instance's exits while it is still on screen: nested states innermost first, then its `on_exit`.
    mutating func exitInstance(_ instance: Int) {
        guard let location = locate(instance) else { return }
        let screen = state.layers[location.layer].stack[location.index].screen
        // Before the exit handlers run: a call they make is the screen's last word, not work to cancel.
        cancelWork(of: instance)
        exitDepth += 1
        if !state.layers[location.layer].stack[location.index].active.isEmpty {
            exitStates(state.layers[location.layer].stack[location.index].active, instance: instance)
        }
        let onExit = Int(box.screens[screen].onExit)
        if onExit >= 0 { run(onExit, Frame(instance: instance)) }
        exitDepth -= 1
        cancelTimers { $0.frame.instance == instance }
        if !state.resultReceivers.isEmpty {
            state.resultReceivers.removeAll { $0.opened == instance || $0.frame.instance == instance }
        }
        // Field projections: comparing the optionals themselves would copy them.
        if state.playback?.instance == instance || state.recording?.instance == instance { endMedia(of: instance) }
        record(.screenExited(screen: program.screens[screen].name, instance: instance))
    }
}

/// A result on its way back: the value, the sending screen's name, and the `on_result` waiting for it, if any.
struct HandedResult {
    var value: Value
    var sender: String
    var receiver: ResultReceiver?
}

extension Runner {
    /// After a `dismiss` or `pop` with a result: runs the `on_result` of the navigation that opened the sender,
    /// when the sender left and the screen that opened it is still there; otherwise says in the trace why not.
    mutating func handBack(_ handed: HandedResult, from sender: Int) {
        let what = "result \(handed.value.literal)"
        guard locate(sender) == nil else {
            return ignore(what, "\(handed.sender) handed it back but did not leave")
        }
        guard let receiver = handed.receiver else {
            // Handing a result nobody asked for is no mistake: the opener may not care.
            return record(.note("\(what) of \(handed.sender): the navigation that opened it has no on_result"))
        }
        guard locate(receiver.frame.instance) != nil else {
            return ignore(what, "the screen that opened \(handed.sender) left with it")
        }
        record(
            .resultHandedBack(from: handed.sender, to: screenName(of: receiver.frame.instance), value: handed.value))
        var frame = receiver.frame
        frame.locals[ImplicitName.result.rawValue] = handed.value
        run(receiver.entry, frame)
    }
}
