/// The program behind one reference, so a step copies a pointer instead of the program's many arrays; it also
/// holds the code in a form the run loop reads without retaining anything.
final class ProgramBox: Sendable {
    let program: Program
    /// `program.code` with the common instructions inlined as plain integers, one entry per instruction.
    let compact: [CompactInstruction]
    /// What dispatch and navigation ask of each screen, by screen id, as plain data.
    let screens: [ScreenFacts]
    /// Every screen's `HandlerTable.direct`, one after another (`ScreenFacts.handlers` says where).
    let directEntries: [Int32]
    /// Every screen's nested states, one after another (`ScreenFacts.states` says where).
    let states: [StateFacts]
    /// The charts of `program.invocations`, boxed once, by invocation index.
    let children: [ProgramBox]
    /// The fields' errors by value, worked out once.
    let validations = FieldValidations()
    /// Each screen's nested states and form fields by name, for `state.x` and `form.x` (`MachineScope.field`).
    let memberNames: [ScreenMemberNames]

    init(_ program: Program) {
        self.program = program
        children = program.invocations.map { ProgramBox($0.program) }
        memberNames = program.screens.map(ScreenMemberNames.init)
        compact = program.code.map(CompactInstruction.init)
        var screens: [ScreenFacts] = []
        var directEntries: [Int32] = []
        var states: [StateFacts] = []
        screens.reserveCapacity(program.screens.count)
        for screen in program.screens {
            screens.append(ScreenFacts(screen, handlers: directEntries.count, states: states.count))
            directEntries += screen.handlers.direct
            states += StateFacts.all(of: screen)
        }
        self.screens = screens
        self.directEntries = directEntries
        self.states = states
    }

    /// The facts of nested state `id` of a screen.
    @inline(__always)
    func state(_ id: Int, of screen: ScreenFacts) -> StateFacts {
        states[Int(screen.states) + id]
    }

    /// The entry of a screen's handler for `event` when it is one unguarded action list, as `HandlerTable.directEntry`.
    @inline(__always)
    func directEntry(screen: Int, event: Int) -> Int? {
        let facts = screens[screen]
        guard event < Int(facts.handlerCount) else { return nil }
        let entry = Int(directEntries[Int(facts.handlers) + event])
        return entry < 0 ? nil : entry
    }
}

/// A screen's nested states and form fields by name.
struct ScreenMemberNames: Sendable {
    var states: [String: Int] = [:]
    var fields: [String: Int] = [:]

    init(_ screen: ScreenProgram) {
        for id in screen.states.indices { states[screen.states[id].name] = id }
        for index in screen.fields.indices { fields[screen.fields[index].name] = index }
    }
}

/// A screen's facts that a step needs on every event, without touching its arrays (24 bytes, so a ring of 10,000
/// screens' facts stay in cache).
struct ScreenFacts: Sendable {
    /// The `on_enter` and `on_exit` entries, or -1.
    var onEnter: Int32
    var onExit: Int32
    /// Where the screen's direct handler entries start in `ProgramBox.directEntries`, and how many there are.
    var handlers: Int32
    var handlerCount: Int32
    /// Where the screen's states start in `ProgramBox.states`.
    var states: Int32
    var navigation: Bool
    /// No parameters, data or fields: a new instance evaluates nothing and holds no values.
    var bare: Bool
    var hasInitialStates: Bool
    /// At most 64 nested states: the masks below and in `StateFacts` describe the whole chart.
    var small: Bool
    /// Some state is final, a history state, has `always:` transitions, `initial_do:` or an initial state deeper
    /// than a child: the full SCXML algorithm runs.
    var extras: Bool
    /// The states entered by default with the screen; states with an `on_enter`, with an `on_exit`; leaves.
    var initialMask: UInt64 = 0
    var enterHooks: UInt64 = 0
    var exitHooks: UInt64 = 0
    var leaves: UInt64 = 0

    init(_ screen: ScreenProgram, handlers: Int, states: Int) {
        self.states = Int32(truncatingIfNeeded: states)
        small = screen.states.count <= 64
        extras =
            screen.states.contains { $0.isFinal || $0.history != nil || !$0.always.isEmpty || $0.initialEntry != nil
                || !$0.invocations.isEmpty }
            || screen.states.indices.contains { id in
                screen.states[id].initialChildren.contains { screen.states[$0].parent != id }
            } || screen.initialStates.contains { screen.states[$0].parent >= 0 }
        if small {
            let facts = StateFacts.all(of: screen)
            for (id, state) in screen.states.enumerated() {
                let bit: UInt64 = 1 << UInt64(id)
                // Starting and cancelling an invocation count as hooks: the slow path sees them.
                if state.onEnter != nil || !state.invocations.isEmpty { enterHooks |= bit }
                if state.onExit != nil || !state.invocations.isEmpty { exitHooks |= bit }
                if state.children.isEmpty { leaves |= bit }
            }
            for top in screen.initialStates { initialMask |= facts[top].defaultEntry }
        }
        onEnter = Int32(truncatingIfNeeded: screen.onEnter ?? -1)
        onExit = Int32(truncatingIfNeeded: screen.onExit ?? -1)
        navigation = screen.navigation
        bare = screen.slots.isEmpty && screen.fields.isEmpty
        hasInitialStates = !screen.initialStates.isEmpty
        self.handlers = Int32(truncatingIfNeeded: handlers)
        handlerCount = Int32(truncatingIfNeeded: screen.handlers.direct.count)
    }
}

/// A nested state's facts for entering, exiting and dispatch; the masks are bit sets of state ids and hold only
/// when the screen is `small`.
struct StateFacts: Sendable {
    var parent: Int32
    var parallel: Bool
    /// The state has event handlers.
    var hasHandlers: Bool
    /// The state and every state inside it.
    var subtree: UInt64
    /// The state and the descendants entered with it by default (initial children, every region of a parallel one).
    var defaultEntry: UInt64

    /// A screen's states in id order.
    static func all(of screen: ScreenProgram) -> [StateFacts] {
        let small = screen.states.count <= 64
        var facts = screen.states.map { state in
            StateFacts(
                parent: Int32(truncatingIfNeeded: state.parent), parallel: state.parallel,
                hasHandlers: !state.handlers.table.isEmpty, subtree: 0, defaultEntry: 0)
        }
        guard small else { return facts }
        // Children have larger ids than their parent (document order): fill bottom-up.
        for id in screen.states.indices.reversed() {
            facts[id].subtree |= 1 << UInt64(id)
            facts[id].defaultEntry |= 1 << UInt64(id)
            for child in screen.states[id].children { facts[id].subtree |= facts[child].subtree }
            for child in screen.states[id].initialChildren { facts[id].defaultEntry |= facts[child].defaultEntry }
        }
        return facts
    }
}
