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

    init(_ program: Program) {
        self.program = program
        compact = program.code.map(CompactInstruction.init)
        var screens: [ScreenFacts] = []
        var directEntries: [Int32] = []
        screens.reserveCapacity(program.screens.count)
        for screen in program.screens {
            screens.append(ScreenFacts(screen, handlers: directEntries.count))
            directEntries += screen.handlers.direct
        }
        self.screens = screens
        self.directEntries = directEntries
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

/// A screen's facts that a step needs on every event, without touching its arrays (24 bytes, so a ring of 10,000
/// screens' facts stay in cache).
struct ScreenFacts: Sendable {
    /// The `on_enter` and `on_exit` entries, or -1.
    var onEnter: Int32
    var onExit: Int32
    /// Where the screen's direct handler entries start in `ProgramBox.directEntries`, and how many there are.
    var handlers: Int32
    var handlerCount: Int32
    var navigation: Bool
    /// No parameters, data or fields: a new instance evaluates nothing and holds no values.
    var bare: Bool
    var hasInitialStates: Bool

    init(_ screen: ScreenProgram, handlers: Int) {
        onEnter = Int32(truncatingIfNeeded: screen.onEnter ?? -1)
        onExit = Int32(truncatingIfNeeded: screen.onExit ?? -1)
        navigation = screen.navigation
        bare = screen.slots.isEmpty && screen.fields.isEmpty
        hasInitialStates = !screen.initialStates.isEmpty
        self.handlers = Int32(truncatingIfNeeded: handlers)
        handlerCount = Int32(truncatingIfNeeded: screen.handlers.direct.count)
    }
}
