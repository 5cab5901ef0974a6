import SegueModel

/// A nested state of a screen, by its number: the screen's states counted in document order, each before its
/// children (`Inventory.states`' order), as the compiled program numbers them.
public struct StateID: Hashable, Sendable {
    public let position: Int
}

/// One transition with the states it enters resolved.
public struct ResolvedTransition: Sendable {
    public let transition: GuardedActions
    /// Its actions, resolved.
    public let actions: [ResolvedAction]
    /// Its `goto:` targets, in the order written; empty for a targetless transition.
    public let targets: [StateID]
    /// For a targetless transition, the state the first `goto` written directly among its actions enters.
    public let impliedTarget: StateID?
}

/// A handler (`on: { event: … }`) with each alternative's targets resolved.
public struct ResolvedHandler: Sendable {
    public let event: Name
    public let alternatives: [ResolvedTransition]
}

/// An `invoke:` with its child chart as the checker checked it: the compiler compiles that, checking nothing again.
public struct ResolvedInvocation: Sendable {
    public let invocation: Invocation
    public let chart: CheckedFlow
    /// Its `finalize` actions, run in the parent, resolved.
    public let finalize: [ResolvedAction]
    /// The flow data variable (by position in `Flow.data`) its `idlocation` names.
    public let idLocation: Int?
}

/// One nested state with what it names resolved: its place in the chart, its transitions' targets, its charts.
public struct ResolvedState: Sendable {
    public let node: StateNode
    public let parent: StateID?
    public let children: [StateID]
    /// The children entered by default: the initial ones (a deeper one stands for its ancestors), or every region
    /// of a parallel state; never a history pseudo-state.
    public let initialChildren: [StateID]
    public let onEnter: [ResolvedAction]
    public let onExit: [ResolvedAction]
    /// `initial_do:`.
    public let initialActions: [ResolvedAction]
    public let handlers: [ResolvedHandler]
    public let always: [ResolvedTransition]
    public let historyDefault: ResolvedTransition?
    public let invocations: [ResolvedInvocation]
}

/// A screen's nested states, numbered, with the ones entered first.
public struct ScreenStates: Sendable {
    public let states: [ResolvedState]
    public let top: [StateID]
    /// The states entered when the screen appears, as `ResolvedState.initialChildren` for the screen's chart.
    public let initial: [StateID]
    /// Each state by its name (a name is declared once: C… refuses a second).
    public let index: [String: StateID]
}

/// A screen's elements, handlers and nested states, resolved by the checker.
public struct ResolvedScreen: Sendable {
    /// Its elements with the components they show.
    public let elements: [ResolvedElement]
    public let onEnter: [ResolvedAction]
    public let onExit: [ResolvedAction]
    public let onError: [ResolvedAction]?
    public let handlers: [ResolvedHandler]
    /// Nil when the screen has no `states:`.
    public let states: ScreenStates?
    /// Where its `playback:` keeps the current line, and its `recording:` the level.
    public let playbackCurrent: WriteTarget?
    public let recordingLevel: WriteTarget?
}

/// The numbering of one screen's states, built beside the checks that report a name that does not resolve (a
/// state declared twice, an initial state that is not inside its chart, a target that is no state): a name that
/// misses here was reported there, so no `CheckedFlow` carries a numbering that left one out.
struct StateNumbering {
    private(set) var nodes: [(node: StateNode, parent: StateID?)] = []
    private(set) var children: [[StateID]] = []
    private(set) var index: [String: StateID] = [:]

    /// The chart's own states.
    private(set) var top: [StateID] = []

    /// Numbers `chart`'s states in document order.
    init(_ chart: StateChart?) {
        guard let chart else { return }
        top = number(chart, parent: nil)
    }

    private mutating func number(_ chart: StateChart, parent: StateID?) -> [StateID] {
        var ids: [StateID] = []
        for node in chart.states {
            let id = StateID(position: nodes.count)
            if index[node.name.text] == nil { index[node.name.text] = id }
            nodes.append((node, parent))
            children.append([])
            ids.append(id)
            if let nested = node.children { children[id.position] = number(nested, parent: id) }
        }
        return ids
    }

    /// The states `chart` (whose states are `ids`) enters by default.
    func initial(of chart: StateChart, ids: [StateID]) -> [StateID] {
        let real = zip(chart.states, ids).filter { $0.0.history == nil }.map(\.1)
        if chart.parallel || chart.initial.isEmpty { return chart.parallel ? real : Array(real.prefix(1)) }
        // Descendants are numbered after the chart's first state: a deeper initial state lies in that range.
        let inside = (ids.first?.position ?? nodes.count)..<(ids.last.map { last(inside: $0) } ?? nodes.count)
        let initial = chart.initial.compactMap { name in
            index[name.text].flatMap { inside.contains($0.position) ? $0 : nil }
        }
        return initial.count == chart.initial.count ? initial : Array(real.prefix(1))
    }

    /// One past the last descendant of `id`.
    private func last(inside id: StateID) -> Int {
        guard let child = children[id.position].last else { return id.position + 1 }
        return last(inside: child)
    }
}

extension CheckRun {
    /// A transition with its targets, the state its first `goto` enters when it has none, and its actions resolved;
    /// a target that misses was reported (C102) and is counted in `unresolvedNames`.
    mutating func resolveTransition(_ transition: GuardedActions, in place: ResolutionPlace) -> ResolvedTransition {
        let states = place.states
        let targets = transition.targets.compactMap { states[$0.text] }
        unresolvedNames += transition.targets.count - targets.count
        let implied =
            transition.targets.isEmpty
            ? transition.actions.lazy.compactMap { action -> StateID? in
                guard case .goto(let name) = action.kind else { return nil }
                return states[name.text]
            }.first : nil
        return ResolvedTransition(
            transition: transition, actions: resolveActions(transition.actions, in: place), targets: targets,
            impliedTarget: implied)
    }

    mutating func resolveHandlers(_ handlers: [Handler], in place: ResolutionPlace) -> [ResolvedHandler] {
        handlers.map { handler in
            ResolvedHandler(
                event: handler.event, alternatives: handler.alternatives.map { resolveTransition($0, in: place) })
        }
    }
}
