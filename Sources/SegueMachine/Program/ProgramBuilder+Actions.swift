import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueModel

/// A call's branches or a timer's body, emitted after the list that holds it.
struct DeferredBlock {
    enum Kind {
        /// Patch branch entries into the `call` at `pc`; each branch jumps back to `pc + 1`.
        case call(pc: Int, ResolvedCall)
        /// Patch the body's entry into the `startTimer` at `pc`.
        case timer(pc: Int, [ResolvedAction])
        /// Patch the entry of a `deliver` into the `sendLater` at `pc`.
        case delivery(pc: Int)
        /// Patch the `on_result` actions' entry into the `navigate` at `pc`.
        case onResult(pc: Int, [ResolvedAction])
    }

    var kind: Kind
    var context: CompileContext
}

extension ProgramBuilder {
    /// Compiles an action list (and every block it defers) and returns its entry point.
    mutating func list(_ actions: [ResolvedAction], context: CompileContext) -> Int {
        let outer = deferred
        deferred = []
        let entry = program.code.count
        emit(actions, context: context)
        program.code.append(.end)
        while !deferred.isEmpty {
            let block = deferred.removeFirst()
            emitDeferred(block)
        }
        deferred = outer
        return entry
    }

    private mutating func emitDeferred(_ block: DeferredBlock) {
        switch block.kind {
        case .call(let pc, let call):
            guard case .call(var operation) = program.code[pc] else { return }
            func branch(_ actions: [ResolvedAction]?, into builder: inout ProgramBuilder) -> Int? {
                guard let actions else { return nil }
                let entry = builder.program.code.count
                builder.emit(actions, context: block.context)
                builder.program.code.append(.jump(pc + 1))
                return entry
            }
            operation.ok = branch(call.ok, into: &self)
            operation.error = branch(call.error, into: &self)
            operation.cancelled = branch(call.cancelled, into: &self)
            operation.codes = call.codes.compactMap { code in
                branch(code.actions, into: &self).map { (code: code.code.text, entry: $0) }
            }
            program.code[pc] = .call(operation)
        case .timer(let pc, let actions):
            guard case .startTimer(var operation) = program.code[pc] else { return }
            operation.entry = program.code.count
            emit(actions, context: block.context)
            program.code.append(.end)
            program.code[pc] = .startTimer(operation)
        case .delivery(let pc):
            guard case .sendLater(var operation) = program.code[pc] else { return }
            operation.entry = program.code.count
            program.code.append(.deliver(event: operation.event, delivery: operation.delivery))
            program.code.append(.end)
            program.code[pc] = .sendLater(operation)
        case .onResult(let pc, let actions):
            guard case .navigate(var operation) = program.code[pc] else { return }
            operation.onResult = program.code.count
            var context = block.context
            context.locals.insert(ImplicitName.result.rawValue)
            emit(actions, context: context)
            program.code.append(.end)
            program.code[pc] = .navigate(operation)
        }
    }

    /// Emits actions inline; `if` becomes jumps, calls and timers defer their blocks.
    mutating func emit(_ actions: [ResolvedAction], context: CompileContext) {
        for action in actions { emit(action, context: context) }
    }

