import Foundation
import SegueCheck
import SegueDiagnostics
import SegueMachine
import SegueTestFixtures
import Testing

@testable import SegueExplore
@testable import SegueScenario

/// `segue check --scenarios DIR`: scenario files that together take every transition a scenario can take, each
/// passing `segue test`.
@Suite struct TransitionScenariosTests {
    /// Explores `path`, writes its scenarios, runs each as `segue test` does; returns what was written.
    static func writeAndRun(
        _ path: String, bounds: ExplorationBounds = ExplorationBounds()
    ) async throws -> (TransitionScenarios.Written, Exploration, [String], String) {
        let directory = try CounterexampleTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let loaded = FlowLoader().load(path: repository.appendingPathComponent(path).path)
        let flow = try #require(loaded.flow)
        let program = try Compiler.compile(flow)
        let exploration = FlowExplorer(flow: flow, program: program).explore(bounds)
        let written = try TransitionScenarios.write(
            exploration, flow: flow, program: program, flowPath: loaded.path, to: directory.path)
        var failures: [String] = []
        for file in written.files {
            let scenario = try ScenarioParser.parse(path: file)
            if let failure = await ScenarioRunner(root: repository.path).run(scenario).failure {
                failures.append("\((file as NSString).lastPathComponent): \(failure.message)")
            }
        }
        let first = try String(contentsOfFile: written.files.first ?? "", encoding: .utf8)
        return (written, exploration, failures, first)
    }

    @Test func theScenariosOfAFixtureTakeEveryTransitionAndPass() async throws {
        let (written, exploration, failures, first) = try await Self.writeAndRun(CheckFlows.path("signup"))
        #expect(failures.isEmpty, "\(failures)")
        #expect(written.skippedRuns == 0)
        #expect(written.covered + written.leftOut == exploration.graph.transitionCount)
        // Taken: every transition a scenario can take from a state a scenario can reach. Left out: the steps taken
        // while the register call is pending (leaving the form before its answer) and what only they lead to.
        let graph = exploration.graph
        let (edges, states) = (graph.edges, graph.states)
        let takeable = edges.map {
            TransitionCover.scenarioCanTake(graph.label($0.label), from: states[Int($0.from)].machine)
        }
        var reached = [true] + Array(repeating: false, count: graph.count - 1)
        var grew = true
        while grew {
            grew = false
            for (index, edge) in edges.enumerated()
            where takeable[index] && reached[Int(edge.from)] && !reached[Int(edge.to)] {
                reached[Int(edge.to)] = true
                grew = true
            }
        }
        let coverable = edges.indices.filter { takeable[$0] && reached[Int(edges[$0].from)] }
        #expect(written.covered == coverable.count)
        #expect(written.leftOut > 0)
        // A small set: fewer scenarios than a third of the transitions they take.
        #expect(written.files.count * 3 < written.covered, "\(written.files.count) for \(written.covered)")
        #expect(first.contains("covers: []\nsteps:\n"))
        #expect(first.contains("  - expect: { screen: "))
    }

    @Test func theScenariosOfASeedFlowPass() async throws {
        let (written, _, failures, _) = try await Self.writeAndRun(
            "flows/donate.yaml", bounds: ExplorationBounds(maxDepth: 5))
        #expect(failures.isEmpty, "\(failures)")
        #expect(written.skippedRuns == 0)
        #expect(written.files.count > 1)
        #expect(written.covered > written.files.count)
    }
}
