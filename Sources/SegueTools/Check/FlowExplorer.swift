import Foundation
import SegueExpression
import SegueModel
import SegueRuntime

/// How far an exploration may go.
public struct ExplorationBounds: Sendable {
    public var maxStates: Int
    public var maxDepth: Int?

    public init(maxStates: Int = 1_000_000, maxDepth: Int? = nil) {
        self.maxStates = maxStates
        self.maxDepth = maxDepth
    }
}

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
        let program = machine.program
        let inputs = InputSampler(machine: machine)
        let outcomes = OutcomeSampler(flow: flow, program: program)
        var findings = FindingCollector(flow: flow, program: program)
        var graph = StateGraph()
        let launch = machine.step(MachineState(), .launch(LaunchEnvironment()))
        let (first, _) = graph.add(CanonicalState.of(launch.state), from: -1, label: "launch")
        findings.observe(launch, by: "launch", from: -1, graph: graph)
        findings.inspect(state: first, graph: graph)
        var head = 0
        var stoppedBy: String?
        var lastReport = Date()
        while head < graph.count {
            if shouldStop() {
                stoppedBy = "interrupted"
                break
            }
            let current = Int32(head)
            head += 1
            if let limit = bounds.maxDepth, graph.depth(of: current) >= limit {
                stoppedBy = stoppedBy ?? "the depth bound (\(limit) steps)"
                continue
            }
            let state = graph.states[Int(current)]
            findings.offered(machine.inputs(in: state), in: state)
            var moves = inputs.moves(in: state).map { ($0.label, $0.input) }
            for call in state.pendingCalls {
                for choice in outcomes.outcomes(service: call.service, operation: call.operation, pc: call.pc) {
                    moves.append(
                        ("\(call.service).\(call.operation) → \(choice.label)", .outcome(call: call.id, choice.outcome))
                    )
                }
            }
            if let playback = state.playback, let call = playback.call {
                for choice in outcomes.timelineOutcomes(lines: playback.lines.count) {
                    moves.append(("the audio timeline → \(choice.label)", .outcome(call: call, choice.outcome)))
                }
            }
            for (label, input) in moves {
                let step = machine.step(state, input)
                findings.observe(step, by: label, from: current, graph: graph)
                let (next, isNew) = graph.add(CanonicalState.of(step.state), from: current, label: label)
                if isNew { findings.inspect(state: next, graph: graph) }
            }
            if graph.count >= bounds.maxStates {
                stoppedBy = "the state bound (\(bounds.maxStates) states)" + Self.growth(in: graph, program: program)
                break
            }
            if let progress, Date().timeIntervalSince(lastReport) >= 0.5 {
                lastReport = Date()
                progress(
                    ExplorationProgress(
                        states: graph.count, frontier: graph.count - head, depth: graph.depth(of: current),
                        seconds: Date().timeIntervalSince(started)))
            }
        }
        let complete = stoppedBy == nil
        let depth = (0..<graph.count).map { graph.depth(of: Int32($0)) }.max() ?? 0
        return Exploration(
            graph: graph, findings: findings.finish(graph: graph, complete: complete), stoppedBy: stoppedBy,
            depth: depth, seconds: Date().timeIntervalSince(started))
    }

    /// Which data variable took the most values: the one that keeps growing when a bound stops the exploration.
    static func growth(in graph: StateGraph, program: Program) -> String {
        var distinct = [Set<Value>](repeating: [], count: program.data.count)
        for state in graph.states {
            for (slot, value) in state.data.enumerated() where slot < distinct.count { distinct[slot].insert(value) }
        }
        guard let slot = distinct.indices.max(by: { distinct[$0].count < distinct[$1].count }),
            distinct[slot].count > 1
        else { return "" }
        return "; `\(program.data[slot].name)` kept growing (\(distinct[slot].count) values)"
    }
}
