import SegueExpression
import Testing

@testable import SegueMachine

/// Drives `Machine.step` the way TCA's TestStore drives a reducer: nothing changes behind the test's back.
///
/// Each step takes a closure that edits a copy of the previous state into the one the test expects; the step fails
/// unless the machine's new state equals it exactly, and prints the fields that differ. Every effect a step
/// returns must be taken with `receive(_:)` before the next input, and every call received must be answered (or
/// let go with `skipInFlightCalls()`); anything left when the store goes away fails the test.
///
///     let store = try TestStore(CallTests.flow)
///     store.launch { $0.launched = true; … }
///     store.tap("buy") { $0.pendingCalls = [$0.call(1, "store.purchase", on: 1)]; $0.nextCall = 2 }
///     store.receive(.callService(id: 1, service: "store", operation: "purchase", arguments: [...]))
///     store.answer(1, .ok(.null)) { $0.pendingCalls = [] }
final class TestStore {
    let machine: Machine
    private(set) var state = MachineState()
    /// The last step, for its trace.
    private(set) var last = Step(state: MachineState(), effects: [], trace: [])
    let device: DeviceProfile
    /// Effects returned and not yet received, oldest first.
    private var unreceived: [Effect] = []
    /// Calls received and not yet answered, by id.
    private var inFlight: [Int: String] = [:]
    private let createdAt: SourceLocation

    /// `unchecked` skips the checker, as `Harness` does, for tests of how the runner copes with what it refuses.
    init(
        _ yaml: String, device: DeviceProfile = .standard, unchecked: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        machine = Machine(program: try unchecked ? Harness.compileUnchecked(yaml) : Harness.compile(yaml))
        self.device = device
        createdAt = sourceLocation
    }

    deinit {
        if !unreceived.isEmpty {
            Issue.record(
                "\(unreceived.count) effect(s) were never received:\n\(Self.list(unreceived))",
                sourceLocation: createdAt)
        }
        if !inFlight.isEmpty {
            let calls = inFlight.keys.sorted().map { "  #\($0) \(inFlight[$0] ?? "")" }.joined(separator: "\n")
            Issue.record(
                "call(s) received but never answered (answer them or skipInFlightCalls()):\n\(calls)",
                sourceLocation: createdAt)
        }
    }

    var program: Program { machine.program }

    /// The last step's trace as text lines.
    var trace: [String] { last.trace.map(\.description) }

