import SegueExpression

extension Runner {
    /// Performs a navigation with UIKit's rules: exits first (top-down), then the transition, then the entry.
    mutating func navigate(
        _ kind: TransitionKind, to target: Int?, arguments: [(slot: Int, value: Int)] = [], frame: Frame
    ) {
        guard exitDepth == 0 else { return ignore(kind.rawValue, "navigation inside on_exit is ignored") }
        guard let layerIndex = state.layers.indices.last, let topIndex = state.layers[layerIndex].stack.indices.last
        else { return ignore(kind.rawValue, "no screen is shown") }
        // Scalars only: holding a copy of the layer would make the stack's mutation below copy it.
        let topID = state.layers[layerIndex].stack[topIndex].id
        let topScreen = state.layers[layerIndex].stack[topIndex].screen
        let isNavigation = state.layers[layerIndex].navigation
        let stackCount = topIndex + 1
        var from: String { program.screens[topScreen].name }
        switch kind {
        case .present, .show:
            guard let target else { return }
            let pushes = kind == .show && isNavigation
            guard
                let instance = makeInstance(
                    target, arguments: arguments, sender: frame, transition: pushes ? .show : .present)
            else { return }
            if pushes {
                state.layers[state.layers.count - 1].stack.append(instance)
            } else {
                if kind == .show {
                    record(
                        .note("show without a navigation controller presents \(program.screens[target].name) modally"))
                }
                state.layers.append(NavigationLayer(navigation: program.screens[target].navigation, stack: [instance]))
            }
            record(.transition(kind: instance.transition, from: from, to: program.screens[target].name))
            enter(instance.id)
        case .dismiss:
            guard state.layers.count > 1 else { return ignore("dismiss", "nothing is presented modally") }
            exitLayers(above: state.layers.count - 2)
            record(.transition(kind: .dismiss, from: from, to: topName))
        case .pop:
            guard isNavigation else { return ignore("pop", "\(from) is not in a navigation controller") }
            guard stackCount > 1 else {
                return ignore("pop", "\(from) is the root of its navigation controller")
            }
            exitStack(layer: layerIndex, above: stackCount - 2)
            record(.transition(kind: .pop, from: from, to: topName))
        case .popToRoot:
            guard isNavigation, stackCount > 1 else {
                return ignore("pop_to_root", "\(from) is already the root of its navigation controller")
            }
            exitStack(layer: state.layers.count - 1, above: 0)
            record(.transition(kind: .popToRoot, from: from, to: topName))
        case .unwind:
            guard let target else { return }
            let name = program.screens[target].name
            guard let destination = nearest(target, excludingTop: true) else {
                return ignore("unwind to \(name)", "no \(name) below \(from)")
            }
            exitLayers(above: destination.layer)
            exitStack(layer: destination.layer, above: destination.index)
            record(.transition(kind: .unwind, from: from, to: name))
        case .replace:
            guard let target else { return }
            let facts = box.screens[target]
            if arguments.isEmpty, facts.bare {
                // Nothing to evaluate: the old instance's storage is reused in place.
                let id = state.nextInstance
                state.nextInstance += 1
                exitInstance(topID)
                guard let position = locate(topID) else { return }
                state.layers[position.layer].replace(
                    at: position.index, bare: id, screen: target, navigation: facts.navigation)
                record(.transition(kind: .replace, from: from, to: program.screens[target].name))
                return enter(id)
            }
            guard let instance = makeInstance(target, arguments: arguments, sender: frame, transition: .replace)
            else { return }
            exitInstance(topID)
            guard let position = locate(topID) else { return }
            state.layers[position.layer].replace(at: position.index, with: instance, navigation: facts.navigation)
            record(.transition(kind: .replace, from: from, to: program.screens[target].name))
            enter(instance.id)
        case .root:
            break
        }
    }

