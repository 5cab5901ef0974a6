import SegueExpression
import SegueMachine
import SegueModel

/// Data nothing the flow does reads: every expression naming it is opaque (`OpaqueExpressions`: it is only drawn,
/// handed to a call or to the audio service) or computes its own next value (`put(volumes, …)` into `volumes`), and
/// no property reads it. Its value cannot change what happens next, so the stored state holds one value for it: the
/// launch value of flow data, the first value seen of a screen's data (docs/check.md, "Data nothing reads"); and
/// so does screen data only an inactive nested state reads (`StateLocalData`).
///
///     UnreadData(flow: flow, outcomes: sampler, launch: state).screenSlots  // [(screen: 3, slot: 2)]: `volumes`
struct UnreadData {
    /// Flow data slots nothing reads.
    let flowSlots: [Int]
    /// Screen data slots (not parameters) nothing reads.
    let screenSlots: [(screen: Int, slot: Int)]
    /// Screen data slots only one nested state reads, dead while it is not active (`StateLocalData`).
    let stateSlots: [(screen: Int, slot: Int, state: Int)]
    private let launchData: [Value]
    /// By screen, the slots of `screenSlots` then of `stateSlots` it has, each with its number in `representatives`:
    /// an instance meets only its own screen's.
    private let byScreen: [[(number: Int, slot: Int, state: Int?)]]
    /// Per slot of `screenSlots` then of `stateSlots`, the value it is stored with: the first one seen (nil: none
    /// seen yet).
    private var representatives: [Value?]

    init(flow: Flow, outcomes: OutcomeSampler, launch: MachineState) {
        let program = outcomes.program
        launchData = launch.data
        let opaque = OpaqueExpressions(outcomes: outcomes).indices
        var selfUpdates: [AssignTarget: Set<Int>] = [:]
        for instruction in program.code {
            guard case .assign(let operations) = instruction else { continue }
            for operation in operations { selfUpdates[operation.target, default: []].insert(operation.value) }
        }
        let fieldWritten = ScreenLocalData.writtenByField(in: program)
        func unread(_ name: String, _ target: AssignTarget) -> Bool {
            guard !fieldWritten.contains(target)
            else { return false }
            let own = selfUpdates[target] ?? []
            return program.expressions.indices.allSatisfy { index in
                opaque.contains(index) || own.contains(index)
                    || !program.expressions[index].names.contains(name)
            }
        }
        flowSlots = program.data.indices.filter { slot in
            let variable = program.data[slot]
            return !variable.persist && variable.defaultsKey == nil && slot < launch.data.count
                && unread(variable.name, .flow(slot))
        }
        var screenSlots: [(screen: Int, slot: Int)] = []
        for (index, screen) in program.screens.enumerated() {
            for slot in screen.parameterCount..<max(screen.parameterCount, screen.slots.count)
            where unread(screen.slots[slot].name, .screen(slot)) {
                screenSlots.append((index, slot))
            }
        }
        self.screenSlots = screenSlots
        stateSlots = StateLocalData.find(flow: flow, program: program, opaque: opaque).filter { local in
            !screenSlots.contains { $0 == (local.screen, local.slot) }
        }
        representatives = Array(repeating: nil, count: screenSlots.count + stateSlots.count)
        var byScreen = [[(number: Int, slot: Int, state: Int?)]](repeating: [], count: program.screens.count)
        for (number, (screen, slot)) in screenSlots.enumerated() { byScreen[screen].append((number, slot, nil)) }
        for (index, (screen, slot, state)) in stateSlots.enumerated() {
            byScreen[screen].append((screenSlots.count + index, slot, state))
        }
        self.byScreen = byScreen
    }

    /// `state` with every unread variable at its stored value.
    mutating func clear(_ state: inout MachineState) {
        for slot in flowSlots where slot < state.data.count && state.data[slot] != launchData[slot] {
            state.data[slot] = launchData[slot]
        }
        guard !screenSlots.isEmpty || !stateSlots.isEmpty else { return }
        for layer in state.layers.indices {
            for index in state.layers[layer].stack.indices {
                let screen = state.layers[layer].stack[index].screen
                guard byScreen.indices.contains(screen) else { continue }
                for (number, slot, nested) in byScreen[screen] {
                    // Data only a nested state reads is kept while that state is inactive.
                    if let nested, state.layers[layer].stack[index].isActive(nested) { continue }
                    keep(number, at: slot, layer: layer, index: index, in: &state)
                }
            }
        }
    }

    /// Puts the value kept as `representatives[number]` in slot `slot` of the instance at `layer`, `index`; the
    /// first value seen is the one kept. Read first, written only when the value differs: passing the instance's
    /// values `inout` would make the layers, the stack and the values unique (copies of arrays the state shares) on
    /// every step.
    private mutating func keep(_ number: Int, at slot: Int, layer: Int, index: Int, in state: inout MachineState) {
        guard slot < state.layers[layer].stack[index].values.count else { return }
        let held = state.layers[layer].stack[index].values[slot]
        guard let kept = representatives[number] else {
            representatives[number] = held
            return
        }
        if kept != held { state.layers[layer].stack[index].values[slot] = kept }
    }
}
