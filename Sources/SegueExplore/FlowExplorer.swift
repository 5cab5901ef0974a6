import Foundation
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel

/// Where an exploration stands, for a progress line.
public struct ExplorationProgress: Sendable {
    public var states: Int
    public var frontier: Int
    public var depth: Int
    public var seconds: Double
}

/// What an exploration found: the graph, the findings with their shortest paths, and whether a bound stopped it.
public struct Exploration: Sendable {
    public var graph: StateGraph
    public var findings: [CheckFinding]
    /// Why it stopped before every state was explored, or nil when it finished.
    public var stoppedBy: String?
    public var depth: Int
    public var seconds: Double
    /// Steps not followed because they left too many copies of one call pending (`ExplorationBounds.maxSameCall`).
    public var prunedCalls: Int
    /// How much the resident memory grew while exploring, in bytes.
    public var memoryGrowth: Int
    /// The scope the flow was explored in; nil without one (`--scope none`).
    public var scope: CheckScope?
    /// What took steps out of the scope (`` `people` grew past 3 items ``), with how many steps were not followed
    /// for it; empty when the whole flow fits the scope.
    public var outOfScope: [String: Int] = [:]

    /// `clean within scope: lists ≤ 3 items, counters within ±10 (`people` grew past 3 items)`, or nil when nothing
    /// was cut.
    public var scopeNote: String? {
        guard let scope, !outOfScope.isEmpty else { return nil }
        return "within scope: \(scope) (" + outOfScope.keys.sorted().joined(separator: "; ") + ")"
    }
}

/// Explores every state a flow can reach from launch, breadth first, over every input the input query offers and
/// every outcome of every pending call, which it answers itself (docs/check.md).
///
///     let exploration = FlowExplorer(flow: flow, program: program).explore()
///     exploration.findings.map(\.code)  // [.invariantBroken]
public struct FlowExplorer: Sendable {
    let flow: Flow
    let machine: Machine

    public init(flow: Flow, program: Program) {
        self.flow = flow
        machine = Machine(program: program)
    }

