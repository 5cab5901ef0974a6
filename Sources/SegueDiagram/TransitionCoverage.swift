import Foundation
import SegueJSON

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

    /// The file `segue diagram --coverage` reads, as `segue test --transitions` writes it (sorted, so stable).
    public func json() -> Data {
        let records = counts.sorted {
            ($0.key.from, $0.key.to, $0.key.kind.rawValue) < ($1.key.from, $1.key.to, $1.key.kind.rawValue)
        }
        .map { record -> JSON in
            [
                "from": .string(record.key.from), "to": .string(record.key.to),
                "kind": .string(record.key.kind.rawValue), "count": JSON(record.value),
            ]
        }
        return Data(JSONWriter.bytes(of: ["transitions": .array(records)], pretty: true))
    }
}
