import Foundation

/// How often each transition was taken across runs: `{"transitions": [{"from", "to", "kind", "count"}]}`.
public struct TransitionCoverage: Sendable, Hashable {
    public var counts: [TakenTransition: Int]

    public init(counts: [TakenTransition: Int]) { self.counts = counts }

    /// Reads the JSON object; counts of a transition listed twice add up.
    public init(json: Data, path: String) throws(DiagramError) {
        let file: CoverageFile = try decodeOverlay(json, path: path, shape: #"a JSON object {"transitions": [...]}"#)
        var counts: [TakenTransition: Int] = [:]
        for (index, record) in file.transitions.enumerated() {
            let place = "transitions[\(index)]"
            let transition = try record.transition(path: path, place: place)
            guard let count = record.count, count >= 0 else {
                throw .invalidOverlay(path: path, message: "\(place) needs a `count` of 0 or more")
            }
            counts[transition, default: 0] += count
        }
        self.counts = counts
    }
}
