import SegueMachine

/// A few runs from launch that together take every transition an exploration found that a scenario can take:
/// shortest paths to where something is left to take, then onward over what is not taken yet, merged greedily
/// (`segue check --scenarios DIR`, docs/check.md).
///
/// A scenario answers each call as soon as it is made (its `next:` outcome is scripted before the step), the oldest
/// first, and plays audio at the real length of its clips; so a transition taken while a call is pending other
/// than answering the oldest one, or while lines play, cannot be written as a scenario and is left out (counted).
///
///     let cover = TransitionCover(graph: exploration.graph)
///     cover.runs  // [["launch", "tap donate", "store.products → ok, 1 item", …], …]
public struct TransitionCover: Sendable {
    /// Each run as the names of its steps, launch first.
    public private(set) var runs: [[String]] = []
    /// Transitions the runs take.
    public private(set) var covered = 0
    /// Transitions no scenario can take (a step while a call is pending, while lines play), or reachable only
    /// through such ones.
    public private(set) var leftOut = 0

    /// The most steps one run takes before it ends and the next starts from launch, so each stays readable.
    static let longestRun = 40

    public init(graph: StateGraph) {
        guard graph.count > 0 else { return }
        let count = graph.count
        let edges = graph.edges
        var outgoing = [[Int]](repeating: [], count: count)
        // The states are unpacked one at a time: the edges come grouped by the state they leave.
        var leaving: (id: Int32, state: MachineState)?
        for (index, edge) in edges.enumerated() where !graph.ignoredEdges.contains(index) {
            if leaving?.id != edge.from { leaving = (edge.from, graph.state(edge.from).machine) }
            if let leaving, Self.scenarioCanTake(graph.label(edge.label), from: leaving.state) {
                outgoing[Int(edge.from)].append(index)
            }
        }
        let settled = (0..<count).map { graph.state(Int32($0)).machine.pendingCalls.isEmpty }
        // The shortest way from launch to each state over transitions a scenario can take.
        var via = [Int](repeating: -1, count: count)
        var seen = [Bool](repeating: false, count: count)
        var order: [Int] = [0]
        seen[0] = true
        var head = 0
        while head < order.count {
            let state = order[head]
            head += 1
            for edge in outgoing[state] where !seen[Int(edges[edge].to)] {
                let target = Int(edges[edge].to)
                seen[target] = true
                via[target] = edge
                order.append(target)
            }
        }
        var taken = [Bool](repeating: false, count: edges.count)
        var untaken = outgoing.map(\.count)
        func shortestPath(to state: Int) -> [Int] {
            var steps: [Int] = []
            var current = state
            while via[current] >= 0 {
                steps.append(via[current])
                current = Int(edges[via[current]].from)
            }
            return steps.reversed()
        }
        var next = 0
        while next < order.count {
            let start = order[next]
            guard untaken[start] > 0 else {
                next += 1
                continue
            }
            var run = shortestPath(to: start)
            var current = start
            // At least the one step left to take from `start`, then onward while the run is short enough: over a
            // step not taken yet, or the shortest way to the nearest state that has one.
            while run.count < Self.longestRun || current == start {
                let onward =
                    outgoing[current].first(where: { !taken[$0] }).map { [$0] }
                    ?? Self.nearest(from: current, edges: edges, outgoing: outgoing) { untaken[$0] > 0 }
                guard !onward.isEmpty, run.count + onward.count <= Self.longestRun || current == start else { break }
                for edge in onward {
                    run.append(edge)
                    current = Int(edges[edge].to)
                    if !taken[edge] {
                        taken[edge] = true
                        untaken[Int(edges[edge].from)] -= 1
                    }
                }
            }
            // A run ends where no call is left for the scenario's services to answer in their own way.
            run += Self.nearest(from: current, edges: edges, outgoing: outgoing) { settled[$0] }
            for edge in run where !taken[edge] {
                taken[edge] = true
                untaken[Int(edges[edge].from)] -= 1
            }
            runs.append([graph.label(graph.step[0])] + run.map { graph.label(edges[$0].label) })
        }
        covered = taken.filter { $0 }.count
        leftOut = edges.count - covered
    }

    /// The shortest continuation from `state` to one where `wanted` holds (empty when it holds there or nowhere).
    static func nearest(
        from state: Int, edges: [(from: Int32, to: Int32, label: Int32)], outgoing: [[Int]], _ wanted: (Int) -> Bool
    ) -> [Int] {
        guard !wanted(state) else { return [] }
        var via: [Int: Int] = [state: -1]
        var queue = [state]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            if wanted(current) {
                var steps: [Int] = []
                var back = current
                while let edge = via[back], edge >= 0 {
                    steps.append(edge)
                    back = Int(edges[edge].from)
                }
                return steps.reversed()
            }
            for edge in outgoing[current] where via[Int(edges[edge].to)] == nil {
                via[Int(edges[edge].to)] = edge
                queue.append(Int(edges[edge].to))
            }
        }
        return []
    }

    /// Whether a scenario can take the step `label` from `state`: any step when nothing is pending and no lines
    /// play, else only the answer to the oldest pending call.
    static func scenarioCanTake(_ label: String, from state: MachineState) -> Bool {
        if state.playback != nil || label.hasPrefix(ExplorerMoves.timeline) { return false }
        guard let oldest = state.pendingCalls.first else { return true }
        let twins = state.pendingCalls.filter { $0.service == oldest.service && $0.operation == oldest.operation }
        let which = twins.count > 1 ? " (call 1)" : ""
        return label.hasPrefix("\(oldest.service).\(oldest.operation)\(which) → ")
    }
}
