import Foundation
import SegueMachine

/// The states an exploration met, each once, with the shortest way to it: its parent and the step from there.
///
/// Each state is kept packed (`StatePacker`: a few dozen bytes, not a tree of values) and found again by the hash
/// of its bytes; states with the same hash are told apart by comparing their bytes, so no two states are ever
/// taken for one (docs/check.md, "Memory").
///
///     graph.path(to: 7)  // ["launch", "tap donate", "store.purchase → cancelled"]
public struct StateGraph: Sendable {
    private var packer = StatePacker()
    /// The pages and echoes kept beside the states, each distinct one once; a state packs its number here.
    private var extras: [CheckState.Extra] = []
    private var extraNumbers: [CheckState.Extra: Int] = [:]
    /// The number `extraNumber` gave last: a state's successors mostly keep its pages, found without hashing them.
    private var lastExtra = 0
    /// Every state's bytes, one after another: state `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
    private var bytes: [UInt8] = []
    private var offsets: [Int] = [0]
    /// Open addressing over states: the high 32 bits hold the state's hash, the low 32 its number + 1 (0: empty);
    /// a power of two long, at most 70% full.
    private var table = [UInt64](repeating: 0, count: 1 << 12)
    /// Where a state is packed before it is known to be new.
    private var scratch: [UInt8] = []
    /// The state each one was first reached from (-1 for the launch state), and the step taken.
    private(set) var parent: [Int32] = []
    private(set) var step: [Int32] = []
    /// The first state of each depth: breadth first, a state's number grows with its depth.
    private var depthStarts: [Int32] = []
    /// Each step's name, interned.
    private(set) var labels: [String] = []
    private var labelIndex: [String: Int32] = [:]
    /// The last names interned, compared before the table is hashed: a state's moves mostly have its predecessor's
    /// names, each a copy of one string, and comparing copies of one string compares no characters.
    private var recentLabels: [(label: String, id: Int32)] = []
    private var nextRecent = 0
    private static let recentCount = 16
    /// Every transition but the restarts, grouped by the state it leaves (states are expanded in order): the
    /// transitions from state `s` are `firstEdge[s] ..< firstEdge[s + 1]` (or up to the end for the last).
    private var edgeTargets: [Int32] = []
    private var edgeLabels: [Int32] = []
    private var firstEdge: [Int32] = []
    /// The step that kills and relaunches the app: not a way back for `always_possible`.
    static let restart = "restart the app"
    private var restartLabel: Int32 = -1

    public var count: Int { parent.count }
    /// Transitions without the restarts, which are not kept as edges.
    public var transitionCount: Int { edgeTargets.count }

    /// Transitions whose step the app ignored in part (an `open_url` of no link): a scenario fails such a step.
    private(set) var ignoredEdges: Set<Int> = []

    /// The bytes the states take, for the benchmark: the packed states, their offsets, the table, the edges.
    var storedBytes: Int {
        bytes.count + offsets.count * 8 + table.count * 8 + parent.count * 8 + edgeTargets.count * 8
            + firstEdge.count * 4
    }

    /// Adds `state` reached from `from` by `label`; returns its number and whether it is new. Transitions are
    /// added from one state after another (`from` never goes back), as a breadth-first search makes them.
    mutating func add(_ state: CheckState, from: Int32, label: String, ignored: Bool = false) -> (Int32, Bool) {
        add(state.machine, extra: state.extra, from: from, label: label, ignored: ignored)
    }

    /// `add(_:from:label:ignored:)` for a machine state and what is kept beside it, apart: the search adds each
    /// step's state where the step left it, without making a `CheckState` of it (and a placeholder to take it out).
    mutating func add(
        _ machine: MachineState, extra: CheckState.Extra, from: Int32, label: String, ignored: Bool = false
    ) -> (Int32, Bool) {
        let labelID = intern(label)
        scratch.removeAll(keepingCapacity: true)
        packer.pack(machine, extra: extraNumber(of: extra), into: &scratch)
        let hash = scratch.withUnsafeBytes { Self.hash($0) }
        let tag = UInt64(truncatingIfNeeded: hash) << 32
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while table[slot] != 0 {
            let entry = table[slot]
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let known = Int32(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                if storedBytesEqual(known, scratch) {
                    if from >= 0, labelID != restartLabel { addEdge(from: from, to: known, label: labelID, ignored) }
                    return (known, false)
                }
            }
            slot = (slot + 1) & mask
        }
        let id = Int32(parent.count)
        bytes.append(contentsOf: scratch)
        offsets.append(bytes.count)
        table[slot] = tag | UInt64(id + 1)
        parent.append(from)
        step.append(labelID)
        let depth = from < 0 ? 0 : depth(of: from) + 1
        if depth >= depthStarts.count { depthStarts.append(id) }
        if parent.count * 10 > table.count * 7 { grow() }
        if from >= 0, labelID != restartLabel { addEdge(from: from, to: id, label: labelID, ignored) }
        return (id, true)
    }

    /// A state as it was added.
    public func state(_ id: Int32) -> CheckState {
        let range = offsets[Int(id)]..<offsets[Int(id) + 1]
        let unpacked = bytes.withUnsafeBufferPointer { all in
            packer.unpack(UnsafeBufferPointer(rebasing: all[range]))
        }
        guard let unpacked, extras.indices.contains(unpacked.extra) else {
            preconditionFailure("state \(id) does not unpack: the packer's tables changed")
        }
        return CheckState(machine: unpacked.state, extra: extras[unpacked.extra])
    }