    public func explore(
        _ bounds: ExplorationBounds = ExplorationBounds(), progress: ((ExplorationProgress) -> Void)? = nil,
        shouldStop: () -> Bool = { false }
    ) -> Exploration {
        let started = Date()
        let baseline = ResidentMemory.current()
        var memoryGrowth = 0
        // Locals, so the closures below capture the machine and not the explorer (and its whole flow) per step.
        let machine = machine
        let program = machine.program
        let explorerMoves = ExplorerMoves(
            machine: machine, outcomes: OutcomeSampler(flow: flow, program: program), interleave: bounds.interleave)
        var findings = FindingCollector(flow: flow, machine: machine)
        let scope = bounds.scopeListItems.map { CheckScope(listItems: $0, program: program) }
        var outOfScope: [String: Int] = [:]
        var truncated: Set<Int32> = []
        var graph = StateGraph()
        let launch = machine.step(MachineState(), .launch(LaunchEnvironment()))
        let dead = ScreenLocalData(flow: flow, program: program, launch: launch.state)
        var unread: UnreadData? = UnreadData(flow: flow, outcomes: explorerMoves.outcomes, launch: launch.state)
        let launched = CheckState(machine: MachineState(), pages: []).next(
            launch.state, canonical: CanonicalState.of(launch.state, clearing: dead, unread: &unread),
            effects: launch.effects, in: program)
        let (first, _) = graph.add(launched, from: -1, label: "launch")
        findings.observe(launch, by: "launch", from: -1, graph: graph)
        findings.inspect(launched.machine, id: first, graph: graph)
        // A restart leads where the launch environment and the persisted data say, whatever else the state held:
        // once one restart from such a state was followed, the others lead to the same state by the same steps.
        var restartsFollowed: Set<RestartKey> = []
        let expander = StateExpander(
            machine: machine, moves: explorerMoves, scope: scope,
            persistedSlots: program.data.indices.filter { program.data[$0].persist })
        // States are expanded a batch at a time on another thread while the batch before is merged here, in order,
        // so the graph, its numbering and the findings are those of a one-thread search (`expandAhead`); reaching a
        // batch, this thread expands the states the other has not claimed yet. A batch is expanded only once it is
        // reached when there is one core: after the batch before was merged.
        var batches: [ExpansionBatch] = []
        let worker = bounds.expandAhead ? ExpansionWorker() : nil
        defer { worker?.stop() }
        var dispatched = 0
        // What merging leaves over goes with the next batch, to be freed by the thread that expands it (`Leftovers`).
        var leftovers = Leftovers()
        func dispatch(upTo count: Int) {
            guard dispatched < count else { return }
            let end = min(count, dispatched + ExpansionBatch.size)
            let states = (dispatched..<end).map { graph.state(Int32($0)) }
            var handed = Leftovers()
            swap(&handed, &leftovers)
            batches.append(
                ExpansionBatch(
                    first: Int32(dispatched), states: states, expander: expander, knownRestarts: restartsFollowed,
                    worker: worker, leftovers: handed))
            dispatched = end
        }
        var head = 0
        var stoppedBy: String?
        var pruned = 0
        var lastReport = Date()
        search: while head < graph.count {
            if batches.isEmpty { dispatch(upTo: graph.count) }
            let batch = batches.removeFirst()
            var expansions = batch.expansions()
            if bounds.expandAhead { dispatch(upTo: graph.count) }
            // By index: binding an expansion would copy it, and a step's state taken out would copy its array.
            for offset in expansions.indices {
                if shouldStop() {
                    stoppedBy = "an interrupt"
                    break search
                }
                let current = batch.first + Int32(offset)
                head += 1
                if let limit = bounds.maxDepth, graph.depth(of: current) >= limit {
                    stoppedBy = stoppedBy ?? "the depth bound (\(Plural.english(limit, "step")))"
                    continue
                }
                // One copy per state, read in place after (through the batch each read would copy it again).
                let from = batch.states[offset]
                findings.offered(expansions[offset].available, in: from.machine)
                // Each move is taken out of the batch (popped, the moves being kept last first): binding an element
                // would copy it, a retain of every array in its step's state, and nothing reads it after.
                var moves: [StateExpansion.Tried] = []
                swap(&moves, &expansions[offset].tried)
                let ahead = expansions[offset].expandedAhead
                while var tried = moves.popLast() {
                    if let key = tried.restartKey, restartsFollowed.contains(key) {
                        leftovers.give(consume tried, expandedAhead: ahead)
                        continue
                    }
                    findings.observe(
                        tried.step, by: tried.move.label, from: current, graph: graph, replaying: tried.move.input,
                        in: from.machine)
                    if let what = tried.outOfScope {
                        outOfScope[what, default: 0] += 1
                        truncated.insert(current)
                        leftovers.give(consume tried, expandedAhead: ahead)
                        continue
                    }
                    // The step's state is made canonical and added where the step left it, in the move: taken out
                    // into a state of its own, it would need a placeholder to take its place, or be copied (a
                    // retain of each of its arrays).
                    let extra = from.extra(after: tried.step.effects, in: tried.step.state, program: program)
                    CanonicalState.make(&tried.step.state, clearing: dead, unread: &unread)
                    if Self.repeatsACall(tried.step.state, more: bounds.maxSameCall) {
                        pruned += 1
                        leftovers.give(consume tried, expandedAhead: ahead)
                        continue
                    }
                    let ignored = tried.step.trace.contains { if case .ignored = $0 { true } else { false } }
                    let (id, isNew) = graph.add(
                        tried.step.state, extra: extra, from: current, label: tried.move.label, ignored: ignored)
                    if isNew { findings.inspect(tried.step.state, id: id, graph: graph) }
                    if let key = tried.restartKey { restartsFollowed.insert(key) }
                    leftovers.give(consume tried, expandedAhead: ahead)
                }
                if ahead {
                    leftovers.moves.append(consume moves)
                    var available: [AvailableInput] = []
                    swap(&available, &expansions[offset].available)
                    leftovers.available.append(consume available)
                }
                if graph.count >= bounds.maxStates {
                    stoppedBy =
                        "the state bound (\(Plural.english(bounds.maxStates, "state")))"
                        + Self.growth(in: graph, program: program)
                    break search
                }
                if let limit = bounds.maxSeconds, Date().timeIntervalSince(started) > limit {
                    stoppedBy =
                        "the time bound (\(ExplorationBounds.seconds(limit)), \(Plural.english(graph.count, "state")))"
                        + Self.growth(in: graph, program: program)
                    break search
                }
                if head & 255 == 0 {
                    memoryGrowth = max(memoryGrowth, ResidentMemory.current() - baseline)
                    if memoryGrowth > bounds.maxMemory {
                        stoppedBy =
                            "the memory bound (\(bounds.maxMemory >> 20) MiB, \(Plural.english(graph.count, "state")))"
                            + Self.growth(in: graph, program: program)
                        break search
                    }
                }
                if let progress, Date().timeIntervalSince(lastReport) >= 0.5 {
                    lastReport = Date()
                    progress(
                        ExplorationProgress(
                            states: graph.count, frontier: graph.count - head, depth: graph.depth(of: current),
                            seconds: Date().timeIntervalSince(started)))
                }
            }
        }
        // A bound stopped the search: the batches still being expanded stop before the exploration is handed back.
        for batch in batches { batch.abandon() }
        memoryGrowth = max(memoryGrowth, ResidentMemory.current() - baseline)
        let complete = stoppedBy == nil
        let depth = graph.depth
        return Exploration(
            graph: graph,
            findings: findings.finish(
                graph: graph, complete: complete, truncated: truncated,
                scope: scope.flatMap { outOfScope.isEmpty ? nil : "within scope (\($0))" },
                passedThrough: { TransientStates.entered($0, graph: graph, moves: explorerMoves) }),
            stoppedBy: stoppedBy, depth: depth, seconds: Date().timeIntervalSince(started), prunedCalls: pruned,
            memoryGrowth: memoryGrowth, scope: scope, outOfScope: outOfScope)
    }

