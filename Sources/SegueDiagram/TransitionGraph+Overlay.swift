import Foundation
import SegueDiagnostics
import SegueModel

extension TransitionGraph {
    /// Marks the edges a trace took (with their step numbers) and the screens it visited.
    public func highlighting(_ trace: TransitionTrace) -> TransitionGraph {
        var result = self
        for index in result.transitions.indices {
            let steps = trace.steps.indices.filter { trace.steps[$0].matches(result.transitions[index]) }.map { $0 + 1 }
            if !steps.isEmpty { result.transitions[index].emphasis = .traced(steps: steps) }
        }
        let visited = Set(trace.steps.flatMap { [$0.from, $0.to] })
        for index in result.screens.indices where visited.contains(result.screens[index].name) {
            result.screens[index].visited = true
        }
        return result
    }

    /// The 1-based steps of a trace that match no transition of this graph (a stale trace, or another flow's).
    public func unmatchedSteps(of trace: TransitionTrace) -> [Int] {
        trace.steps.indices.filter { index in !transitions.contains { trace.steps[index].matches($0) } }.map { $0 + 1 }
    }

    /// Marks every edge covered (taken at least once, with its count) or uncovered.
    public func applying(_ coverage: TransitionCoverage) -> TransitionGraph {
        var result = self
        for index in result.transitions.indices {
            let count = coverage.counts.filter { $0.key.matches(result.transitions[index]) }.map(\.value).reduce(0, +)
            result.transitions[index].emphasis = count > 0 ? .covered(count: count) : .uncovered
        }
        return result
    }
}

struct TakenRecord: Decodable {
    var from: String?
    var to: String?
    var kind: String?
    var count: Int?

    func transition(path: String, place: String) throws(DiagramError) -> TakenTransition {
        guard let from, let to, let kind else {
            let missing = [("from", from), ("to", to), ("kind", kind)].filter { $0.1 == nil }.map { "`\($0.0)`" }
            throw .invalidOverlay(path: path, message: "\(place) has no \(missing.joined(separator: ", "))")
        }
        guard let parsed = TransitionKind(rawValue: kind), parsed != .root else {
            let kinds = TransitionKind.actions.map(\.rawValue)
            throw .invalidOverlay(
                path: path,
                message: "\(place) has unknown kind `\(kind)`\(Suggestion.didYouMean(kind, in: kinds)) "
                    + "(one of \(kinds.joined(separator: ", ")))")
        }
        return TakenTransition(from: from, to: to, kind: parsed)
    }
}

struct CoverageFile: Decodable {
    var transitions: [TakenRecord]
}

func decodeOverlay<T: Decodable>(_ json: Data, path: String, shape: String) throws(DiagramError) -> T {
    do {
        return try JSONDecoder().decode(T.self, from: json)
    } catch let error as DecodingError {
        throw .invalidOverlay(path: path, message: "expected \(shape): \(describe(error))")
    } catch {
        throw .invalidOverlay(path: path, message: "expected \(shape): \(error)")
    }
}

private func describe(_ error: DecodingError) -> String {
    func at(_ path: [any CodingKey]) -> String {
        let text = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.isEmpty ? "" : " at \(text)"
    }
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
        return "wrong type\(at(context.codingPath))"
    case .keyNotFound(let key, let context):
        return "missing `\(key.stringValue)`\(at(context.codingPath))"
    case .dataCorrupted(let context):
        return context.codingPath.isEmpty ? "not valid JSON" : "bad value\(at(context.codingPath))"
    @unknown default:
        return "not readable"
    }
}