    /// Every state, unpacked: a copy of all of them, for reports and tests.
    public var states: [CheckState] { (0..<count).map { state(Int32($0)) } }

    /// Every transition: where from, where to, and the step's interned name.
    public var edges: [(from: Int32, to: Int32, label: Int32)] {
        var edges: [(from: Int32, to: Int32, label: Int32)] = []
        edges.reserveCapacity(edgeTargets.count)
        for from in firstEdge.indices {
            for index in edgeRange(of: Int32(from)) {
                edges.append((Int32(from), edgeTargets[index], edgeLabels[index]))
            }
        }
        return edges
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

    func depth(of state: Int32) -> Int {
        // The last depth that starts at or before `state`.
        var low = 0
        var high = depthStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if depthStarts[middle] <= state { low = middle } else { high = middle }
        }
        return low
    }

    /// The deepest state's depth.
    var depth: Int { max(0, depthStarts.count - 1) }

    /// The name of an interned step.
    func label(_ id: Int32) -> String { labels[Int(id)] }

    /// The states from which some state in `targets` can be reached (backward reachability over the edges).
    func canReach(_ targets: [Bool]) -> [Bool] {
        var reaches = targets
        // Predecessors grouped by target, counted first so they take two flat arrays.
        var starts = [Int32](repeating: 0, count: count + 1)
        for target in edgeTargets { starts[Int(target) + 1] += 1 }
        for index in 0..<count { starts[index + 1] += starts[index] }
        var filled = starts
        var sources = [Int32](repeating: 0, count: edgeTargets.count)
        for from in firstEdge.indices {
            for index in edgeRange(of: Int32(from)) {
                let target = Int(edgeTargets[index])
                sources[Int(filled[target])] = Int32(from)
                filled[target] += 1
            }
        }
        var queue = targets.indices.filter { targets[$0] }.map { Int32($0) }
        var head = 0
        while head < queue.count {
            let current = Int(queue[head])
            head += 1
            for index in Int(starts[current])..<Int(starts[current + 1]) {
                let previous = sources[index]
                if !reaches[Int(previous)] {
                    reaches[Int(previous)] = true
                    queue.append(previous)
                }
            }
        }
        return reaches
    }

    private func edgeRange(of from: Int32) -> Range<Int> {
        let index = Int(from)
        let end = index + 1 < firstEdge.count ? Int(firstEdge[index + 1]) : edgeTargets.count
        return Int(firstEdge[index])..<end
    }

    private mutating func addEdge(from: Int32, to: Int32, label: Int32, _ ignored: Bool) {
        precondition(Int(from) + 1 >= firstEdge.count, "transitions are added from one state after another")
        while firstEdge.count <= Int(from) { firstEdge.append(Int32(edgeTargets.count)) }
        if ignored { ignoredEdges.insert(edgeTargets.count) }
        edgeTargets.append(to)
        edgeLabels.append(label)
    }

    private func storedBytesEqual(_ id: Int32, _ candidate: [UInt8]) -> Bool {
        let start = offsets[Int(id)]
        guard offsets[Int(id) + 1] - start == candidate.count else { return false }
        return bytes.withUnsafeBytes { all in
            candidate.withUnsafeBytes { other in
                guard let stored = all.baseAddress, let new = other.baseAddress else { return candidate.isEmpty }
                return memcmp(stored + start, new, candidate.count) == 0
            }
        }
    }

    /// A 64-bit hash of packed bytes, eight at a time (a multiply-xorshift mix; the table needs spread, not secrecy).
    static func hash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
        var index = 0
        while index + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < raw.count {
            tail |= UInt64(raw[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 29)
    }

    /// Doubles the table and places every state again by the hash of its bytes.
    private mutating func grow() {
        table = [UInt64](repeating: 0, count: table.count * 2)
        let mask = table.count - 1
        for id in 0..<count {
            let hash = bytes.withUnsafeBytes { all in
                Self.hash(UnsafeRawBufferPointer(rebasing: all[offsets[id]..<offsets[id + 1]]))
            }
            var slot = Int(truncatingIfNeeded: hash >> 32) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = UInt64(truncatingIfNeeded: hash) << 32 | UInt64(id + 1)
        }
    }

    /// The number of the state's pages and echoes; no pending call and no recording is the commonest.
    private mutating func extraNumber(of extra: CheckState.Extra) -> Int {
        if extra.pages.isEmpty, extra.recordingEcho.isEmpty, let first = extras.first, first.pages.isEmpty,
            first.recordingEcho.isEmpty
        {
            return 0
        }
        if lastExtra < extras.count, extras[lastExtra] == extra { return lastExtra }
        if let known = extraNumbers[extra] {
            lastExtra = known
            return known
        }
        extras.append(extra)
        extraNumbers[extra] = extras.count - 1
        lastExtra = extras.count - 1
        return lastExtra
    }

    private mutating func intern(_ label: String) -> Int32 {
        for recent in recentLabels where recent.label == label { return recent.id }
        let id = labelIndex[label] ?? newLabel(label)
        if recentLabels.count < Self.recentCount {
            recentLabels.append((label, id))
        } else {
            recentLabels[nextRecent] = (label, id)
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
        return id
    }

    private mutating func newLabel(_ label: String) -> Int32 {
        let id = Int32(labels.count)
        if label == Self.restart { restartLabel = id }
        labels.append(label)
        labelIndex[label] = id
        return id
    }
}
