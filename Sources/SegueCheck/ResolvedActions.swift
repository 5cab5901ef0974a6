import SegueModel

/// An action with the screen, parameters and state it names resolved, and the action lists inside it in turn: the
/// compiler walks these, and looks no screen or state up.
public struct ResolvedAction: Sendable {
    public let action: Action
    public let kind: Kind

    /// `Action.Kind`, with what a navigation and a `goto` name resolved. Indirect, as `Action.Kind` is: stored inline,
    /// its largest case (a call with its branches) made every action of a checked flow over 500 bytes.
    public indirect enum Kind: Sendable {
        /// Its target (nil for `dismiss`, `pop` and `pop_to_root`, which name none), each argument with the
        /// position of the parameter it fills, its `on_result` actions.
        case navigate(Navigation, target: ScreenID?, arguments: [ResolvedArgument], onResult: [ResolvedAction]?)
        case goto(StateID)
        case set([ResolvedAssignment])
        case bind([Assignment])
        /// A list action, the variable (or form field) its target starts at and the steps inside it.
        case listEdit(ListEdit, target: WriteTarget, steps: [WriteStep])
        /// `id_as:`'s variable resolved.
        case send(
            event: Name, arguments: [Assignment], delivery: SendDelivery, options: SendOptions?,
            idLocation: WriteTarget?)
        case emit(event: Name, arguments: [Assignment])
        case call(ResolvedCall)
        case alert(AlertSpec)
        case branch(condition: ExpressionText, then: [ResolvedAction], otherwise: [ResolvedAction])
        case forEach(ForEachLoop, body: [ResolvedAction])
        case timer(TimerSpec, body: [ResolvedAction])
        case cancelTimer(Name, computed: Computed?)
        case openURL(ExpressionText)
        /// Where the screen's playback keeps the current line (nil without `playback:`).
        case play(PlayRequest, current: WriteTarget?)
        case stopPlayback
    }
}

/// What a `set:`, a list action, `as:`, `id_as:`, `current:` or `level:` writes: a data variable of the flow or of
/// the screen (its parameters first, then its data, by position), or a field of the screen's form (by its position in
/// `Screen.formFields`); a path inside one (`person.surname`, `people[i]`) starts there.
public enum WriteTarget: Sendable, Hashable {
    case flow(Int)
    case screen(Int)
    case field(Int)
}

/// One `set:` key, the variable (or form field) it starts at, and the steps inside it.
public struct ResolvedAssignment: Sendable {
    public let assignment: Assignment
    public let target: WriteTarget
    public let steps: [WriteStep]
}

/// A step inside the variable a `set:` key or a list action's target starts at (`people[i].surname`: item `i`, then
/// field `surname`; `form.x` and a plain variable have none): a field, or an item at a position as the checker
/// parsed it, with its text as written.
public enum WriteStep: Sendable {
    case field(String)
    case item(LoweredExpression, text: String)
}

/// A screen argument (`with: { name: value }`) and the position of the parameter it fills.
public struct ResolvedArgument: Sendable {
    public let argument: Assignment
    public let parameter: Int
}

/// A call with its outcome branches resolved.
public struct ResolvedCall: Sendable {
    public let call: Call
    /// `as:`'s variable.
    public let result: WriteTarget?
    public let ok: [ResolvedAction]?
    public let error: [ResolvedAction]?
    public let cancelled: [ResolvedAction]?
    public let codes: [(code: Name, actions: [ResolvedAction])]
}

extension CheckRun {
    /// `actions` with what they name resolved in `place` (its states are the ones a `goto` may enter, its variables
    /// and form the ones a `set:` may write). A name that misses was reported by the check of that name (C101, C102,
    /// C104, C112, C114), and is counted in `unresolvedNames`: no `CheckedFlow` is made with one.
    mutating func resolveActions(_ actions: [Action], in place: ResolutionPlace) -> [ResolvedAction] {
        var resolved: [ResolvedAction] = []
        resolved.reserveCapacity(actions.count)
        for action in actions {
            guard let kind = resolveKind(action.kind, in: place) else {
                unresolvedNames += 1
                continue
            }
            resolved.append(ResolvedAction(action: action, kind: kind))
        }
        return resolved
    }

