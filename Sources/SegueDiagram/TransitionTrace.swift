import Foundation
import SegueModel

/// One transition as taken at run time: `{"from": "main", "to": "donate", "kind": "present"}`.
///
/// For back-edges `from` is the screen that left and `to` the screen on top afterwards, as the diagram draws them.
public struct TakenTransition: Sendable, Hashable {
    public var from: String
    public var to: String
    public var kind: TransitionKind

    public init(from: String, to: String, kind: TransitionKind) {
        self.from = from
        self.to = to
        self.kind = kind
    }

    func matches(_ edge: TransitionEdge) -> Bool { edge.from == from && edge.to == to && edge.kind == kind }
}

/// The transitions one run took, in order; the REPL writes it, `segue diagram --trace` draws it.
///
///     [{"from": "main", "to": "donate", "kind": "present"}, {"from": "donate", "to": "main", "kind": "dismiss"}]
public struct TransitionTrace: Sendable, Hashable {
    public var steps: [TakenTransition]

    public init(steps: [TakenTransition]) { self.steps = steps }

    /// Reads the JSON list; `path` names the file in errors.
    public init(json: Data, path: String) throws(DiagramError) {
        let records: [TakenRecord] = try decodeOverlay(json, path: path, shape: "a JSON list of transitions")
        var steps: [TakenTransition] = []
        for (index, record) in records.enumerated() {
            steps.append(try record.transition(path: path, place: "step \(index + 1)"))
        }
        self.steps = steps
    }
}
