import Testing

@testable import SegueExplore

/// A nested state a step enters and leaves again (an `always:` that moves on, a final state that ends the flow) is
/// entered, though no stored state holds it; a state no run enters is reported at its own declaration (S011); a
/// history pseudo-state is never itself active and never reported.
@Suite struct TransientStatesTests {
    static let flow = """
        segue: 1
        flow: passing
        start: main
        screens:
          main:
            initial_state: idle
            states:
              idle:
                on: { go: [{ goto: passing }], stop: [{ goto: over }] }
              passing:
                always: [{ goto: settled }]
              orphan: {}
              settled:
                states:
                  calm: {}
                  memory:
                    history: shallow
                    default: { goto: calm }
              over:
                final: true
            elements:
              - button: go
                label: Go
                tap: { send: go }
              - button: stop
                label: Stop
                tap: { send: stop }
        """

    @Test func aStatePassedThroughOrFinalIsEnteredAndAnOrphanIsReportedWhereItIsDeclared() throws {
        let exploration = try FlowExplorerTests.explore(Self.flow)
        let never = exploration.findings.filter { $0.code == .stateNeverEntered }
        #expect(never.map(\.message) == ["state `main.orphan` is never entered by any run"])
        #expect(never.first?.range.start.line == 12, "\(String(describing: never.first?.range))")
    }
}
