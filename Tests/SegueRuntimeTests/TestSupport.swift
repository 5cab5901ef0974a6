import Foundation
import SegueDiagnostics
import SegueExpression
import SegueModel
import SegueYAML
import Testing

@testable import SegueCheck
@testable import SegueMachine

/// Errors a test helper reports when a flow text does not load.
struct FlowLoadFailure: Error, CustomStringConvertible {
    var description: String
}

/// Loads, decodes and compiles a flow written in YAML, and drives a machine step by step by names; `TestStore`
/// asserts each step exhaustively; this only drives, for tests that read views or hand-made states.
struct Harness {
    let machine: Machine
    var state = MachineState()
    var last = Step(state: MachineState(), effects: [], trace: [])

    /// `unchecked` skips the checker, for tests of how the runner copes with what the checker refuses (a `pop` at a
    /// navigation root, `codes` on a store call): the runner must not rely on the checker to stay safe.
    init(_ yaml: String, device: DeviceProfile = .standard, unchecked: Bool = false) throws {
        machine = Machine(program: try unchecked ? Harness.compileUnchecked(yaml) : Harness.compile(yaml))
        self.device = device
    }

    var device: DeviceProfile

    static func flow(_ yaml: String) throws -> Flow {
        let file = SourceFile(path: "test.yaml", text: yaml)
        let loaded = YAMLLoader().load(file)
        if !loaded.diagnostics.isEmpty { throw FlowLoadFailure(description: "\(loaded.diagnostics)") }
        var decoder = FlowDecoder(file: file)
        guard let flow = decoder.decodeFlow(loaded.root), decoder.diagnostics.isEmpty else {
            throw FlowLoadFailure(description: decoder.diagnostics.map(\.message).joined(separator: "\n"))
        }
        return flow
    }

    /// Checks and compiles, as every tool does.
    static func compile(_ yaml: String) throws -> Program {
        try Compiler.compile(try flow(yaml))
    }

    /// Compiles what the checker resolved though it refused the flow: only a test can (`@testable`), to see the
    /// runner cope with what the checker refuses.
    static func compileUnchecked(_ yaml: String) throws -> Program {
        guard let checked = Checker(flow: try flow(yaml)).checkedDespiteErrors() else {
            throw FlowLoadFailure(description: "`start` names no screen")
        }
        return Compiler.compile(checked)
    }

    var program: Program { machine.program }

    @discardableResult
    mutating func send(_ input: Input) -> Step {
        last = machine.step(state, input)
        state = last.state
        return last
    }

    @discardableResult
    mutating func launch(persisted: [String: Value] = [:], defaults: [String: Value] = [:]) -> Step {
        send(.launch(LaunchEnvironment(persisted: persisted, defaults: defaults, device: device)))
    }

    /// Taps `name`, `list[2]` or `list[2].part` on the top screen.
    @discardableResult
    mutating func tap(_ name: String) -> Step {
        guard let top = state.topInstance, let path = program.path(name, on: top.screen) else {
            Issue.record("no element \(name) on the top screen")
            return last
        }
        return send(.tap(path))
    }

    @discardableResult
    mutating func edit(_ name: String, _ text: String) -> Step {
        guard let top = state.topInstance, let element = program.screens[top.screen].element(named: name) else {
            Issue.record("no field \(name) on the top screen")
            return last
        }
        return send(.edit(element: element, value: .string(text)))
    }

    /// Raises the flow's event `name`; a name the flow does not declare fails the test and sends nothing.
    @discardableResult
    mutating func event(_ name: String, _ payload: Value = .null) -> Step {
        guard let event = program.event(named: name) else {
            Issue.record("the flow declares no event \(name)")
            return last
        }
        return send(.event(event, payload: payload))
    }

    /// Answers the oldest pending call.
    @discardableResult
    mutating func answer(_ outcome: ServiceOutcome) -> Step {
        guard let call = state.pendingCalls.first else {
            Issue.record("no call is pending")
            return last
        }
        return send(.outcome(call: call.id, outcome))
    }
}
