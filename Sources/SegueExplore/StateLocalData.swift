import SegueDiagnostics
import SegueMachine
import SegueModel

/// A screen's data only one nested state reads, and which every way into that state sets first: while the state is
/// not active its value is dead (nothing reads it before it is set again), so the stored state holds one value for
/// it there (docs/check.md, "Data only an inactive state reads").
///
/// In `flows/pictone.yaml` the script screen's `countdown` and `recording_line` are read only while `counting`
/// (its timer, `start_recording`), and `record` sets both before `goto: counting`.
///
///     StateLocalData.find(flow: flow, program: program, opaque: opaque)  // [(screen: 3, slot: 5, state: 3)]
enum StateLocalData {
    /// Each (screen, data slot, nested state) whose slot is dead while the state is not active.
    static func find(flow: Flow, program: Program, opaque: Set<Int>) -> [(screen: Int, slot: Int, state: Int)] {
        var found: [(screen: Int, slot: Int, state: Int)] = []
        // By name once: a flow of ten thousand screens would otherwise search its list for each.
        let declared = Dictionary(flow.screens.map { ($0.name.text, $0) }, uniquingKeysWith: { first, _ in first })
        let screenRanges = program.screens.map { declared[$0.name]?.range }
        let fieldWritten = ScreenLocalData.writtenByField(in: program)
        for (index, screen) in program.screens.enumerated() {
            guard let range = screenRanges[index], let chart = declared[screen.name]?.states,
                !screen.states.contains(where: { $0.history != nil })
            else { continue }
            let nodes = Self.nodes(chart)
            let letValues = Set(screen.lets.map(\.value))
            for slot in screen.parameterCount..<max(screen.parameterCount, screen.slots.count) {
                let name = screen.slots[slot].name
                guard !fieldWritten.contains(.screen(slot)) else { continue }
                // The names that read it: the variable and every `let:` computed from it.
                var names: Set<String> = [name]
                var grew = true
                while grew {
                    grew = false
                    for named in screen.lets
                    where !names.contains(named.name) && named.value < program.expressions.count {
                        if !names.isDisjoint(with: program.expressions[named.value].names) {
                            names.insert(named.name)
                            grew = true
                        }
                    }
                }
                var readers: [SourceRange] = []
                var outside = false
                for (expression, compiled) in program.expressions.enumerated()
                where !opaque.contains(expression) && !letValues.contains(expression)
                    && !names.isDisjoint(with: compiled.names)
                {
                    let elsewhere = screenRanges.indices.contains {
                        $0 != index && screenRanges[$0].map { ScreenLocalData.contains($0, compiled.range) } ?? false
                    }
                    if elsewhere { continue }
                    if !ScreenLocalData.contains(range, compiled.range) { outside = true }
                    readers.append(compiled.range)
                }
                guard !outside, !readers.isEmpty else { continue }
                // The smallest nested state whose declaration holds every reader.
                let holding = nodes.filter { node in readers.allSatisfy { ScreenLocalData.contains(node.range, $0) } }
                guard
                    let node = holding.min(by: {
                        $0.range.end.offset - $0.range.start.offset < $1.range.end.offset - $1.range.start.offset
                    }),
                    let state = screen.stateIndex[node.name.text],
                    Self.enteredOnlyAfterSetting(slot, names: names, state: state, screen: screen, program: program)
                else { continue }
                found.append((index, slot, state))
            }
        }
        return found
    }

    /// Every nested state of a chart, at any depth.
    static func nodes(_ chart: StateChart) -> [StateNode] {
        chart.states.flatMap { [$0] + ($0.children.map(nodes) ?? []) }
    }

    /// Whether the state (or one inside it) is entered only by a `goto` right after a `set:` of the slot that reads
    /// nothing of it: never initially, by a handler's target or by history; and it has no `on_exit` (whose calls
    /// could answer after it is left).
    static func enteredOnlyAfterSetting(
        _ slot: Int, names: Set<String>, state: Int, screen: ScreenProgram, program: Program
    ) -> Bool {
        var inside: Set<Int> = [state]
        var grew = true
        while grew {
            grew = false
            for (id, nested) in screen.states.enumerated() where !inside.contains(id) && inside.contains(nested.parent)
            {
                inside.insert(id)
                grew = true
            }
        }
        if !inside.isDisjoint(with: screen.initialStates) { return false }
        var targets: [Int] = []
        var tables = [screen.handlers]
        for nested in screen.states {
            if !inside.isDisjoint(with: nested.initialChildren) { return false }
            tables.append(nested.handlers)
            targets += nested.always.flatMap(\.targets) + (nested.historyDefault?.targets ?? [])
        }
        for nested in inside where screen.states[nested].onExit != nil { return false }
        targets += tables.flatMap { $0.handlers.flatMap { $0.alternatives.flatMap(\.targets) } }
        if targets.contains(where: inside.contains) { return false }
        var jumpedTo: Set<Int> = []
        for instruction in program.code {
            switch instruction {
            case .jump(let target), .jumpUnless(_, let target): jumpedTo.insert(target)
            case .forEachStart(let loop), .forEachNext(let loop): jumpedTo.insert(loop.exit)
            default: continue
            }
        }
        for (pc, instruction) in program.code.enumerated() {
            guard case .goto(let target) = instruction, inside.contains(target) else { continue }
            guard pc > 0, !jumpedTo.contains(pc), case .assign(let operations) = program.code[pc - 1],
                let write = operations.first(where: { $0.target == .screen(slot) }),
                write.value < program.expressions.count,
                names.isDisjoint(with: program.expressions[write.value].names)
            else { return false }
        }
        return true
    }
}
