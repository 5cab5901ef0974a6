import Foundation
import SegueCheck
import SegueDiagnostics
import SegueMachine
import SegueModel
import SegueTestFixtures
import Testing

@testable import SegueExplore

/// Events only the world outside raises (an imported chart's, a host's) are inputs `segue check` tries; events the
/// flow sends itself, the platform's and those carrying a declared payload are not (docs/check.md).
@Suite struct OutsideEventsTests {
    static let light = """
        segue: 1
        flow: light
        start: chart
        events:
          configure: { mode: string }
        screens:
          chart:
            initial_state: red
            states:
              red:
                on: { timer: [{ goto: green }] }
              green:
                on: { timer: [{ goto: red }], emergency: [{ goto: alarm }] }
              alarm:
                on: { reset: [{ goto: red }] }
            elements:
              - button: reset
                label: Reset
                tap: { send: reset }
            on:
              configure: []
              error.execution: []
        """

    @Test func onlyEventsNothingInTheFlowSendsAreSentFromOutside() throws {
        let loaded = FlowLoader().load(SourceFile(path: "light.yaml", text: Self.light))
        let flow = try #require(loaded.flow, "\(loaded.diagnostics.map(\.message))")
        let outside = OutsideEvents(flow: flow, program: try Compiler.compile(flow))
        #expect(outside.moves.map(\.label) == ["send emergency", "send timer"])
        #expect(outside.moves.map { $0.step?.replText } == ["send emergency", "send timer"])
    }

    /// Pictone's `playback_finished` is its playback's `end_event`: the runtime raises it, nothing outside does.
    @Test func anEventTheRuntimeRaisesIsNotSentFromOutside() throws {
        for name in ["pictone", "donate"] {
            let text = try String(contentsOf: repository.appendingPathComponent("flows/\(name).yaml"), encoding: .utf8)
            let loaded = FlowLoader().load(SourceFile(path: "\(name).yaml", text: text))
            let flow = try #require(loaded.flow)
            #expect(OutsideEvents(flow: flow, program: try Compiler.compile(flow)).moves.isEmpty, "\(name)")
        }
    }

    @Test func aChartDrivenFromOutsideIsExploredThroughItsEvents() throws {
        let exploration = try FlowExplorerTests.explore(Self.light)
        #expect(exploration.findings.isEmpty, "\(exploration.findings.map(\.message))")
        // red, green and alarm, each with the reset button tapped or not offered: every state is reached.
        #expect(exploration.graph.count == 3, "\(exploration.graph.count)")
    }
}
