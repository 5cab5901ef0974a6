import SegueDriver
import SegueExpression
import SegueMachine
import SegueModel

/// The events only the world outside the flow raises, which `segue check` sends as inputs: a handler of the flow,
/// a screen or a nested state takes the event, and neither an action of the flow or of a chart it invokes sends it
/// nor the runtime raises it (a playback's `end_event`, a list's `near_end`): an imported SCXML chart's `timer`, a
/// host's `signed_out`. Left out: what the platform raises (`done.…`,
/// `error.…`), handler keys that only match (`*`, `foo.*`), and events declared with payload fields, which the
/// explorer cannot make up. Each is sent as the REPL's and a scenario's `send` sends it without `with:` (an empty
/// record).
///
///     OutsideEvents(flow: flow, program: program).moves.map(\.label)  // ["send emergency", "send timer"]
struct OutsideEvents: Sendable {
    let moves: [InputSampler.Move]

    init(flow: Flow, program: Program) {
        var sent: Set<String> = []
        Self.collectSent(in: program, into: &sent)
        let carriesPayload = Set(flow.events.filter { !$0.payload.isEmpty }.map(\.name.text))
        var moves: [InputSampler.Move] = []
        for (event, name) in program.events.enumerated() where program.isHandled(event) {
            guard !sent.contains(name), !carriesPayload.contains(name), !Self.isPlatformOrPattern(name),
                case .success(let input) = SentEvent.input(name, payload: .record([:]), in: program)
            else { continue }
            let step = UserStep.send(event: name, payload: .record([:]))
            moves.append(InputSampler.Move(label: "send \(name)", input: input, step: step))
        }
        self.moves = moves.sorted { $0.label < $1.label }
    }

    /// `done.state.s`, `error.execution` (SCXML's platform events) and handler keys that match many names.
    private static func isPlatformOrPattern(_ name: String) -> Bool {
        name.hasPrefix("done.") || name.hasPrefix("error.") || name == "*" || name.hasSuffix(".*")
    }

    /// The names of the events a program's actions raise (`send:`, a delayed send, a computed one whose name is
    /// known), and those of the charts it invokes, which may send to it.
    private static func collectSent(in program: Program, into sent: inout Set<String>) {
        for instruction in program.code {
            var event: Int?
            if case .send(let id, _, _, _) = instruction { event = id }
            if case .deliver(let id, _) = instruction { event = id }
            if case .sendLater(let operation) = instruction { event = operation.event }
            if case .sendComputed(let operation) = instruction { event = operation.event }
            if let event, program.events.indices.contains(event) { sent.insert(program.events[event]) }
        }
        // What the runtime raises itself: a screen's playback at its end (`end_event:`), a list scrolled near its
        // end (`paging.near_end`); the explorer already answers the playback and scrolls the list.
        for screen in program.screens {
            if let end = screen.playback?.endEvent { sent.insert(program.events[end]) }
            for event in nearEndEvents(of: screen.elements) { sent.insert(program.events[event]) }
        }
        for invocation in program.invocations { collectSent(in: invocation.program, into: &sent) }
    }

    private static func nearEndEvents(of elements: [ElementProgram]) -> [Int] {
        elements.flatMap { element -> [Int] in
            guard case .list(let list) = element.body else {
                if case .component(let use) = element.body { return nearEndEvents(of: use.elements) }
                return []
            }
            return (list.nearEnd.map { [$0] } ?? []) + nearEndEvents(of: list.item.elements)
        }
    }
}
