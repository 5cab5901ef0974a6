import SegueMachine

/// Nested states a step enters and leaves again before it ends — one whose `always:` moves on, a final state that
/// ends the flow, a state passed through on the way to another — are in no stored configuration. Before a state is
/// said never to be entered (S011), the explored steps are taken again with their whole trace, from launch and from
/// every stored state in order, until each such state is seen entered or every step has been looked at: the search
/// itself keeps no trace (it would cost every step), and this runs only when some state was never stored.
///
///     TransientStates.entered([[0, 2]], graph: graph, moves: moves)  // [[0, 2]]: `main.passing` is passed through
enum TransientStates {
    /// Which of `candidates` (screen and state indices) some explored step enters.
    static func entered(_ candidates: Set<[Int]>, graph: StateGraph, moves: ExplorerMoves) -> Set<[Int]> {
        guard !candidates.isEmpty else { return [] }
        let machine = moves.machine
        let program = machine.program
        var remaining = candidates
        var found: Set<[Int]> = []
        func look(at trace: [TraceEntry]) {
            for case .stateEntered(let screenName, let stateName) in trace {
                guard let screen = program.screen(named: screenName),
                    let state = program.screens[screen].states.firstIndex(where: { $0.name == stateName }),
                    remaining.remove([screen, state]) != nil
                else { continue }
                found.insert([screen, state])
            }
        }
        look(at: machine.step(MachineState(), .launch(LaunchEnvironment())).trace)
        var id: Int32 = 0
        while !remaining.isEmpty, Int(id) < graph.count {
            let from = graph.state(id)
            for move in moves.moves(in: from, available: machine.inputs(in: from.machine)) {
                look(at: machine.step(from.machine, move.input).trace)
                if remaining.isEmpty { break }
            }
            id += 1
        }
        return found
    }
}
