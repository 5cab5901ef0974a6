import SegueDiagnostics
import SegueMachine
import SegueModel

/// The events that raised each other until a step hit the event limit, read from the step's trace (the events it
/// consumed, in order), and the handler where the loop is written: what S007 names and where it points.
///
///     EventCycle(trace: step.trace, flow: flow)?.text   // "open_entry → ping → pong → ping"
struct EventCycle {
    /// The events that led into the loop (at most a few), then one turn of the loop, then its first event again.
    let events: [String]
    /// Where the handler of the loop's first event is written, when the flow declares one.
    let handler: SourceRange?

    var text: String { events.joined(separator: " → ") }

    /// How many consumed events before the loop are shown.
    private static let leadIn = 3
    /// The longest loop looked for (a longer one is shown by its last turn of this many).
    private static let longestTurn = 16

    /// Nil when the trace consumed no event (the limit was reached by `always:` transitions alone).
    init?(trace: [TraceEntry], flow: Flow) {
        var consumed: [(event: String, by: String)] = []
        for entry in trace {
            if case .eventConsumed(let event, let by) = entry { consumed.append((event, by)) }
        }
        guard let last = consumed.indices.last else { return nil }
        let same = { (a: Int, b: Int) in consumed[a].event == consumed[b].event && consumed[a].by == consumed[b].by }
        // The shortest period the tail repeats with, over two turns.
        let period =
            (1...Self.longestTurn).first { period in
                2 * period <= consumed.count && (0..<period).allSatisfy { same(last - $0, last - $0 - period) }
            } ?? min(Self.longestTurn, consumed.count)
        // Walk back to where the repetition starts.
        var start = consumed.count - period
        while start > 0, start - 1 + period <= last, same(start - 1, start - 1 + period) { start -= 1 }
        let turn = consumed[start..<(start + period)]
        let before = consumed[max(0, start - Self.leadIn)..<start]
        events = before.map(\.event) + turn.map(\.event) + [consumed[start].event]
        handler = Self.handlerRange(of: consumed[start].event, by: consumed[start].by, in: flow)
    }

    /// The range of the handler `by` names (`main`, `main.editing`, `flow`) for `event`.
    static func handlerRange(of event: String, by owner: String, in flow: Flow) -> SourceRange? {
        let matches = { (handlers: [Handler]) in
            handlers.first { EventDescriptor.matches($0.event.text, event) }?.range
        }
        if owner == "flow" { return matches(flow.handlers) }
        let parts = owner.split(separator: ".", maxSplits: 1).map(String.init)
        guard let screen = flow.screen(named: parts[0]) else { return nil }
        guard parts.count == 2 else { return matches(screen.handlers) }
        func find(_ chart: StateChart?) -> StateNode? {
            for node in chart?.states ?? [] {
                if node.name.text == parts[1] { return node }
                if let inner = find(node.children) { return inner }
            }
            return nil
        }
        return find(screen.states).flatMap { matches($0.handlers) } ?? matches(screen.handlers)
    }
}
