import SegueDriver
import SegueMachine

/// Finds each screen of a flow by the shortest run of inputs from launch, breadth first over what the input
/// query offers (taps, each list's first item, the next timer), stepping a `FlowDriver` on its services; the
/// screens `segue render` draws are the states it stops at. States count once per `Situation`.
///
///     let stops = await ScreenTour(driver: driver).explore()
///     stops.first { $0.screen == "donate_form" }?.inputs  // ["tap donate", "select options[0]"]
public struct ScreenTour {
    /// A screen reached: its name, the inputs that led there, and the state to draw.
    public struct Stop: Sendable {
        public var screen: String
        public var inputs: [String]
        public var state: MachineState
    }

    public let driver: FlowDriver
    /// The most states visited before the tour gives up on the screens it has not reached.
    public var stateLimit: Int
    public var depthLimit: Int

    public init(driver: FlowDriver, stateLimit: Int = 1000, depthLimit: Int = 12) {
        self.driver = driver
        self.stateLimit = stateLimit
        self.depthLimit = depthLimit
    }

    /// One stop per screen reached, in the order the flow declares its screens.
    public func explore() async -> [Stop] {
        await driver.launch()
        var found: [String: Stop] = [:]
        var seen: Set<Situation> = [situation(driver.state)]
        var frontier: [(MachineState, [String])] = [(driver.state, [])]
        if let screen = topScreen(driver.state) {
            found[screen] = Stop(screen: screen, inputs: [], state: driver.state)
        }
        var depth = 0
        while !frontier.isEmpty, depth < depthLimit, seen.count < stateLimit,
            found.count < driver.program.screens.count
        {
            var next: [(MachineState, [String])] = []
            for (state, path) in frontier {
                for move in moves(in: state) {
                    await driver.restore(state)
                    switch move.input {
                    case .advanceTime(let seconds): await driver.advance(by: seconds)
                    default: await driver.send(move.input)
                    }
                    let reached = driver.state
                    guard seen.insert(situation(reached)).inserted else { continue }
                    let steps = path + [move.label]
                    if let screen = topScreen(reached), found[screen] == nil {
                        found[screen] = Stop(screen: screen, inputs: steps, state: reached)
                    }
                    next.append((reached, steps))
                    if seen.count >= stateLimit { break }
                }
            }
            frontier = next
            depth += 1
        }
        return driver.program.screens.compactMap { found[$0.name] }
    }

    /// What a person would tell apart: the screens on the stack, the top one as drawn, and what can be done
    /// there. States that differ only in data nobody sees are one situation, so the tour stays small.
    struct Situation: Hashable {
        var stack: [Int]
        var view: ScreenView?
        var inputs: Set<AvailableInput>
    }

    private func situation(_ state: MachineState) -> Situation {
        let inputs = driver.machine.inputs(in: state).map { input in
            // A timer is one possibility whenever it is due.
            input.action == .timer ? AvailableInput(.timer) : input
        }
        return Situation(
            stack: state.layers.flatMap { $0.stack.map(\.screen) }, view: driver.machine.view(of: state),
            inputs: Set(inputs))
    }

    private func topScreen(_ state: MachineState) -> String? {
        state.topInstance.map { driver.program.screens[$0.screen].name }
    }

    /// What the tour tries in a state: every tap the query offers (of a list, only the first item), and letting
    /// the clock run to the next timer.
    private func moves(in state: MachineState) -> [(input: Input, label: String)] {
        guard let top = state.topInstance else { return [] }
        var moves: [(input: Input, label: String)] = []
        var nextTimer: ClockDuration?
        for available in driver.machine.inputs(in: state) {
            switch available.action {
            case .tap:
                guard let path = available.path, (path.item ?? 0) == 0 else { continue }
                let reference = driver.program.reference(to: path, on: top.screen)
                let verb = path.item != nil && path.part == nil ? "select" : "tap"
                moves.append((.tap(path), "\(verb) \(reference)"))
            case .timer:
                if case .timer(_, let deadline) = available.domain {
                    nextTimer = min(nextTimer ?? deadline, deadline)
                }
            default: continue
            }
        }
        if let nextTimer {
            let span = max(nextTimer - state.now, .zero)
            moves.append((.advanceTime(by: span), "wait \(svgNumber(span.seconds)) s"))
        }
        return moves
    }
}
