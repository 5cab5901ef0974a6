import SegueDriver
import SegueMachine
import Synchronization

/// Every step the explorer tries from one state: the inputs the input query offers (none while a system sheet covers
/// the app), the next due timer, restart, and every outcome of every pending call. The exploration and the replay
/// of a counterexample both ask it, so a run's step names lead back to the same inputs.
///
///     moves.moves(in: state, available: machine.inputs(in: state.machine)).map(\.label)
///     // ["tap buy", "restart the app", "store.purchase → error", …]
struct ExplorerMoves: Sendable {
    let machine: Machine
    let inputs: InputSampler
    let outcomes: OutcomeSampler
    /// The events only the world outside raises, sent whenever the user could act.
    let outside: OutsideEvents

    /// Every input while calls are pending, or only leaving the screen.
    let interleave: Bool
    /// The outcomes of each kind of pending call, worked out once.
    private let answers = OutcomeChoices()
    /// What a call that gives its service no text is answered with instead of `sample`.
    private let echo: ServiceEcho

    init(machine: Machine, outcomes: OutcomeSampler, interleave: Bool) {
        self.machine = machine
        outside = OutsideEvents(flow: outcomes.flow, program: machine.program)
        inputs = InputSampler(machine: machine, program: machine.program, fields: FieldSamples(outcomes: outcomes))
        self.outcomes = outcomes
        echo = ServiceEcho(outcomes: outcomes)
        self.interleave = interleave
    }

    /// How a step answering playback's audio timeline starts: the runtime's own call, which no `error:` can handle,
    /// so its failing is not S009.
    static let timeline = "the audio timeline"

    func moves(in from: CheckState, available: [AvailableInput]) -> [InputSampler.Move] {
        let state = from.machine
        // A system sheet (the purchase sheet, the photo picker) covers the app: only its answer, time and a
        // restart can happen while it shows.
        let covered = state.pendingCalls.contains { outcomes.showsSystemSheet($0) }
        let offered: [AvailableInput]
        if covered {
            offered = []
        } else if !interleave, !state.pendingCalls.isEmpty {
            // While the app waits for an answer, the user can still leave the screen.
            offered = available.filter { $0.action == .back || $0.action == .swipeToDismiss }
        } else {
            offered = available
        }
        var moves = inputs.moves(in: state, available: offered)
        if !covered, interleave || state.pendingCalls.isEmpty { moves += outside.moves }
        for (index, call) in state.pendingCalls.enumerated() {
            var page = index < from.pages.count ? from.pages[index] : .first
            if page.echo.isEmpty {
                page.echo = echo.texts(for: call, in: state)
                page.echoesItems = !page.echo.isEmpty
            }
            let twins = state.pendingCalls.filter { $0.service == call.service && $0.operation == call.operation }
            let which = twins.count > 1 ? " (call \(index + 1))" : ""
            for choice in answers.choices(for: call, page: page, outcomes: outcomes) {
                moves.append(
                    InputSampler.Move(
                        label: which.isEmpty ? choice.label : choice.name + which + choice.suffix,
                        input: .outcome(call: call.id, choice.outcome), scenario: choice.scenario))
            }
        }
        if let playback = state.playback, let call = playback.call {
            for choice in outcomes.timelineOutcomes(lines: playback.lines.count) {
                moves.append(
                    InputSampler.Move(
                        label: "\(Self.timeline) → \(choice.label)", input: .outcome(call: call, choice.outcome)))
            }
        }
        return moves
    }
}

/// The outcomes of a call with their step names and scenario steps, worked out once per call site and page: the
/// explorer asks for them in every state a call is pending in, from the thread that expands states.
final class OutcomeChoices: Sendable {
    /// One outcome of a call: `name` + ` → ` + what, as a step, and the step that scripts it (a scenario's `next:`).
    struct Choice: Sendable {
        var name: String
        var suffix: String
        var label: String
        var outcome: ServiceOutcome
        /// The step that scripts it, made once and shared by every state's move for it.
        var scenario: InputSampler.ScenarioStep
    }

    private struct Key: Hashable {
        var pc: Int
        var service: String
        var operation: String
        var page: PageRequest
    }

    private let known = Mutex<[Key: [Choice]]>([:])

    func choices(for call: PendingCall, page: PageRequest, outcomes: OutcomeSampler) -> [Choice] {
        let key = Key(pc: call.pc, service: call.service, operation: call.operation, page: page)
        if let choices = known.withLock({ $0[key] }) { return choices }
        let name = "\(call.service).\(call.operation)"
        let choices = outcomes.outcomes(for: call, page: page).map { choice in
            Choice(
                name: name, suffix: " → \(choice.label)", label: "\(name) → \(choice.label)", outcome: choice.outcome,
                scenario: InputSampler.ScenarioStep(.outcome(call: name, choice.outcome)))
        }
        known.withLock { $0[key] = choices }
        return choices
    }
}