    /// `replace` without arguments, untraced: when neither screen has hooks, states, timers or media, the top
    /// instance becomes the new one in place; anything else takes `navigate`'s general path.
    mutating func replaceTop(with target: Int, frame: Frame) {
        let facts = box.screens[target]
        guard !tracing, exitDepth == 0, facts.bare, facts.onEnter < 0, !facts.hasInitialStates,
            state.timers.isEmpty, let layer = state.layers.indices.last,
            let index = state.layers[layer].stack.indices.last
        else { return navigate(.replace, to: target, frame: frame) }
        let topID = state.layers[layer].stack[index].id
        guard box.screens[state.layers[layer].stack[index].screen].onExit < 0,
            state.layers[layer].stack[index].active.isEmpty,
            state.playback?.instance != topID, state.recording?.instance != topID
        else { return navigate(.replace, to: target, frame: frame) }
        let id = state.nextInstance
        state.nextInstance += 1
        state.layers[layer].replace(at: index, bare: id, screen: target, navigation: facts.navigation)
    }

    private var topName: String? {
        topInstance.map { program.screens[$0.screen].name }
    }

    /// The nearest instance of a screen from the top down.
    private func nearest(_ screen: Int, excludingTop: Bool) -> (layer: Int, index: Int)? {
        for layer in state.layers.indices.reversed() {
            let stack = state.layers[layer].stack
            for index in stack.indices.reversed() where stack[index].screen == screen {
                if excludingTop, layer == state.layers.count - 1, index == stack.count - 1 { continue }
                return (layer, index)
            }
        }
        return nil
    }

    /// Closes every layer above `layer`, top-down, each with its whole push stack.
    private mutating func exitLayers(above layer: Int) {
        while state.layers.count - 1 > layer {
            let top = state.layers.count - 1
            for instance in state.layers[top].stack.reversed() { exitInstance(instance.id) }
            state.layers.removeLast()
        }
    }

    /// Pops every screen above `index` in a layer's stack, top-down.
    private mutating func exitStack(layer: Int, above index: Int) {
        while state.layers[layer].stack.count - 1 > index {
            let top = state.layers[layer].stack.count - 1
            exitInstance(state.layers[layer].stack[top].id)
            state.layers[layer].stack.removeLast()
        }
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
                values[argument.slot] = value
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
            case .success(let value): instance.values[slot] = value
            case .failure(let failure): routeError(failure.serviceError, frame: sender)
            }
        }
        if !program.screens[screen].fields.isEmpty {
            let fields = program.screens[screen].fields
            var formValues: [Value] = []
            for field in fields {
                var value: Value = field.kind == "photo" ? .null : .string("")
                if let initial = field.initial, case .success(let result) = evaluate(initial, own, instance: instance) {
                    value = result
                }
                formValues.append(value)
            }
            let errors = zip(formValues, fields).map { FieldValidator.error(for: $0, rules: $1.rules) }
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
        if facts.small { return enterStates(StateSet(bits: facts.initialMask), instance: instance) }
        var entering = StateSet()
        for top in program.screens[screen].initialStates { box.addDescendants(top, of: screen, into: &entering) }
        enterStates(entering, instance: instance)
    }

    /// Runs an instance's exits while it is still on screen: nested states innermost first, then its `on_exit`.
    mutating func exitInstance(_ instance: Int) {
        guard let location = locate(instance) else { return }
        let screen = state.layers[location.layer].stack[location.index].screen
        exitDepth += 1
        if !state.layers[location.layer].stack[location.index].active.isEmpty {
            exitStates(state.layers[location.layer].stack[location.index].active, instance: instance)
        }
        let onExit = Int(box.screens[screen].onExit)
        if onExit >= 0 { run(onExit, Frame(instance: instance)) }
        exitDepth -= 1
        cancelTimers { $0.frame.instance == instance }
        // Field projections: comparing the optionals themselves would copy them.
        if state.playback?.instance == instance || state.recording?.instance == instance { endMedia(of: instance) }
        record(.screenExited(screen: program.screens[screen].name, instance: instance))
    }
}
