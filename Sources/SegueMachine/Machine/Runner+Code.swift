import SegueExpression
import SegueModel

extension Runner {
    /// Runs instructions from `entry` until the list ends, a call suspends it, an error stops it, or its screen goes.
    mutating func run(_ entry: Int, _ start: Frame) {
        var pc = entry
        // A `foreach` binds its item and index in the frame as it goes.
        var frame = start
        while true {
            let compact = box.compact[pc]
            if tracing, !compact.isControl {
                record(.action(keyword: program.code[pc].keyword, screen: screenName(of: frame.instance)))
            }
            switch compact.kind {
            case .end:
                return
            case .jump:
                pc = Int(compact.operand)
            case .navigate:
                if compact.transition == .replace, compact.operand >= 0 {
                    replaceTop(with: Int(compact.operand), frame: frame)
                } else {
                    navigate(compact.transition, to: compact.operand < 0 ? nil : Int(compact.operand), frame: frame)
                }
                pc += 1
                // Nothing left to run: no need to look the screen up.
                if box.compact[pc].kind == .end { return }
                guard stillRunning(frame, next: pc) else { return }
            case .goto:
                goto(Int(compact.operand), frame: frame)
                pc += 1
                guard stillRunning(frame, next: pc) else { return }
            case .assign:
                // One whole target, without copying the instruction out of the program.
                guard assign(Int(compact.expression), to: compact.assignTarget, frame: frame) else { return }
                pc += 1
            case .other:
                guard execute(at: &pc, &frame) else { return }
            }
        }
    }

