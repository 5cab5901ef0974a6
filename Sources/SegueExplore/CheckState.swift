import SegueExpression
import SegueMachine

/// One state of an exploration: the machine's canonical state and, for each pending call, the page it asked for,
/// which decides the sample results the explorer answers it with (docs/check.md, "Paging").
///
///     CheckState(machine: state, pages: [PageRequest(size: 50, later: false)])
public struct CheckState: Sendable, Hashable {
    public var machine: MachineState
    /// One per pending call, in the order `machine.pendingCalls` lists them.
    var pages: [PageRequest]
    /// The text arguments of the `record` call of each audio service while its recording lasts.
    var recordingEcho: [String: [String: Value]]

    init(machine: MachineState, pages: [PageRequest], recordingEcho: [String: [String: Value]] = [:]) {
        self.machine = machine
        self.pages = pages
        self.recordingEcho = recordingEcho
    }

    /// What is kept beside the machine's state, packed with it (`StateGraph`).
    struct Extra: Sendable, Hashable {
        var pages: [PageRequest]
        var recordingEcho: [String: [String: Value]]
    }

    var extra: Extra { Extra(pages: pages, recordingEcho: recordingEcho) }

    /// Each part set in place, not through the other initialiser: delegating copied the whole state once more.
    init(machine: MachineState, extra: consuming Extra) {
        self.machine = machine
        pages = extra.pages
        recordingEcho = extra.recordingEcho
    }

    /// The state `effects` led to from this one (`raw` before its ids are renumbered, `canonical` after).
    /// `canonical` is consumed: the new state takes it without a copy.
    func next(
        _ raw: MachineState, canonical: consuming MachineState, effects: [Effect], in program: Program
    ) -> CheckState {
        CheckState(machine: canonical, extra: extra(after: effects, in: raw, program: program))
    }

    /// What the next state keeps beside its machine state, from the raw state `effects` left (its recording and
    /// pending calls): read before that state is made canonical in place.
    func extra(after effects: [Effect], in raw: MachineState, program: Program) -> Extra {
        var echo = raw.recording == nil ? [:] : recordingEcho
        for case .callService(_, let service, let operation, let arguments) in effects
        where RecordingCall(service: service, operation: operation, services: program.services) == .start {
            echo[service] = PageRequest(arguments: arguments).echo
        }
        return Extra(
            pages: PageRequest.pages(after: effects, in: raw, from: self, program: program), recordingEcho: echo)
    }
}

/// The page a call asked for, read from its arguments when it started: how many items make a full page (`count`,
/// `limit`, `size`, `page_size`, `per_page`) and whether it asks for a page after the first (`offset`, `page`,
/// `cursor`, `after` not zero or empty); and its text arguments, which a record result echoes (a take's `line` is
/// the line recorded).
struct PageRequest: Sendable, Hashable {
    var size: Int?
    var later: Bool
    var echo: [String: Value] = [:]
    /// Whether a list's items echo too: the texts come from the service's other calls (`ServiceEcho`), not this one.
    var echoesItems = false

    static let first = PageRequest(size: nil, later: false)
    /// The arguments that say how many items a full page has, and those that ask for a later page.
    static let sizeNames = ["count", "limit", "size", "page_size", "per_page"]
    static let laterNames = ["offset", "page", "cursor", "after"]
    static let pagingNames = Set(sizeNames + laterNames)

    init(size: Int?, later: Bool) {
        self.size = size
        self.later = later
    }

    init(arguments: [String: Value]) {
        echo = arguments.filter { if case .string = $0.value { true } else { false } }
        size = nil
        for name in Self.sizeNames {
            if case .int(let value)? = arguments[name], value > 0 {
                size = value
                break
            }
        }
        later = false
        for name in Self.laterNames {
            switch arguments[name] {
            case .int(let value)?: later = value > (name == "page" ? 1 : 0)
            case .string(let value)?: later = !value.isEmpty
            default: continue
            }
            break
        }
    }

    /// The pages after `state` took `effects`, aligned with `raw.pendingCalls` (ids not yet renumbered): calls
    /// carried over keep theirs, new calls read theirs from the call effect.
    static func pages(
        after effects: [Effect], in raw: MachineState, from previous: CheckState, program: Program
    ) -> [PageRequest] {
        guard !raw.pendingCalls.isEmpty else { return [] }
        var known: [Int: PageRequest] = [:]
        for (call, page) in zip(previous.machine.pendingCalls, previous.pages) { known[call.id] = page }
        for effect in effects {
            guard case .callService(let id, let service, let operation, let arguments) = effect else { continue }
            var page = PageRequest(arguments: arguments)
            // Stopping a recording answers the take of the line `record` started.
            if RecordingCall(service: service, operation: operation, services: program.services) == .stop,
                page.echo.isEmpty
            {
                page.echo = previous.recordingEcho[service] ?? [:]
            }
            known[id] = page
        }
        return raw.pendingCalls.map { known[$0.id] ?? .first }
    }
}