    /// Whether more than `limit` pending calls were started by the same `call` instruction.
    static func repeatsACall(_ state: MachineState, more limit: Int) -> Bool {
        guard state.pendingCalls.count > limit else { return false }
        var counts: [Int: Int] = [:]
        for call in state.pendingCalls {
            counts[call.pc, default: 0] += 1
            if counts[call.pc, default: 0] > limit { return true }
        }
        return false
    }

    /// Fewer values than this are a few cases, not growth (donate's `wall`: 0, 1, 50 or 51 entries).
    static let growingValues = 10

    /// Which data variable took the most values, when it took many: the one that keeps growing when a bound stops
    /// the exploration.
    static func growth(in graph: StateGraph, program: Program) -> String {
        var distinct = [Set<Value>](repeating: [], count: program.data.count)
        for id in 0..<graph.count {
            for (slot, value) in graph.state(Int32(id)).machine.data.enumerated() where slot < distinct.count {
                distinct[slot].insert(value)
            }
        }
        guard let slot = distinct.indices.max(by: { distinct[$0].count < distinct[$1].count }),
            distinct[slot].count >= growingValues
        else { return "" }
        return "; `\(program.data[slot].name)` kept growing (\(Plural.english(distinct[slot].count, "value")))"
    }
}

extension Input {
    /// A call's outcome: a service's answer, which the explorer samples, never a step of the flow's own.
    var isOutcome: Bool {
        if case .outcome = self { return true }
        return false
    }
}
