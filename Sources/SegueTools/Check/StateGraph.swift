import SegueRuntime

/// The states an exploration met, each once, with the shortest way to it: its parent and the step from there.
///
///     graph.path(to: 7)  // ["launch", "tap donate", "store.purchase → cancelled"]
public struct StateGraph: Sendable {
    public private(set) var states: [CheckState] = []
    /// Each state's hash, computed once: the table below is rebuilt from these when it grows, never by rehashing.
    private var hashes: [Int] = []
    /// Open addressing over state numbers (-1: empty slot), a power of two long, at most half full.
    private var table = [Int32](repeating: -1, count: 1 << 12)
    /// The state each one was first reached from (-1 for the launch state), and the step taken.
    private(set) var parent: [Int32] = []
    private(set) var step: [Int32] = []
    private(set) var depth: [Int32] = []
    /// Each step's name, interned.
    private(set) var labels: [String] = []
    private var labelIndex: [String: Int32] = [:]
    /// Every transition: where from, where to, and the step's interned name.
    private(set) var edges: [(from: Int32, to: Int32, label: Int32)] = []
    /// The step that kills and relaunches the app: not a way back for `always_possible`.
    static let restart = "restart the app"
    private var restartLabel: Int32 = -1

    public var count: Int { states.count }
    /// Transitions without the restarts, which are not kept as edges.
    public var transitionCount: Int { edges.count }

    /// Transitions whose step the app ignored in part (an `open_url` of no link): a scenario fails such a step.
    private(set) var ignoredEdges: Set<Int> = []

    /// Adds `state` reached from `from` by `label`; returns its number and whether it is new.
    mutating func add(_ state: CheckState, from: Int32, label: String, ignored: Bool = false) -> (Int32, Bool) {
        let labelID = intern(label)
        if ignored, from >= 0, labelID != restartLabel { ignoredEdges.insert(edges.count) }
        let hash = state.hashValue
        let mask = table.count - 1
        var slot = hash & mask
        while table[slot] >= 0 {
            let known = table[slot]
            if hashes[Int(known)] == hash, states[Int(known)] == state {
                if from >= 0, labelID != restartLabel { edges.append((from, known, labelID)) }
                return (known, false)
            }
            slot = (slot + 1) & mask
        }
        let id = Int32(states.count)
        states.append(state)
        hashes.append(hash)
        table[slot] = id
        if states.count * 2 > table.count { grow() }
        parent.append(from)
        step.append(labelID)
        depth.append(from < 0 ? 0 : depth[Int(from)] + 1)
        if from >= 0, labelID != restartLabel { edges.append((from, id, labelID)) }
        return (id, true)
    }

    /// The steps from launch to `state`, the first being the launch itself.
    public func path(to state: Int32) -> [String] {
        var steps: [String] = []
        var current = state
        while current >= 0 {
            steps.append(labels[Int(step[Int(current)])])
            current = parent[Int(current)]
        }
        return steps.reversed()
    }

    func depth(of state: Int32) -> Int { Int(depth[Int(state)]) }

    /// The name of an interned step.
    func label(_ id: Int32) -> String { labels[Int(id)] }

    /// The states from which some state in `targets` can be reached (backward reachability over the edges).
    func canReach(_ targets: [Bool]) -> [Bool] {
        var reaches = targets
        var predecessors = [[Int32]](repeating: [], count: states.count)
        for edge in edges { predecessors[Int(edge.to)].append(edge.from) }
        var queue = targets.indices.filter { targets[$0] }.map { Int32($0) }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for previous in predecessors[Int(current)] where !reaches[Int(previous)] {
                reaches[Int(previous)] = true
                queue.append(previous)
            }
        }
        return reaches
    }

    /// Doubles the table and places every state again by its stored hash.
    private mutating func grow() {
        table = [Int32](repeating: -1, count: table.count * 2)
        let mask = table.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = hash & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(id)
        }
    }

    private mutating func intern(_ label: String) -> Int32 {
        if let known = labelIndex[label] { return known }
        let id = Int32(labels.count)
        if label == Self.restart { restartLabel = id }
        labels.append(label)
        labelIndex[label] = id
        return id
    }
}
