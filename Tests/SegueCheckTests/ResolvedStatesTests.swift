import SegueCheck
import SegueDiagnostics
import Testing

/// The checker hands the compiler each screen's states numbered and every transition's targets resolved
/// (`CheckedFlow.screens`), and each invoked chart as it checked it: the compiler looks no state name up.
@Suite struct ResolvedStatesTests {
    static let flow = """
        segue: 1
        flow: t
        start: main
        data:
          other: { type: int, default: 0 }
          session: { type: string, default: "''" }
        screens:
          main:
            on:
              reset: [{ goto: a }]
            states:
              a:
                on: { next: [{ when: "true", goto: b2 }, { do: [{ goto: b }] }] }
              b:
                initial: b2
                states:
                  b1: {}
                  b2:
                    invoke:
                      idlocation: session
                      chart:
                        segue: 1
                        flow: child
                        start: inner
                        screens:
                          inner:
                            states:
                              only: {}
              c:
                parallel: true
                states:
                  left: {}
                  right: {}
            elements: []
        """

    func states() throws -> ScreenStates {
        let loaded = FlowLoader().load(SourceFile(path: "t.yaml", text: Self.flow))
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        return try #require(loaded.checked?.screens.first?.states)
    }

    @Test func statesAreNumberedInDocumentOrderEachBeforeItsChildren() throws {
        let chart = try states()
        #expect(chart.states.map(\.node.name.text) == ["a", "b", "b1", "b2", "c", "left", "right"])
        #expect(chart.top.map(\.position) == [0, 1, 4])
        #expect(chart.initial.map(\.position) == [0])
        #expect(chart.states[1].children.map(\.position) == [2, 3])
        #expect(chart.states[3].parent?.position == 1)
        #expect(chart.states[0].parent == nil)
    }

    @Test func initialStatesAreResolved() throws {
        let chart = try states()
        #expect(chart.states[1].initialChildren.map(\.position) == [3])
        #expect(chart.states[4].initialChildren.map(\.position) == [5, 6])
    }

    @Test func targetsAndTheGotoOfATargetlessTransitionAreResolved() throws {
        let alternatives = try #require(try states().states[0].handlers.first?.alternatives)
        #expect(alternatives.map { $0.targets.map(\.position) } == [[3], []])
        #expect(alternatives.map(\.impliedTarget?.position) == [nil, 1])
    }

    @Test func anInvokedChartIsHandedOverChecked() throws {
        let invocations = try states().states[3].invocations
        #expect(invocations.map { $0.chart.flow.id.text } == ["child"])
        #expect(invocations.first?.idLocation == 1)
        #expect(invocations.first?.chart.screens.first?.states?.top.count == 1)
    }
}
