import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel

/// Flow data only one screen reads, and which that screen sets when it is entered before anything reads it: while
/// no instance of the screen exists its value is dead (no behaviour reads it before it is set again), so the stored
/// state holds the launch value instead and runs that differ only there are one state (docs/check.md, "Canonical
/// states").
///
///     ScreenLocalData(flow: flow, program: program, launch: state).locals  // [(slot: 2, screen: 3)]: `wall`
struct ScreenLocalData: Sendable {
    /// Each dead-when-absent variable: its slot and the screen that owns it.
    let locals: [(slot: Int, screen: Int)]
    /// The launch values, which a dead variable is reset to.
    let launchData: [Value]

    init(flow: Flow, program: Program, launch: MachineState) {
        launchData = launch.data
        var locals: [(slot: Int, screen: Int)] = []
        let fieldWritten = Self.writtenByField(in: program)
        for (slot, variable) in program.data.enumerated()
        where !variable.persist && variable.defaultsKey == nil && slot < launch.data.count
            && !fieldWritten.contains(.flow(slot))
        {
            let readers = program.expressions.filter { $0.names.contains(variable.name) }
            guard !readers.isEmpty else { continue }
            guard
                let screen = program.screens.indices.first(where: { screen in
                    guard let range = flow.screen(named: program.screens[screen].name)?.range else { return false }
                    return readers.allSatisfy { Self.contains(range, $0.range) }
                }),
                Self.setsOnEntry(slot, name: variable.name, screen: program.screens[screen], program: program)
            else { continue }
            locals.append((slot, screen))
        }
        self.locals = locals
    }

    /// `state` with each dead variable at its launch value.
    func clear(_ state: inout MachineState) {
        guard !locals.isEmpty else { return }
        for (slot, screen) in locals where slot < state.data.count && state.data[slot] != launchData[slot] {
            let shown = state.layers.contains { layer in layer.stack.contains { $0.screen == screen } }
            if !shown { state.data[slot] = launchData[slot] }
        }
    }

    /// The variables a `set:` writes a field of (`person.surname`): that write reads what the variable holds (a
    /// null there fails), so none of them is ever dead. A screen slot counts for every screen.
    static func writtenByField(in program: Program) -> Set<AssignTarget> {
        var written: Set<AssignTarget> = []
        for case .assign(let operations) in program.code {
            for operation in operations where operation.readsTarget { written.insert(operation.target) }
        }
        return written
    }

    /// Whether the screen's `on_enter` starts with a `set:` of the variable that reads nothing of it.
    static func setsOnEntry(_ slot: Int, name: String, screen: ScreenProgram, program: Program) -> Bool {
        guard let entry = screen.onEnter, entry < program.code.count, case .assign(let operations) = program.code[entry]
        else { return false }
        guard operations.contains(where: { $0.target == .flow(slot) }) else { return false }
        return !operations.contains { operation in
            operation.value < program.expressions.count && program.expressions[operation.value].names.contains(name)
        }
    }

    /// Whether `range` holds `inner` (the same file, from its start to its end).
    static func contains(_ range: SourceRange, _ inner: SourceRange) -> Bool {
        range.path == inner.path && range.start <= inner.start && inner.end <= range.end
    }
}
