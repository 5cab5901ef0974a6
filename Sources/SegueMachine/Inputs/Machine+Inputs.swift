import SegueExpression

extension Machine {
    /// What can be done in `state` now: each input the top screen takes, with its path and domain.
    ///
    ///     machine.inputs(in: state)  // [tap donate, tap options[0], edit name (field 0), back, …]
    public func inputs(in state: MachineState) -> [AvailableInput] {
        var stepper = Stepper(machine: self, trace: nil)
        return stepper.inputs(in: state, checked: (try? check(state)) != nil)
    }

    /// Resolves `save`, `latest[2]` or `latest[2].more` on the top screen; when it names no element there, the
    /// refusal says whether a screen under it has one (`notOnTopScreen`) or none does (`noSuchElement`).
    public func path(_ reference: String, in state: MachineState, for action: InputAction) -> Result<
        ElementPath, InputRefusal
    > {
        guard (try? check(state)) != nil, let top = state.topInstance else {
            return .failure(InputRefusal(.noScreen, action))
        }
        if let path = program.path(reference, on: top.screen) { return .success(path) }
        let below = state.layers.flatMap(\.stack).dropLast().reversed().first {
            program.path(reference, on: $0.screen) != nil
        }
        return .failure(
            InputRefusal(below.map { .notOnTopScreen(screen: $0.screen) } ?? .noSuchElement, action, screen: top.screen)
        )
    }

    /// Why `input` would do nothing in `state`, or nil when the machine acts on it. The runner decides with the
    /// same rules, so a refused input is exactly one the machine ignores (or, for `.failed`, routes as an error).
    public func refusal(of input: Input, in state: MachineState) -> InputRefusal? {
        guard (try? check(state)) != nil else { return InputRefusal(.noScreen, Runner.action(of: input)) }
        return Runner(box: box, state: state, tracing: false).refusal(of: input)
    }
}

extension Runner {
    /// The input query for one input.
    func refusal(of input: Input) -> InputRefusal? {
        guard state.launched else {
            switch input {
            case .launch: return nil
            default: return InputRefusal(.notLaunched, Self.action(of: input))
            }
        }
        if state.ended, case .restart = input {
            return nil
        } else if state.ended {
            return InputRefusal(.ended, Self.action(of: input))
        }
        switch input {
        case .tap(let path): return target(path, for: .tap).failure
        case .selectItem(let list, let item): return target(ElementPath(element: list, item: item), for: .tap).failure
        case .edit(let element, _): return target(ElementPath(element: element), for: .edit).failure
        case .submit(let element): return target(ElementPath(element: element), for: .submit).failure
        case .change(let path, let value): return changeTarget(path, to: value).failure
        case .pinch(let element, _): return target(ElementPath(element: element), for: .pinch).failure
        case .pan(let element, _, _): return target(ElementPath(element: element), for: .pan).failure
        case .scrolledNearEnd(let list): return pagingEvent(list).failure
        case .back: return navigationRefusal(.back)
        case .swipeToDismiss: return navigationRefusal(.swipeToDismiss)
        case .dismissAlert: return state.alert == nil ? InputRefusal(.noAlert, .dismissAlert) : nil
        case .timerFired(let id):
            return state.timers.contains { $0.id == id } ? nil : InputRefusal(.noSuchTimer, .timer)
        case .event(let event, _, _):
            guard program.events.indices.contains(event) else { return InputRefusal(.noSuchEvent, .event) }
            return topInstance == nil ? InputRefusal(.noScreen, .event) : nil
        case .launch, .restart, .inputLevel, .outcome, .advanceTime, .playbackReached, .playbackFinished:
            return nil
        }
    }

    /// The action an input is refused as.
    static func action(of input: Input) -> InputAction {
        switch input {
        case .tap, .selectItem: .tap
        case .edit: .edit
        case .submit: .submit
        case .change: .change
        case .pinch: .pinch
        case .pan: .pan
        case .scrolledNearEnd: .scroll
        case .back: .back
        case .swipeToDismiss: .swipeToDismiss
        case .dismissAlert: .dismissAlert
        case .timerFired, .advanceTime: .timer
        default: .event
        }
    }

    /// Traces a refusal the way every ignored input is traced; an evaluation failure is routed as an error, and
    /// a submit button tapped with errors reveals every field's error.
    mutating func refuse(_ refusal: InputRefusal) {
        switch refusal.reason {
        case .failed(let failure): return routeError(failure.serviceError, frame: topFrame)
        case .formHasErrors:
            if let top = topInstance, let location = locate(top.id) {
                state.layers[location.layer].stack[location.index].form.submitted = true
            }
        default: break
        }
        guard traceBuffer != nil else { return }
        let (what, reason) = refusal.explanation(in: program, state: state)
        ignore(what, reason)
    }
}

extension Result {
    /// The error, or nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
