import Dispatch
import SegueExpression
import SegueMachine
import Synchronization

/// One state's steps, worked out apart from the search's bookkeeping so that it runs beside it on another core: the
/// inputs the state offers, the moves tried, and for each the step the machine took and what, if anything, took it
/// out of the scope. A restart whose next state was known when the batch started is not stepped again.
struct StateExpansion: Sendable {
    struct Tried: Sendable {
        var move: InputSampler.Move
        var step: Step
        /// What a restart's next state depends on; nil for any other move.
        var restartKey: RestartKey?
        /// What took the step out of the scope (`CheckScope.exceeded`); nil when it stays in.
        var outOfScope: String?
    }

    var available: [AvailableInput]
    /// The moves tried, the last first: the search pops them off in the moves' order, each taken out without a copy.
    var tried: [Tried]
    /// Expanded on the worker's thread (`ExpansionWorker`), which is where what it allocated goes back to be freed
    /// (`Leftovers`); the search's own thread frees what it expanded itself.
    var expandedAhead = false
}

/// Expands states: the part of a breadth-first search that reads nothing the search writes (the machine, the input
/// sampler, the scope), so a batch of states is expanded while the batch before it is merged into the graph.
struct StateExpander: Sendable {
    let machine: Machine
    let moves: ExplorerMoves
    let scope: CheckScope?
    /// The slots of the `persist: true` data (`RestartKey`).
    let persistedSlots: [Int]

    /// `stepper`: steps the states, one per thread (`Stepper`: its runner and trace buffer are kept between steps).
    func expand(_ from: CheckState, knownRestarts: Set<RestartKey>, stepper: inout Stepper) -> StateExpansion {
        let state = from.machine
        // Checked once here rather than by the input query and each move's step; a state that fails offers no
        // input, and each other move's step says why it was ignored.
        let checked = (try? machine.check(state)) != nil
        let available = stepper.inputs(in: state, checked: checked)
        var moves = moves.moves(in: from, available: available)
        var tried: [StateExpansion.Tried] = []
        tried.reserveCapacity(moves.count)
        // Popped, the last first, each move taken out of the array rather than copied out of it.
        while let move = moves.popLast() {
            var restartKey: RestartKey?
            if case .restart = move.input {
                let key = RestartKey(state, persistedSlots: persistedSlots)
                if knownRestarts.contains(key) { continue }
                restartKey = key
            }
            // Only what a finding needs is traced (`.notable`); a loop's whole trace is made again when one is cut off.
            let step = stepper.step(state, move.input, checked: checked)
            // The flow's own steps stay in scope; what a service answers is a sample, never cut.
            let outOfScope =
                move.input.isOutcome ? nil : scope?.exceeded(from: state, to: step.state)
            tried.append(.init(move: move, step: step, restartKey: restartKey, outOfScope: outOfScope))
        }
        return StateExpansion(available: available, tried: tried)
    }
}

/// What merging the states the worker's thread expanded leaves over — the steps' states the graph already had or
/// packed, the moves' arrays, the inputs offered — handed back to that thread with a later batch, to be freed
/// there: memory is freed cheaply by the thread that allocated it (freeing another thread's takes that thread's
/// allocator lock, which it holds while it allocates: waiting on it was a tenth of a two-thread search's time).
/// What the search's own thread expanded it frees itself.
struct Leftovers: Sendable {
    /// The moves tried, each with its step's state (the graph keeps its own packed copy).
    var tried: [StateExpansion.Tried] = []
    var moves: [[StateExpansion.Tried]] = []
    var available: [[AvailableInput]] = []

    /// Keeps `tried` for the worker's thread when it expanded the state (`expandedAhead`); else it is freed here.
    mutating func give(_ tried: consuming StateExpansion.Tried, expandedAhead: Bool) {
        if expandedAhead { self.tried.append(tried) }
    }
}