    private mutating func resolveKind(_ kind: Action.Kind, in place: ResolutionPlace) -> ResolvedAction.Kind? {
        func inner(_ actions: [Action], into run: inout CheckRun) -> [ResolvedAction] {
            run.resolveActions(actions, in: place)
        }
        switch kind {
        case .navigate(let navigation):
            let onResult = navigation.onResult.map { inner($0, into: &self) }
            guard let name = navigation.target else {
                return .navigate(navigation, target: nil, arguments: [], onResult: onResult)
            }
            guard let position = index.positions[name.text] else { return nil }
            let parameters = flow.screens[position].parameters
            var arguments: [ResolvedArgument] = []
            for argument in navigation.arguments {
                guard let parameter = parameters.firstIndex(where: { $0.name.text == argument.name.text }) else {
                    return nil
                }
                arguments.append(ResolvedArgument(argument: argument, parameter: parameter))
            }
            return .navigate(
                navigation, target: ScreenID(position: position), arguments: arguments, onResult: onResult)
        case .goto(let name):
            return place.states[name.text].map { .goto($0) }
        case .set(let assignments):
            var resolved: [ResolvedAssignment] = []
            for assignment in assignments {
                guard let target = resolvePath(assignment.name, in: place),
                    let steps = writeSteps(of: assignment.name)
                else { return nil }
                resolved.append(ResolvedAssignment(assignment: assignment, target: target, steps: steps))
            }
            return .set(resolved)
        case .bind(let assignments): return .bind(assignments)
        case .listEdit(let edit):
            guard let target = resolvePath(edit.target, in: place), let steps = writeSteps(of: edit.target) else {
                return nil
            }
            return .listEdit(edit, target: target, steps: steps)
        case .send(let event, let arguments, let delivery, let options):
            var idLocation: WriteTarget?
            if let location = options?.idLocation {
                guard let target = resolveWrite(location, in: place) else { return nil }
                idLocation = target
            }
            return .send(
                event: event, arguments: arguments, delivery: delivery, options: options, idLocation: idLocation)
        case .emit(let event, let arguments): return .emit(event: event, arguments: arguments)
        case .call(let call):
            var result: WriteTarget?
            if let variable = call.resultVariable {
                guard let target = resolveWrite(variable, in: place) else { return nil }
                result = target
            }
            return .call(
                ResolvedCall(
                    call: call, result: result, ok: call.ok.map { inner($0, into: &self) },
                    error: call.error.map { inner($0, into: &self) },
                    cancelled: call.cancelled.map { inner($0, into: &self) },
                    codes: call.codes.map { (code: $0.code, actions: inner($0.actions, into: &self)) }))
        case .alert(let alert): return .alert(alert)
        case .branch(let condition, let then, let otherwise):
            return .branch(
                condition: condition, then: inner(then, into: &self), otherwise: inner(otherwise, into: &self))
        case .forEach(let loop): return .forEach(loop, body: inner(loop.actions, into: &self))
        case .timer(let timer): return .timer(timer, body: inner(timer.actions, into: &self))
        case .cancelTimer(let name, let computed): return .cancelTimer(name, computed: computed)
        case .openURL(let url): return .openURL(url)
        case .play(let request):
            guard let playback = place.screen.flatMap({ flow.screens[$0].playback }) else {
                return .play(request, current: nil)
            }
            return resolveWrite(playback.current, in: place).map { .play(request, current: $0) }
        case .stopPlayback: return .stopPlayback
        }
    }
}

extension CheckRun {
    /// The variable (or form field) a `set:` key or a list action's target starts at: `form.x`, or the root of a
    /// path (`person` of `person.surname`, `people` of `people[i]`).
    func resolvePath(_ name: Name, in place: ResolutionPlace) -> WriteTarget? {
        guard let path = AssignmentPath(name.text), !path.steps.isEmpty, path.root != ImplicitName.form.rawValue else {
            return resolveWrite(name, in: place)
        }
        return resolveWrite(Name(path.root, at: name.range), in: place)
    }

    /// The steps inside the variable `name` starts at, as the check of its target typed them (`writeSteps`); none for
    /// a plain variable or `form.x`. Nil when that check did not finish, having reported why (or, a bug in segue,
    /// never ran: kept in `unparsedWrites`, which the checker reports as C900).
    mutating func writeSteps(of name: Name) -> [WriteStep]? {
        guard let path = AssignmentPath(name.text), !path.steps.isEmpty, path.root != ImplicitName.form.rawValue else {
            return []
        }
        guard let steps = writeSteps[name.range] else {
            unparsedWrites.append(name)
            return nil
        }
        return steps
    }

    /// `form.<field>` of the screen, a data variable of the screen (which hides the flow's of that name), or one of
    /// the flow: as the checker types it (`dataOwner(of:in:)`), never a parameter, which `set:` cannot change.
    func resolveWrite(_ name: Name, in place: ResolutionPlace) -> WriteTarget? {
        let text = name.text
        let form = ImplicitName.form.rawValue + "."
        if text.hasPrefix(form) {
            let field = text.dropFirst(form.count)
            return place.screen.flatMap { screen in
                flow.screens[screen].formFields.lastIndex { $0.id.text == field }.map { .field($0) }
            }
        }
        if let screen = place.screen {
            let declared = flow.screens[screen]
            if let slot = declared.data.lastIndex(where: { $0.name.text == text }) {
                return .screen(declared.parameters.count + slot)
            }
        }
        return flowDataPositions[text].map { .flow($0) }
    }
}

extension CheckRun {
    /// What `name` (when given) writes; a miss, reported by its check (C114), is counted in `unresolvedNames`.
    mutating func resolveWriteCounted(_ name: Name?, in place: ResolutionPlace) -> WriteTarget? {
        guard let name else { return nil }
        guard let target = resolveWrite(name, in: place) else {
            unresolvedNames += 1
            return nil
        }
        return target
    }
}
