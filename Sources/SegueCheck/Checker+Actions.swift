import SegueDiagnostics
import SegueExpression
import SegueModel

extension CheckRun {
    /// Checks actions in order; what a condition proved not null holds until an action may change it.
    mutating func checkActions(_ actions: [Action], in scope: Scope) {
        var scope = scope
        for action in actions {
            if case .bind(let assignments) = action.kind {
                scope = checkBind(assignments, in: scope)
                continue
            }
            checkAction(action, in: scope)
            scope = scope.forgetting(Self.changes(of: action))
        }
    }

    /// The names an action may assign before the next action of its list runs, or nil when anything may have
    /// changed by then (a call suspends the list until its outcome; `goto` and navigation run other handlers).
    /// A timer's body and a sent event's handler run later, not before the next action.
    static func changes(of action: Action) -> Set<String>? {
        switch action.kind {
        case .set(let assignments):
            return Set(assignments.map { AssignmentPath($0.name.text)?.root ?? $0.name.text })
        case .listEdit(let edit):
            return [AssignmentPath(edit.target.text)?.root ?? edit.target.text]
        case .bind:
            return []
        case .call, .goto, .navigate:
            return nil
        case .branch(_, let then, let otherwise):
            return changes(of: then + otherwise)
        case .forEach(let loop):
            return changes(of: loop.actions).map { $0.union([loop.itemName, loop.indexName]) }
        case .send, .emit, .alert, .timer, .cancelTimer, .openURL, .play, .stopPlayback:
            return []
        }
    }

    static func changes(of actions: [Action]) -> Set<String>? {
        var names: Set<String> = []
        for action in actions {
            guard let changed = changes(of: action) else { return nil }
            names.formUnion(changed)
        }
        return names
    }

    mutating func checkAction(_ action: Action, in scope: Scope) {
        switch action.kind {
        case .navigate(let navigation):
            checkNavigationTarget(navigation, in: scope)
            checkResult(navigation, at: action.range, in: scope)
        case .goto(let state):
            checkGoto(state, in: scope)
        case .set(let assignments):
            for assignment in assignments { checkAssignment(assignment, in: scope) }
        case .bind(let assignments):
            _ = checkBind(assignments, in: scope)
        case .listEdit(let edit):
            checkListEdit(edit, in: scope)
        case .send(let event, let arguments, let delivery, let options):
            if let session = delivery.session { checkSession(session, at: action.range) }
            if let computed = options?.event {
                // Named only when sent: no handler to find statically; a fallback `send:` name is checked as usual.
                check(computed, in: scope, role: "a send's `event`")
            }
            if event.text.isEmpty {
                for argument in arguments { check(argument.value, in: scope, role: "`\(argument.name.text)`") }
            } else {
                refer(.event, event)
                checkSend(event, arguments, in: scope)
            }
            if let delay = options?.delay { check(delay, in: scope, role: "a send's delay") }
            if let data = options?.data { check(data, in: scope, role: "a send's `data`") }
            if let target = options?.target { check(target, in: scope, role: "a send's `target`") }
            if let processor = options?.processor { check(processor, in: scope, role: "a send's `processor`") }
            if let location = options?.idLocation { checkVariable(location, in: scope, value: .string) }
        case .emit(_, let arguments):
            // Output events leave the flow: no handler to find, only the payload to type.
            for argument in arguments { check(argument.value, in: scope, role: "`\(argument.name.text)`") }
        case .call(let call):
            checkCall(call, at: action.range, in: scope)
        case .alert(let alert):
            if let title = alert.title { check(title, in: scope, role: "`title`") }
            if let message = alert.message { check(message, in: scope, role: "`message`") }
        case .branch(let condition, let then, let otherwise):
            check(condition, in: scope, expecting: .bool, role: "the condition of `if`")
            checkActions(then, in: scope.knowing(condition, is: true))
            checkActions(otherwise, in: scope.knowing(condition, is: false))
        case .timer(let timer):
            check(timer.delay, in: scope, expecting: .number, role: "a timer's delay")
            checkActions(timer.actions, in: scope.forgetting(nil))
        case .forEach(let loop):
            let list = check(loop.list, in: scope, expecting: .list(.any), role: "the list of `foreach`")
            // A later pass of the body runs after what the earlier ones changed.
            let item = loop.item.map { declareLocal($0) }
            let position = loop.index.map { declareLocal($0) }
            let inner = scope.forgetting(Self.changes(of: loop.actions))
                .binding(loop.itemName, list?.elementType ?? .any, as: item).binding(loop.indexName, .int, as: position)
            checkActions(loop.actions, in: inner)
        case .cancelTimer(let id, let computed):
            if let computed { check(computed, in: scope, role: "`timer`") }
            if !id.text.isEmpty { checkTimer(id, in: scope) }
        case .openURL(let url):
            check(url, in: scope, role: "`open_url`")
        case .play(let request):
            if let line = request.line { check(line, in: scope, role: "`line`") }
            checkPlayback(action, in: scope)
        case .stopPlayback:
            checkPlayback(action, in: scope)
        }
    }

