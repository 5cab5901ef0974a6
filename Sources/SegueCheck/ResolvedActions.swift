import SegueModel

/// An action with the screen, parameters and state it names resolved, and the action lists inside it in turn: the
/// compiler walks these, and looks no screen or state up.
public struct ResolvedAction: Sendable {
    public let action: Action
    public let kind: Kind

    /// `Action.Kind`, with what a navigation and a `goto` name resolved.
    public enum Kind: Sendable {
        /// Its target (nil for `dismiss`, `pop` and `pop_to_root`, which name none), each argument with the
        /// position of the parameter it fills, its `on_result` actions.
        case navigate(Navigation, target: ScreenID?, arguments: [ResolvedArgument], onResult: [ResolvedAction]?)
        case goto(StateID)
        case set([Assignment])
        case bind([Assignment])
        case listEdit(ListEdit)
        case send(event: Name, arguments: [Assignment], delivery: SendDelivery, options: SendOptions?)
        case emit(event: Name, arguments: [Assignment])
        case call(ResolvedCall)
        case alert(AlertSpec)
        case branch(condition: ExpressionText, then: [ResolvedAction], otherwise: [ResolvedAction])
        case forEach(ForEachLoop, body: [ResolvedAction])
        case timer(TimerSpec, body: [ResolvedAction])
        case cancelTimer(Name, computed: Computed?)
        case openURL(ExpressionText)
        case play(PlayRequest)
        case stopPlayback
    }
}

/// A screen argument (`with: { name: value }`) and the position of the parameter it fills.
public struct ResolvedArgument: Sendable {
    public let argument: Assignment
    public let parameter: Int
}

/// A call with its outcome branches resolved.
public struct ResolvedCall: Sendable {
    public let call: Call
    public let ok: [ResolvedAction]?
    public let error: [ResolvedAction]?
    public let cancelled: [ResolvedAction]?
    public let codes: [(code: Name, actions: [ResolvedAction])]
}

extension CheckRun {
    /// `actions` with what they name resolved, where `states` are the states a `goto` may enter (none at the flow's
    /// level). A name that misses was reported by the check of that name (C101, C102, C112), and is counted in
    /// `unresolvedNames`: no `CheckedFlow` is made with one.
    mutating func resolveActions(_ actions: [Action], states: [String: StateID]) -> [ResolvedAction] {
        var resolved: [ResolvedAction] = []
        resolved.reserveCapacity(actions.count)
        for action in actions {
            guard let kind = resolveKind(action.kind, states: states) else {
                unresolvedNames += 1
                continue
            }
            resolved.append(ResolvedAction(action: action, kind: kind))
        }
        return resolved
    }

    private mutating func resolveKind(_ kind: Action.Kind, states: [String: StateID]) -> ResolvedAction.Kind? {
        func inner(_ actions: [Action], into run: inout CheckRun) -> [ResolvedAction] {
            run.resolveActions(actions, states: states)
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
            return states[name.text].map { .goto($0) }
        case .set(let assignments): return .set(assignments)
        case .bind(let assignments): return .bind(assignments)
        case .listEdit(let edit): return .listEdit(edit)
        case .send(let event, let arguments, let delivery, let options):
            return .send(event: event, arguments: arguments, delivery: delivery, options: options)
        case .emit(let event, let arguments): return .emit(event: event, arguments: arguments)
        case .call(let call):
            return .call(
                ResolvedCall(
                    call: call, ok: call.ok.map { inner($0, into: &self) },
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
        case .play(let request): return .play(request)
        case .stopPlayback: return .stopPlayback
        }
    }
}