    /// Sends `input`; the new state must be the previous one edited by `update`, and the trace (when given) exactly
    /// `trace`.
    func send(
        _ input: Input, trace expectedTrace: [String]? = nil, sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ExpectedState) -> Void = { _ in }
    ) {
        if !unreceived.isEmpty {
            Issue.record(
                "\(unreceived.count) effect(s) must be received before sending \(Self.name(input)):\n\(Self.list(unreceived))",
                sourceLocation: sourceLocation)
            unreceived = []
        }
        var expected = ExpectedState(state: state, program: program)
        update(&expected)
        last = machine.step(state, input)
        state = last.state
        unreceived = last.effects
        if expected.state != state {
            let diff = StateDiff(expected: expected.state, actual: state, program: program)
            let fields = diff.isEmpty ? "  (in a field the diff cannot show)" : diff.description
            Issue.record(
                "the state after \(Self.name(input)) differs from the expected one:\n\(fields)",
                sourceLocation: sourceLocation)
        }
        if let expectedTrace, trace != expectedTrace {
            Issue.record(
                "the trace after \(Self.name(input)) differs:\n  expected \(expectedTrace)\n  actual   \(trace)",
                sourceLocation: sourceLocation)
        }
    }

    /// Takes the oldest effect not yet received; it must equal `effect`. A call becomes in flight until answered.
    func receive(_ effect: Effect, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let next = unreceived.first else {
            return fail("expected to receive \(effect), but no effect is waiting", sourceLocation: sourceLocation)
        }
        if next != effect {
            Issue.record(
                "the next effect differs:\n  expected \(effect)\n  actual   \(next)", sourceLocation: sourceLocation)
        }
        unreceived.removeFirst()
        if case .callService(let id, let service, let operation, _) = next { inFlight[id] = "\(service).\(operation)" }
    }

    /// `receive(_:)` for each effect, in order.
    func receive(_ effects: [Effect], sourceLocation: SourceLocation = #_sourceLocation) {
        for effect in effects { receive(effect, sourceLocation: sourceLocation) }
    }

    /// Feeds back the outcome of a received call, asserting the step like `send`.
    func answer(
        _ call: Int, _ outcome: ServiceOutcome, trace: [String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ExpectedState) -> Void = { _ in }
    ) {
        if inFlight.removeValue(forKey: call) == nil {
            Issue.record("call #\(call) was never received", sourceLocation: sourceLocation)
        }
        send(.outcome(call: call, outcome), trace: trace, sourceLocation: sourceLocation, update)
    }

    /// Lets received calls go unanswered: the test ends while they are still waiting, on purpose.
    func skipInFlightCalls() {
        inFlight = [:]
    }

    func launch(
        persisted: [String: Value] = [:], defaults: [String: Value] = [:], trace: [String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout ExpectedState) -> Void = { _ in }
    ) {
        let environment = LaunchEnvironment(persisted: persisted, defaults: defaults, device: device)
        send(.launch(environment), trace: trace, sourceLocation: sourceLocation, update)
    }

    /// Taps `name`, `list[2]` or `list[2].part` on the top screen.
    func tap(
        _ name: String, trace: [String]? = nil, sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ExpectedState) -> Void = { _ in }
    ) {
        guard let path = path(name, sourceLocation) else { return }
        send(.tap(path), trace: trace, sourceLocation: sourceLocation, update)
    }

    /// Types `text` into the field `name` of the top screen.
    func edit(
        _ name: String, _ text: String, trace: [String]? = nil, sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ExpectedState) -> Void = { _ in }
    ) {
        guard let element = element(name, sourceLocation) else { return }
        send(.edit(element: element, value: .string(text)), trace: trace, sourceLocation: sourceLocation, update)
    }

    /// Presses return in the field `name` of the top screen.
    func submit(
        _ name: String, trace: [String]? = nil, sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ExpectedState) -> Void = { _ in }
    ) {
        guard let element = element(name, sourceLocation) else { return }
        send(.submit(element: element), trace: trace, sourceLocation: sourceLocation, update)
    }

    /// Raises the flow's event `name` on the top screen; a name the flow does not declare fails the test.
    func event(
        _ name: String, _ payload: Value = .null, trace: [String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout ExpectedState) -> Void = { _ in }
    ) {
        guard let event = program.event(named: name) else {
            return fail("the flow declares no event \(name)", sourceLocation: sourceLocation)
        }
        send(.event(event, payload: payload), trace: trace, sourceLocation: sourceLocation, update)
    }

    /// The path of an element of the top screen (`rows[1].play`), or a recorded issue.
    func path(_ name: String, _ sourceLocation: SourceLocation = #_sourceLocation) -> ElementPath? {
        guard let top = state.topInstance, let path = program.path(name, on: top.screen) else {
            Issue.record("no element \(name) on the top screen", sourceLocation: sourceLocation)
            return nil
        }
        return path
    }

    /// The index of an element of the top screen, or a recorded issue.
    func element(_ name: String, _ sourceLocation: SourceLocation = #_sourceLocation) -> Int? {
        guard let top = state.topInstance, let element = program.screens[top.screen].element(named: name) else {
            Issue.record("no element \(name) on the top screen", sourceLocation: sourceLocation)
            return nil
        }
        return element
    }

    /// An input for a message: a launch without its whole environment.
    private static func name(_ input: Input) -> String {
        if case .launch = input { return "launch" }
        return "\(input)"
    }

    private static func list(_ effects: [Effect]) -> String {
        effects.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// Records a test failure; a `Void` function can `return fail(…)`.
func fail(_ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
    Issue.record(comment, sourceLocation: sourceLocation)
}