/// A batch of consecutive states being expanded on the worker's thread (`ExpansionWorker`) while the search merges
/// the batch before; `expansions()` waits for it, expanding on the search's own thread the states the other has not
/// claimed yet, so neither thread idles while the other works. Each state is claimed once, by either thread, and its
/// expansion is written at its own index: the order, and so the graph, is that of a one-thread search.
final class ExpansionBatch: @unchecked Sendable {
    /// The states' numbers in the graph.
    let first: Int32
    let states: [CheckState]
    private let expander: StateExpander
    private let knownRestarts: Set<RestartKey>
    /// The next state to claim.
    private let claimed = Atomic<Int>(0)
    /// One expansion per state, each written once by the thread that claimed it, read only after both are done.
    private let results: UnsafeMutableBufferPointer<StateExpansion>
    /// Signalled once the other thread has claimed its last state and finished it.
    private let done = DispatchSemaphore(value: 0)
    private var handedOver = false

    /// How many states a batch takes: enough work (a few milliseconds) that handing it over costs nothing.
    static let size = 128

    /// What an earlier batch's merge left over, freed by the thread that starts expanding this one.
    private var leftovers: Leftovers

    /// Starts expanding `states` on the worker's thread, or at once on this one without a worker; `leftovers` are
    /// freed on that thread first.
    init(
        first: Int32, states: [CheckState], expander: StateExpander, knownRestarts: Set<RestartKey>,
        worker: ExpansionWorker?, leftovers: consuming Leftovers = Leftovers()
    ) {
        self.first = first
        self.states = states
        self.expander = expander
        self.knownRestarts = knownRestarts
        self.leftovers = leftovers
        results = .allocate(capacity: states.count)
        guard let worker else {
            self.leftovers = Leftovers()
            expandClaimed()
            done.signal()
            return
        }
        worker.run {
            self.leftovers = Leftovers()
            self.expandClaimed(ahead: true)
            self.done.signal()
        }
    }

    deinit {
        if !handedOver { abandon() }
        results.deallocate()
    }

    /// Claims states one at a time and expands them, until none is left; `ahead` on the worker's thread.
    private func expandClaimed(ahead: Bool = false) {
        var stepper = Stepper(machine: expander.machine, trace: .notable, buffer: TraceBuffer())
        while true {
            let index = claimed.add(1, ordering: .relaxed).oldValue
            guard index < states.count else { return }
            var expansion = expander.expand(states[index], knownRestarts: knownRestarts, stepper: &stepper)
            expansion.expandedAhead = ahead
            (results.baseAddress! + index).initialize(to: expansion)
        }
    }

    /// The expansions, in the states' order: the states not yet claimed are expanded here, then the other thread's
    /// last one is waited for. Handed over once (moved out, the batch keeping none), so the search holds the only
    /// reference and takes each step's state out without copying it.
    func expansions() -> [StateExpansion] {
        precondition(!handedOver, "a batch's expansions are handed over once")
        expandClaimed()
        done.wait()
        handedOver = true
        return Array(unsafeUninitializedCapacity: states.count) { buffer, count in
            _ = buffer.moveInitialize(fromContentsOf: results)
            count = states.count
        }
    }

    /// For a search a bound stopped: nothing more is claimed, the other thread's last state is waited for, and
    /// what was expanded is dropped.
    func abandon() {
        precondition(!handedOver, "a batch's expansions are handed over once")
        let expanded = min(claimed.exchange(states.count, ordering: .relaxed), states.count)
        done.wait()
        handedOver = true
        _ = UnsafeMutableBufferPointer(rebasing: results[..<expanded]).deinitialize()
    }
}

/// What a restart's next state depends on: the launch environment and the values of the `persist: true` data.
struct RestartKey: Hashable, Sendable {
    /// By its shared reference: a whole environment would make every move the search tries (and moves) larger.
    var environment: SharedLaunchEnvironment
    var persisted: [Value]

    init(_ state: MachineState, persistedSlots: [Int]) {
        environment = state.sharedEnvironment
        persisted = persistedSlots.map { $0 < state.data.count ? state.data[$0] : .null }
    }
}
