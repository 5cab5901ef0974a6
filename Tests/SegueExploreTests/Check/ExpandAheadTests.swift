import Foundation
import SegueCheck
import SegueDiagnostics
import SegueMachine
import SegueModel
import SegueTestFixtures
import Testing

@testable import SegueExplore

/// States expanded a batch ahead on a second thread (`ExplorationBounds.expandAhead`) are merged in order: the graph,
/// its numbering, its edges and the findings with their runs are those of the one-thread search.
@Suite struct ExpandAheadTests {
    static func both(
        _ text: String, path: String = "test.yaml", maxStates: Int? = nil
    ) throws -> (alone: Exploration, ahead: Exploration) {
        let loaded = FlowLoader().load(SourceFile(path: path, text: text))
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.map(\.message))")
        let flow = try #require(loaded.flow)
        let explorer = FlowExplorer(flow: flow, program: try Compiler.compile(flow))
        var bounds = ExplorationBounds()
        if let maxStates { bounds.maxStates = maxStates }
        bounds.expandAhead = false
        let alone = explorer.explore(bounds)
        bounds.expandAhead = true
        return (alone, explorer.explore(bounds))
    }

    static func expectSame(_ alone: Exploration, _ ahead: Exploration) {
        #expect(alone.graph.count == ahead.graph.count)
        #expect(
            alone.graph.edges.map { [$0.from, $0.to, $0.label] }
                == ahead.graph.edges.map { [$0.from, $0.to, $0.label] })
        #expect(alone.graph.states == ahead.graph.states)
        #expect(alone.findings.map(\.message) == ahead.findings.map(\.message))
        #expect(alone.findings.map(\.path) == ahead.findings.map(\.path))
        #expect(alone.outOfScope == ahead.outOfScope)
        #expect(alone.stoppedBy == ahead.stoppedBy)
    }

    /// Findings of every kind the fixtures have (an invariant on one outcome, a loop, a screen never entered).
    @Test(arguments: ["lost-purchase", "ping-pong", "hidden-screen", "stuck-countdown", "gallery", "signup"])
    func theFixturesExploreTheSameOnBothWays(_ name: String) throws {
        let (alone, ahead) = try Self.both(CheckFlows.text(name), path: CheckFlows.path(name))
        #expect(!alone.findings.isEmpty || alone.graph.count > 1)
        Self.expectSame(alone, ahead)
    }

    /// Many more states than one batch holds, with timers: 7GUIs' Timer.
    @Test func aFlowOfManyBatchesExploresTheSameBothWays() throws {
        let timer = try String(
            contentsOf: repository.appendingPathComponent("examples/7guis/timer.yaml"), encoding: .utf8)
        let (alone, ahead) = try Self.both(timer)
        #expect(alone.graph.count > ExpansionBatch.size * 4)
        Self.expectSame(alone, ahead)
    }

    /// A bound that stops the search while the next batch is being expanded (and partly expanded by the search's
    /// own thread): the batch is abandoned, and the result is still the one-thread search's.
    @Test func aSearchStoppedMidBatchExploresTheSameBothWays() throws {
        let timer = try String(
            contentsOf: repository.appendingPathComponent("examples/7guis/timer.yaml"), encoding: .utf8)
        let (alone, ahead) = try Self.both(timer, maxStates: ExpansionBatch.size * 2 + 37)
        #expect(alone.stoppedBy != nil)
        Self.expectSame(alone, ahead)
    }
}