    private mutating func checkNavigationTarget(_ navigation: Navigation, in scope: Scope) {
        guard let target = navigation.target else { return }
        refer(.screen, target)
        guard let position = index.positions[target.text] else {
            reportUnknownScreen(target)
            for argument in navigation.arguments { check(argument.value, in: scope, role: "argument") }
            return
        }
        guard navigation.kind != .unwind else { return }
        let parameters = flow.screens[position].parameters
        // Most navigations pass nothing to a screen that takes nothing: nothing to check.
        guard !navigation.arguments.isEmpty || !parameters.isEmpty else { return }
        checkArguments(
            navigation.arguments,
            against: parameters.map { ($0.name.text, $0.type.text, $0.defaultValue == nil) },
            in: scope, owner: "screen `\(flow.screens[position].name.text)`", at: target.range,
            declaredBy: .screen(flow.screens[position].name.text), unknownCode: CheckCode.unknownScreenArgument, missingCode: CheckCode.missingScreenArgument)
    }

    mutating func reportUnknownScreen(_ name: Name) {
        let suggestion = Suggestion.closest(to: name.text, in: index.positions.keys)
        report(
            .error(
                CheckCode.unknownScreen,
                "unknown screen `\(name.text)`" + Suggestion.didYouMean(name.text, in: index.positions.keys),
                at: name.range, fixIts: suggestion.map { [FixIt(range: name.range, replacement: $0)] } ?? []))
    }

    mutating func checkGoto(_ state: Name, in scope: Scope) {
        guard scope.owner != .flow else {
            // The flow's `on:` and `on_error` run over whichever screen is on top: no one screen's states.
            report(
                .error(
                    CheckCode.unknownState,
                    "`goto: \(state.text)` in the flow's own handlers: they run over any screen, so no screen's "
                        + "states are theirs to enter", at: state.range,
                    notes: [DiagnosticNote("handle the event on the screen whose state it enters")]))
            return
        }
        let owners = screens(of: scope.owner)
        guard !owners.isEmpty else { return }
        referState(state, of: owners.map(\.name.text))
        for screen in owners {
            guard !stateNames(ofScreen: screen.name.text).contains(state.text) else { continue }
            let names = Inventory.states(screen.states).map(\.state.name.text)
            let suggestion = Suggestion.closest(to: state.text, in: names)
            let message =
                names.isEmpty
                ? "`goto: \(state.text)`, but screen `\(screen.name.text)` has no states"
                : "screen `\(screen.name.text)` has no state `\(state.text)`"
                    + Suggestion.didYouMean(state.text, in: names)
            report(
                .error(
                    CheckCode.unknownState, message, at: state.range,
                    fixIts: suggestion.map { [FixIt(range: state.range, replacement: $0)] } ?? []))
            return
        }
    }

