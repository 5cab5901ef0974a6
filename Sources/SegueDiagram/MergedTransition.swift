import SegueModel

/// Transitions between the same two screens by the same kind of navigation, drawn as one edge listing every
/// trigger, so a screen with three ways back to its presenter gets one dotted arrow with three lines, not three.
///
///     graph.mergedTransitions.first { $0.from == "donate_form" }?.labels
///     // ["on add_entry / board.add_entry ok / board.list_entries error", "…", "tap later"]
struct MergedTransition: Sendable, Hashable {
    var from: String
    var to: String?
    var kind: TransitionKind
    /// Each merged transition's label with its overlay notes, in the graph's order.
    var labels: [String]
    var emphasis: EdgeEmphasis

    var isBackEdge: Bool { kind.goesBack }

    /// The overlay of the merged edge: traced when any part was (all their steps), covered with the sum of the
    /// counts when any part was taken, uncovered only when none was, plain otherwise.
    static func combined(_ emphases: [EdgeEmphasis]) -> EdgeEmphasis {
        var steps: [Int] = []
        var count = 0
        var uncovered = false
        for emphasis in emphases {
            switch emphasis {
            case .plain: break
            case .traced(let taken): steps += taken
            case .covered(let times): count += times
            case .uncovered: uncovered = true
            }
        }
        if !steps.isEmpty { return .traced(steps: steps.sorted()) }
        if count > 0 { return .covered(count: count) }
        return uncovered ? .uncovered : .plain
    }
}

extension TransitionGraph {
    /// The transitions with parallel ones merged, in the order their first member appears.
    var mergedTransitions: [MergedTransition] {
        struct Key: Hashable {
            var from: String
            var to: String?
            var kind: TransitionKind
        }
        var order: [Key] = []
        var groups: [Key: [TransitionEdge]] = [:]
        for edge in transitions {
            let key = Key(from: edge.from, to: edge.to, kind: edge.kind)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(edge)
        }
        return order.map { key in
            let edges = groups[key] ?? []
            var labels: [String] = []
            for edge in edges {
                let label = DiagramText.edgeLabel(edge)
                if !labels.contains(label) { labels.append(label) }
            }
            return MergedTransition(
                from: key.from, to: key.to, kind: key.kind, labels: labels,
                emphasis: MergedTransition.combined(edges.map(\.emphasis)))
        }
    }

    /// The `goto`s between the same two nested states merged the same way: (from, to, labels).
    var mergedStateTransitions: [(screen: String, from: String?, to: String, labels: [String])] {
        var result: [(screen: String, from: String?, to: String, labels: [String])] = []
        for edge in stateTransitions {
            if let index = result.firstIndex(where: {
                $0.screen == edge.screen && $0.from == edge.from && $0.to == edge.to
            }) {
                if !result[index].labels.contains(edge.label) { result[index].labels.append(edge.label) }
            } else {
                result.append((edge.screen, edge.from, edge.to, [edge.label]))
            }
        }
        return result
    }
}
