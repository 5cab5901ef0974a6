import SegueExpression

extension Runner {
    /// Runs instructions from `entry` until the list ends, a call suspends it, an error stops it, or its screen goes.
    mutating func run(_ entry: Int, _ frame: Frame) {
        var pc = entry
        var frame = frame
        while true {
            let instruction = program.code[pc]
            if tracing, !isControl(instruction) {
                record(.action(keyword: instruction.keyword, screen: screenName(of: frame.instance)))
            }
            switch instruction {
            case .end:
                return
            case .jump(let target):
                pc = target
            case .jumpUnless(let test, let target):
                switch evaluate(test, frame) {
                case .success(.bool(let value)): pc = value ? pc + 1 : target
                case .success:
                    _ = condition(test, frame)
                    return
                case .failure(let failure): return routeError(failure.serviceError, frame: frame)
                }
            case .assign(let operations):
                for operation in operations {
                    switch evaluate(operation.value, frame) {
                    case .success(let value): assign(value, to: operation.target, frame: frame)
                    case .failure(let failure): return routeError(failure.serviceError, frame: frame)
                    }
                }
                pc += 1
            case .send(let event, let payload):
                guard frame.instance >= 0 else {
                    ignore(program.events[event], "sent outside any screen")
                    pc += 1
                    continue
                }
                var fields: [String: Value] = [:]
                for argument in payload {
                    switch evaluate(argument.value, frame) {
                    case .success(let value): fields[argument.name] = value
                    case .failure(let failure): return routeError(failure.serviceError, frame: frame)
                    }
                }
                state.eventQueue.append(RaisedEvent(event: event, payload: .record(fields), instance: frame.instance))
                pc += 1
            case .navigate(let operation):
                navigate(operation, frame: frame)
                pc += 1
                guard stillRunning(frame, next: pc) else { return }
            case .goto(let target):
                goto(target, frame: frame)
                pc += 1
                guard stillRunning(frame, next: pc) else { return }
            case .call(let operation):
                var arguments: [String: Value] = [:]
                for argument in operation.arguments {
                    switch evaluate(argument.value, frame) {
                    case .success(let value): arguments[argument.name] = value
                    case .failure(let failure): return routeError(failure.serviceError, frame: frame)
                    }
                }
                let id = state.nextCall
                state.nextCall += 1
                frame.locals["result"] = nil
                state.pendingCalls.append(
                    PendingCall(
                        id: id, service: operation.service, operation: operation.operation, pc: pc, frame: frame))
                effects.append(
                    .callService(
                        id: id, service: operation.service, operation: operation.operation, arguments: arguments))
                record(.callStarted(id: id, service: operation.service, operation: operation.operation))
                noteMediaCall(
                    id, service: operation.service, operation: operation.operation, arguments: arguments, frame)
                return
            case .alert(let operation):
                let title: Value
                var message: Value?
                switch evaluate(operation.title, frame) {
                case .success(let value): title = value
                case .failure(let failure): return routeError(failure.serviceError, frame: frame)
                }
                if let text = operation.message {
                    switch evaluate(text, frame) {
                    case .success(let value): message = value
                    case .failure(let failure): return routeError(failure.serviceError, frame: frame)
                    }
                }
                showAlert(AlertState(image: operation.image, title: title.description, message: message?.description))
                pc += 1
            case .startTimer(let operation):
                guard startTimer(operation, frame: frame) else { return }
                pc += 1
            case .cancelTimer(let name):
                cancelTimers { $0.name == name && $0.frame.instance == frame.instance }
                pc += 1
            case .openURL(let expression):
                switch evaluate(expression, frame) {
                case .success(let value):
                    let url = value.description
                    if FieldValidator.isWebURL(url) {
                        effects.append(.openURL(url))
                    } else {
                        ignore("open_url \(value.literal)", "not an http or https link")
                    }
                case .failure(let failure): return routeError(failure.serviceError, frame: frame)
                }
                pc += 1
            case .play(let operation):
                startPlayback(operation, frame)
                pc += 1
            case .stopPlayback:
                stopPlayback()
                pc += 1
            case .advancePlayback:
                advancePlayback(frame)
                pc += 1
            }
        }
    }

    private func isControl(_ instruction: Instruction) -> Bool {
        switch instruction {
        case .jump, .end: true
        default: false
        }
    }

    /// Whether the list's screen is still there after a navigation; if not, the rest of the list is dropped.
    private mutating func stillRunning(_ frame: Frame, next pc: Int) -> Bool {
        // Nothing left to run: no need to look the screen up.
        if case .end = program.code[pc] { return true }
        guard frame.instance >= 0, state.location(of: frame.instance) == nil else { return true }
        record(.note("the rest of the action list stops: its screen is gone"))
        return false
    }

    /// The value of a flow variable, a screen variable or a form field.
    func read(_ target: AssignTarget, frame: Frame) -> Value? {
        switch target {
        case .flow(let slot): return slot < state.data.count ? state.data[slot] : nil
        case .screen(let slot):
            guard let location = state.location(of: frame.instance) else { return nil }
            return state.layers[location.layer].stack[location.index].values[slot]
        case .field(let field):
            guard let location = state.location(of: frame.instance) else { return nil }
            return state.layers[location.layer].stack[location.index].form.fields[field].value
        }
    }

    /// Writes a value to a flow variable, a screen variable or a form field; persisted variables emit `persist`.
    mutating func assign(_ value: Value, to target: AssignTarget, frame: Frame) {
        switch target {
        case .flow(let slot):
            guard slot < state.data.count else { return }
            let changed = state.data[slot] != value
            state.data[slot] = value
            let variable = program.data[slot]
            if variable.persist, changed { effects.append(.persist(name: variable.name, value: value)) }
        case .screen(let slot):
            guard let location = state.location(of: frame.instance) else { return }
            state.layers[location.layer].stack[location.index].values[slot] = value
        case .field(let field):
            guard let location = state.location(of: frame.instance) else { return }
            let screen = state.layers[location.layer].stack[location.index].screen
            guard field < state.layers[location.layer].stack[location.index].form.fields.count else { return }
            let error = FieldValidator.error(for: value, rules: program.screens[screen].fields[field].rules)
            state.layers[location.layer].stack[location.index].form.fields[field].update(value, error: error)
        }
    }
}