    private mutating func checkTimer(_ id: Name, in scope: Scope) {
        let owners = screens(of: scope.owner)
        guard !owners.isEmpty else { return }
        for screen in owners {
            let actions =
                Inventory.ownActions(of: screen)
                + Inventory.components(usedBy: screen.elements, in: components).flatMap(Inventory.ownActions(of:))
                + Inventory.flatten(flow.onError ?? [])
            let ids: [String] = actions.compactMap {
                if case .timer(let timer) = $0.kind { return timer.id?.text }
                if case .send(_, _, let delivery, let options) = $0.kind, options?.delay != nil { return delivery.id }
                return nil
            }
            guard !ids.contains(id.text) else { continue }
            let suggestion = Suggestion.closest(to: id.text, in: ids)
            report(
                .error(
                    CheckCode.unknownTimer,
                    "screen `\(screen.name.text)` starts no timer with id `\(id.text)`"
                        + Suggestion.didYouMean(id.text, in: ids),
                    at: id.range, fixIts: suggestion.map { [FixIt(range: id.range, replacement: $0)] } ?? []))
            return
        }
    }

    /// `play` and `stop_playback` need the screen's `playback` to know the lines.
    private mutating func checkPlayback(_ action: Action, in scope: Scope) {
        guard let screen = screens(of: scope.owner).first(where: { $0.playback == nil }),
            scope.owner != .flow
        else { return }
        report(
            .error(
                CheckCode.playWithoutPlayback,
                "`\(action.keyword)` on screen `\(screen.name.text)`, which has no `playback` to play",
                at: action.range, notes: [DiagnosticNote("add `playback: { lines: …, current: … }` to the screen")]))
    }

    /// `set: { name: value }`: the target is a data variable or `form.field`, and the value fits its type.
    mutating func checkAssignment(_ assignment: Assignment, in scope: Scope) {
        let target = assignment.name.text
        let type = targetType(assignment.name, in: scope)
        check(
            assignment.value, in: scope, expecting: type, role: "the value of `\(target)`",
            code: CheckCode.assignmentTypeMismatch, strict: true)
    }

    /// A data variable `set`, `as`, `current` or `level` may write, or a report with did-you-mean.
    @discardableResult
    mutating func variableType(_ name: Name, in scope: Scope) -> ValueType? {
        if let type = scope.variables[name.text] {
            refer(.data, name, in: dataOwner(of: name.text, in: scope))
            return type
        }
        let suggestion = Suggestion.closest(to: name.text, in: scope.variables.keys)
        report(
            .error(
                CheckCode.unknownVariable,
                "unknown data variable `\(name.text)`" + Suggestion.didYouMean(name.text, in: scope.variables.keys),
                at: name.range, notes: [DiagnosticNote("declare it under `data:`")],
                fixIts: suggestion.map { [FixIt(range: name.range, replacement: $0)] } ?? []))
        return nil
    }

    /// A variable that receives a value of `value`'s type.
    mutating func checkVariable(_ name: Name, in scope: Scope, value: ValueType) {
        guard let type = variableType(name, in: scope) else { return }
        if !value.isAssignable(to: type) {
            report(
                .error(
                    CheckCode.assignmentTypeMismatch, "`\(name.text)` is `\(type)` but receives `\(value)`",
                    at: name.range))
        }
    }

    private mutating func checkSend(_ event: Name, _ arguments: [Assignment], in scope: Scope) {
        guard let declaration = events[event.text] else {
            for argument in arguments { check(argument.value, in: scope, role: "`\(argument.name.text)`") }
            return
        }
        checkArguments(
            arguments, against: declaration.payload.map { ($0.name.text, $0.type.text, !$0.type.text.hasSuffix("?")) },
            in: scope, owner: "event `\(event.text)`", at: event.range, declaredBy: .event(event.text),
            unknownCode: CheckCode.unknownEventField,
            missingCode: CheckCode.missingEventField)
    }

    /// A part of a name written as a plain or quoted scalar on one line.
    func subrange(of name: Name, from start: Int, length: Int) -> SourceRange {
        guard let file = file(name.range), name.range.start.line == name.range.end.line else { return name.range }
        var base = name.range.start.offset
        if base < file.bytes.count, file.bytes[base] == UInt8(ascii: "\"") || file.bytes[base] == UInt8(ascii: "'") {
            base += 1
        }
        guard base + start + length <= name.range.end.offset else { return name.range }
        return SourceRange(
            path: name.range.path, start: file.location(ofOffset: base + start),
            end: file.location(ofOffset: base + start + length))
    }
}
