import SegueExpression
import Testing

@testable import SegueMachine

/// The state a test expects after a step, written as edits to the previous one, with the flow's names at hand.
///
///     store.tap("open") {
///         $0.layers.append(NavigationLayer(navigation: true, stack: [$0.instance(2, "modal", .present)]))
///         $0.nextInstance = 3
///         $0[data: "log"] = .list([])
///     }
@dynamicMemberLookup
struct ExpectedState {
    var state: MachineState
    let program: Program

    subscript<Field>(dynamicMember field: WritableKeyPath<MachineState, Field>) -> Field {
        get { state[keyPath: field] }
        set { state[keyPath: field] = newValue }
    }

    /// A flow variable by name.
    subscript(data name: String) -> Value {
        get { program.dataIndex[name].map { state.data[$0] } ?? .null }
        set {
            guard let slot = program.dataIndex[name] else { return fail("the flow has no variable \(name)") }
            state.data[slot] = newValue
        }
    }

    /// The screen the user sees (the top of the top layer).
    var top: ScreenInstance {
        get {
            guard let top = state.topInstance else {
                Issue.record("no screen is shown")
                return ScreenInstance(id: -1, screen: -1, values: [], states: [], form: .empty, transition: .root)
            }
            return top
        }
        set {
            guard let layer = state.layers.indices.last, !state.layers[layer].stack.isEmpty else {
                return fail("no screen is shown")
            }
            state.layers[layer].stack[state.layers[layer].stack.count - 1] = newValue
        }
    }

    /// A parameter or data variable of the top screen, by name.
    subscript(top name: String) -> Value {
        get { slot(name).map { top.values[$0] } ?? .null }
        set {
            guard let slot = slot(name) else { return }
            top.values[slot] = newValue
        }
    }

    /// The top screen's active nested states, by name, in document order.
    var topStates: [String] {
        get { top.states.map { program.screens[top.screen].states[$0].name } }
        set {
            let screen = program.screens[top.screen]
            top.states = newValue.compactMap { name in
                guard let state = screen.stateIndex[name] else {
                    Issue.record("\(screen.name) has no nested state \(name)")
                    return nil
                }
                return state
            }
        }
    }

    private func slot(_ name: String) -> Int? {
        guard let slot = program.screens[top.screen].slotIndex[name] else {
            Issue.record("\(program.screens[top.screen].name) has no variable \(name)")
            return nil
        }
        return slot
    }

    /// A screen's id in the program.
    func screen(_ name: String) -> Int {
        guard let screen = program.screenIndex[name] else {
            Issue.record("the flow has no screen \(name)")
            return -1
        }
        return screen
    }

    /// A new screen instance as the machine makes one.
    func instance(
        _ id: Int, _ screen: String, _ transition: TransitionKind, values: [Value] = [], states: [String] = [],
        form: FormState = .empty
    ) -> ScreenInstance {
        let index = self.screen(screen)
        let ids = states.compactMap {
            program.screens.indices.contains(index) ? program.screens[index].stateIndex[$0] : nil
        }
        return ScreenInstance(id: id, screen: index, values: values, states: ids, form: form, transition: transition)
    }

    /// A call waiting for its outcome: `call(1, "store.purchase", on: 1)` is the flow's first `store.purchase` call
    /// (`occurrence` counts them in the order they were compiled), suspended on screen instance 1.
    func call(
        _ id: Int, _ name: String, on instance: Int, occurrence: Int = 0, owner: Int = -1, event: Value = .null,
        locals: [String: Value] = [:]
    ) -> PendingCall {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        let service = parts.first ?? name
        let operation = parts.count > 1 ? parts[1] : ""
        let calls = program.code.indices.filter {
            guard case .call(let call) = program.code[$0] else { return false }
            return call.service == service && call.operation == operation
        }
        guard calls.indices.contains(occurrence) else {
            Issue.record("the flow has no call \(name) number \(occurrence)")
            return PendingCall(id: id, service: service, operation: operation, pc: -1, frame: Frame(instance: instance))
        }
        // A state's handler call belongs to that state (the tests call from active states only).
        return PendingCall(
            id: id, service: service, operation: operation, pc: calls[occurrence],
            frame: Frame(instance: instance, owner: owner, event: event, locals: locals),
            state: owner >= 0 ? owner : nil)
    }

    /// A timer on the machine's clock, started by the flow's `occurrence`-th `after`/`every` (in compiled order).
    func timer(
        _ id: Int, deadline: ClockDuration, every interval: ClockDuration? = nil, named name: String? = nil,
        on instance: Int,
        occurrence: Int = 0, owner: Int = -1
    ) -> ScheduledTimer {
        let starts = program.code.compactMap { instruction -> TimerOperation? in
            guard case .startTimer(let timer) = instruction else { return nil }
            return timer
        }
        let nameID = name.flatMap { program.timerNames.firstIndex(of: $0) }
        guard starts.indices.contains(occurrence) else {
            Issue.record("the flow has no timer number \(occurrence)")
            return ScheduledTimer(
                id: id, name: nameID, deadline: deadline, interval: interval, entry: -1,
                frame: Frame(instance: instance))
        }
        return ScheduledTimer(
            id: id, name: nameID, deadline: deadline, interval: interval, entry: starts[occurrence].entry,
            frame: Frame(instance: instance, owner: owner))
    }

    /// The timer that ends the line playing on screen instance `instance` (playback's own, not written in the flow).
    func lineTimer(_ id: Int, deadline: ClockDuration, on instance: Int) -> ScheduledTimer {
        ScheduledTimer(
            id: id, name: nil, deadline: deadline, interval: nil, entry: program.playbackEntry,
            frame: Frame(instance: instance))
    }
}