    /// Runs one instruction that has no compact form; false when the action list stops there.
    private mutating func execute(at pc: inout Int, _ frame: inout Frame) -> Bool {
        switch program.code[pc] {
        case .end:
            return false
        case .jump(let target):
            pc = target
        case .jumpUnless(let test, let target):
            switch evaluate(test, frame) {
            case .success(.bool(let value)): pc = value ? pc + 1 : target
            case .success:
                _ = condition(test, frame)
                return false
            case .failure(let failure):
                routeError(failure.serviceError, frame: frame)
                return false
            }
        case .forEachStart(let loop):
            return startLoop(loop, at: &pc, &frame)
        case .forEachNext(let loop):
            nextPass(loop, at: &pc, &frame)
        case .assign(let operations):
            for operation in operations {
                if !operation.readsTarget {
                    guard assign(operation.value, to: operation.target, frame: frame) else { return false }
                    continue
                }
                switch evaluate(operation.value, frame) {
                case .success(let value):
                    guard write(value, operation, frame: frame) else { return false }
                case .failure(let failure):
                    routeError(failure.serviceError, frame: frame)
                    return false
                }
            }
            pc += 1
        case .bind(let bindings):
            for binding in bindings {
                switch evaluate(binding.value, frame) {
                case .success(let value): frame.locals[binding.name] = value
                case .failure(let failure):
                    routeError(failure.serviceError, frame: frame)
                    return false
                }
            }
            pc += 1
        case .send(let event, let payload, let delivery, let data):
            pc += 1
            guard frame.instance >= 0 else {
                ignore(program.events[event], "sent outside any screen")
                return true
            }
            guard let value = evaluate(payload, data: data, frame) else { return false }
            deliver(event, payload: value, delivery: delivery, instance: frame.instance)
        case .sendComputed(let operation):
            pc += 1
            return sendComputed(operation, frame: frame)
        case .sendLater(let operation):
            pc += 1
            guard frame.instance >= 0 else {
                ignore(program.events[operation.event], "sent outside any screen")
                return true
            }
            guard let value = evaluate(operation.payload, data: operation.data, frame) else { return false }
            return sendLater(operation, payload: value, frame: frame)
        case .deliver(let event, var delivery):
            // A generated id (`id_as:`) travels in the timer's frame.
            if case .string(let id)? = frame.locals[Self.generatedSendID] { delivery.id = id }
            deliver(event, payload: frame.event, delivery: delivery, instance: frame.instance)
            pc += 1
        case .emit(let event, let payload):
            guard let fields = evaluate(payload, frame) else { return false }
            effects.append(.emit(event: event, payload: fields))
            pc += 1
        case .navigate(let operation):
            navigate(
                operation.kind, to: operation.target, arguments: operation.arguments, result: operation.result,
                onResult: operation.onResult, frame: frame)
            pc += 1
            return stillRunning(frame, next: pc)
        case .goto(let target):
            goto(target, frame: frame)
            pc += 1
            return stillRunning(frame, next: pc)
        case .call(let operation):
            var arguments: [String: Value] = [:]
            for argument in operation.arguments {
                switch evaluate(argument.value, frame) {
                case .success(let value): arguments[argument.name] = value
                case .failure(let failure):
                    routeError(failure.serviceError, frame: frame)
                    return false
                }
            }
            let id = state.nextCall
            state.nextCall += 1
            var suspended = frame
            suspended.locals[ImplicitName.result.rawValue] = nil
            // A state's handler call belongs to the state while it is active (not a transition's, run after its exit).
            let owner =
                frame.owner >= 0
                && locate(frame.instance).map { state.layers[$0.layer].stack[$0.index].active.contains(frame.owner) }
                    == true
            state.pendingCalls.append(
                PendingCall(
                    id: id, service: operation.service, operation: operation.operation, pc: pc, frame: suspended,
                    state: owner ? frame.owner : nil))
            effects.append(
                .callService(id: id, service: operation.service, operation: operation.operation, arguments: arguments))
            record(.callStarted(id: id, service: operation.service, operation: operation.operation))
            noteMediaCall(
                id, service: operation.service, operation: operation.operation, arguments: arguments, suspended)
            return false
        case .alert(let operation):
            var title = Value.string(operation.image == "error" ? messages.text(.errorAlertTitle) : "")
            // Where an error is being handled, an error alert without `message:` shows the error's own message.
            var message: Value? =
                operation.image == "error" ? frame.locals[ImplicitName.error.rawValue]?["message"] : nil
            if let text = operation.title {
                switch evaluate(text, frame) {
                case .success(let value): title = value
                case .failure(let failure):
                    routeError(failure.serviceError, frame: frame)
                    return false
                }
            }
            if let text = operation.message {
                switch evaluate(text, frame) {
                case .success(let value): message = value
                case .failure(let failure):
                    routeError(failure.serviceError, frame: frame)
                    return false
                }
            }
            showAlert(
                AlertState(
                    image: operation.image, title: title.description, message: message?.description,
                    origin: operation.range == .synthesized ? nil : operation.range))
            pc += 1
        case .startTimer(let operation):
            guard startTimer(operation, frame: frame) else { return false }
            pc += 1
        case .cancelTimer(let name):
            cancelTimers { $0.name == name && $0.frame.instance == frame.instance }
            pc += 1
        case .cancelComputed(let id, let fallback):
            pc += 1
            return cancelTimers(computedBy: id, fallback: fallback, frame: frame)
        case .openURL(let expression):
            switch evaluate(expression, frame) {
            case .success(let value):
                let url = value.description
                if FieldValidator.isWebURL(url) {
                    effects.append(.openURL(url))
                } else {
                    ignore("open_url \(value.literal)", "not an http or https link")
                }
            case .failure(let failure):
                routeError(failure.serviceError, frame: frame)
                return false
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
        return true
    }

    /// Whether the list's screen is still there after a navigation; if not, the rest of the list is dropped.
    private mutating func stillRunning(_ frame: Frame, next pc: Int) -> Bool {
        // Nothing left to run: no need to look the screen up.
        if box.compact[pc].kind == .end { return true }
        guard frame.instance >= 0, locate(frame.instance) == nil else { return true }
        record(.note("the rest of the action list stops: its screen is gone"))
        return false
    }

    /// The value of a flow variable, a screen variable or a form field.
    func read(_ target: AssignTarget, frame: Frame) -> Value? {
        switch target {
        case .flow(let slot): return slot < state.data.count ? state.data[slot] : nil
        case .screen(let slot):
            guard let location = locate(frame.instance) else { return nil }
            return state.layers[location.layer].stack[location.index].values[slot]
        case .field(let field):
            guard let location = locate(frame.instance) else { return nil }
            return state.layers[location.layer].stack[location.index].form.fields[field].value
        }
    }

    /// A sent event's payload: its `data` value, else the record of its fields; nil once an error is routed.
    mutating func evaluate(_ payload: [(name: String, value: Int)], data: Int?, _ frame: Frame) -> Value? {
        guard let data else { return evaluate(payload, frame).map(Value.record) }
        switch evaluate(data, frame) {
        case .success(let value): return value
        case .failure(let failure):
            routeError(failure.serviceError, frame: frame)
            return nil
        }
    }

    /// An event's payload, or nil once a failing argument's error is routed.
    private mutating func evaluate(_ payload: [(name: String, value: Int)], _ frame: Frame) -> [String: Value]? {
        var fields: [String: Value] = [:]
        for argument in payload {
            switch evaluate(argument.value, frame) {
            case .success(let value): fields[argument.name] = value
            case .failure(let failure):
                routeError(failure.serviceError, frame: frame)
                return nil
            }
        }
        return fields
    }

    /// The name of a flow or screen variable, as the flow writes it.
    func variableName(of target: AssignTarget, frame: Frame) -> String {
        switch target {
        case .flow(let slot): return slot < program.data.count ? program.data[slot].name : "?"
        case .screen(let slot):
            guard let location = locate(frame.instance) else { return "?" }
            let slots = program.screens[state.layers[location.layer].stack[location.index].screen].slots
            return slot < slots.count ? slots[slot].name : "?"
        case .field(let field): return "form.\(field)"
        }
    }

    /// Writes the value of expression `expression` to a whole variable or field (`assign(_:to:frame:)`); false when
    /// it failed, the error routed.
    private mutating func assign(_ expression: Int, to target: AssignTarget, frame: Frame) -> Bool {
        switch evaluate(expression, frame) {
        case .success(let value):
            assign(value, to: target, frame: frame)
            return true
        case .failure(let failure):
            routeError(failure.serviceError, frame: frame)
            return false
        }
    }

    /// Writes a value to a flow variable, a screen variable or a form field; persisted variables emit `persist`.
    mutating func assign(_ value: Value, to target: AssignTarget, frame: Frame) {
        switch target {
        case .flow(let slot):
            guard slot < state.data.count else { return }
            // The variable read in place: a copy would retain its texts on every assignment.
            let value = program.data[slot].holding(value)
            let changed = state.data[slot] != value
            state.data[slot] = value
            if program.data[slot].persist, changed {
                effects.append(.persist(name: program.data[slot].name, value: value))
            }
        case .screen(let slot):
            guard let location = locate(frame.instance) else { return }
            let screen = state.layers[location.layer].stack[location.index].screen
            let slots = program.screens[screen].slots
            state.layers[location.layer].stack[location.index].values[slot] =
                slot < slots.count ? slots[slot].holding(value) : value
        case .field(let field):
            guard let location = locate(frame.instance) else { return }
            let screen = state.layers[location.layer].stack[location.index].screen
            guard field < state.layers[location.layer].stack[location.index].form.fields.count else { return }
            // A photo field keeps the picked photo with its framing (D14).
            let value =
                program.screens[screen].fields[field].crop.map { PhotoFraming.normalized(value, frame: $0) } ?? value
            let error = fieldError(value, screen: screen, field: field)
            state.layers[location.layer].stack[location.index].form.fields[field].update(value, error: error)
        }
    }
}