    private mutating func emit(_ resolved: ResolvedAction, context: CompileContext) {
        let action = resolved.action
        switch resolved.kind {
        case .navigate(let navigation, let target, let arguments, let onResult):
            if let onResult {
                deferred.append(DeferredBlock(kind: .onResult(pc: program.code.count, onResult), context: context))
            }
            program.code.append(
                .navigate(
                    NavigateOperation(
                        kind: navigation.kind, target: target?.position,
                        arguments: arguments.map {
                            (slot: $0.parameter, value: expression($0.argument.value, context: context))
                        },
                        result: target == nil ? navigation.result.map { expression($0, context: context) } : nil)))
        case .goto(let state):
            program.code.append(.goto(state: state.position))
        case .set(let assignments):
            let operations = assignments.map { resolved -> AssignOperation in
                let assignment = resolved.assignment
                return AssignOperation(
                    target: AssignTarget(resolved.target), value: expression(assignment.value, context: context),
                    path: steps(resolved.steps, of: assignment.name))
            }
            program.code.append(.assign(operations))
        case .bind(let assignments):
            program.code.append(
                .bind(assignments.map { (name: $0.name.text, value: expression($0.value, context: context)) }))
        case .listEdit(let edit, let target, let steps):
            // The decoder requires a value (a position for `remove_at`).
            guard let value = edit.operation == .remove ? edit.position : edit.value else { return }
            let path = self.steps(steps, of: edit.target)
            let position = edit.operation.takesValue ? edit.position.map { expression($0, context: context) } : nil
            program.code.append(
                .assign([
                    AssignOperation(
                        target: AssignTarget(target), value: expression(value, context: context), path: path,
                        edit: ListEditStep(operation: edit.operation, position: position))
                ]))
        case .send(let name, let arguments, let delivery, let options, let location):
            let payload = arguments.map { (name: $0.name.text, value: expression($0.value, context: context)) }
            let data = options?.data.map { expression($0, context: context) }
            let idLocation = location.map(AssignTarget.init)
            if let options,
                options.event != nil || options.target != nil || options.processor != nil
                    || idLocation != nil && options.delay == nil
            {
                program.code.append(
                    .sendComputed(
                        ComputedSendOperation(
                            name: options.event.map { expression($0, context: context) },
                            event: name.text.isEmpty ? nil : event(name.text), payload: payload, data: data,
                            delivery: delivery, target: options.target.map { expression($0, context: context) },
                            processor: options.processor.map { expression($0, context: context) },
                            idLocation: idLocation)))
                return
            }
            guard let delay = options?.delay else {
                program.code.append(.send(event: event(name.text), payload: payload, delivery: delivery, data: data))
                return
            }
            deferred.append(DeferredBlock(kind: .delivery(pc: program.code.count), context: context))
            program.code.append(
                .sendLater(
                    SendLaterOperation(
                        event: event(name.text), payload: payload, data: data, delivery: delivery,
                        delay: expression(delay, context: context), name: delivery.id.map { timerName($0) },
                        idLocation: idLocation, entry: -1)))
        case .emit(let name, let arguments):
            let payload = arguments.map { (name: $0.name.text, value: expression($0.value, context: context)) }
            program.code.append(.emit(event: name.text, payload: payload))
        case .call(let resolvedCall):
            let call = resolvedCall.call
            let operation = CallOperation(
                service: call.service.text, operation: call.operation.text,
                arguments: call.arguments.map { (name: $0.name.text, value: expression($0.value, context: context)) },
                resultTarget: resolvedCall.result.map(AssignTarget.init), ok: nil, error: nil,
                cancelled: nil, codes: [], range: action.range)
            deferred.append(DeferredBlock(kind: .call(pc: program.code.count, resolvedCall), context: context))
            program.code.append(.call(operation))
        case .alert(let alert):
            program.code.append(
                .alert(
                    AlertOperation(
                        image: alert.image.rawValue, title: alert.title.map { expression($0, context: context) },
                        message: alert.message.map { expression($0, context: context) }, range: action.range)))
        case .branch(let condition, let then, let otherwise):
            let test = program.code.count
            program.code.append(.jumpUnless(condition: expression(condition, context: context), target: -1))
            emit(then, context: context)
            if otherwise.isEmpty {
                program.code[test] = .jumpUnless(condition: conditionOf(test), target: program.code.count)
            } else {
                let skip = program.code.count
                program.code.append(.jump(-1))
                program.code[test] = .jumpUnless(condition: conditionOf(test), target: program.code.count)
                emit(otherwise, context: context)
                program.code[skip] = .jump(program.code.count)
            }
        case .forEach(let loop, let body):
            var operation = ForEachOperation(
                list: expression(loop.list, context: context), item: loop.itemName, index: loop.indexName,
                slot: "#foreach\(program.code.count)", exit: -1)
            program.code.append(.forEachStart(operation))
            let next = program.code.count
            program.code.append(.forEachNext(operation))
            emit(body, context: context)
            program.code.append(.jump(next))
            operation.exit = program.code.count
            program.code[next] = .forEachNext(operation)
        case .timer(let timer, let body):
            let operation = TimerOperation(
                name: timer.id.map { timerName($0.text) }, delay: expression(timer.delay, context: context),
                repeats: timer.repeats, entry: -1)
            deferred.append(DeferredBlock(kind: .timer(pc: program.code.count, body), context: context))
            program.code.append(.startTimer(operation))
        case .cancelTimer(let name, let computed?):
            program.code.append(
                .cancelComputed(
                    id: expression(computed, context: context),
                    fallback: name.text.isEmpty ? nil : timerName(name.text)))
        case .cancelTimer(let name, nil):
            program.code.append(.cancelTimer(name: timerName(name.text)))
        case .openURL(let url):
            program.code.append(.openURL(expression(url, context: context)))
        case .play(let request, let resolvedCurrent):
            let current = resolvedCurrent.map(AssignTarget.init)
            let mode: AudioPlaybackMode =
                switch request.mode {
                case .line: .line
                case .continuous: .continuous
                }
            program.code.append(
                .play(
                    PlayOperation(
                        mode: mode, line: request.line.map { expression($0, context: context) },
                        current: current)))
        case .stopPlayback:
            program.code.append(.stopPlayback)
        }
    }

    private func conditionOf(_ pc: Int) -> Int {
        if case .jumpUnless(let condition, _) = program.code[pc] { return condition }
        return 0
    }

    /// The steps inside the variable (or form field) a `set:` key or a list action starts at, as the checker
    /// resolved them: `.field` and `[index]`, an item's position compiled as an expression placed at the whole key.
    mutating func steps(_ resolved: [WriteStep], of name: Name) -> [AssignStep] {
        resolved.map { step -> AssignStep in
            switch step {
            case .field(let field): .field(field)
            case .item(let position, let text): .item(expression(position, source: text, at: name.range))
            }
        }
    }
}

extension AssignTarget {
    /// Where the checker resolved a write to go.
    init(_ resolved: WriteTarget) {
        switch resolved {
        case .flow(let slot): self = .flow(slot)
        case .screen(let slot): self = .screen(slot)
        case .field(let index): self = .field(index)
        }
    }
}
