import Foundation
import SegueCheck
import SegueDiagnostics
import Testing

@testable import SegueDiagram
@testable import SegueDriver
@testable import SegueREPL
@testable import SegueScenario

/// Statechart constructs as people see them: the REPL and scenarios show a flow that ended, diagrams draw
/// transitions written with `goto:`, `always:` and a history default.
@Suite struct StatechartToolsTests {
    static let flow = """
        segue: 1
        flow: upload
        start: main
        data:
          tries: { type: int, default: 0 }
        screens:
          main:
            states:
              upload:
                on: { done.state.upload: [{ goto: finished }] }
                states:
                  sending:
                    on: { retry: [{ do: [{ set: { tries: "tries + 1" } }] }], back: [{ goto: again }] }
                    always: [{ when: "tries >= 2", goto: sent }]
                  sent: { final: true }
                  again: { history: shallow, default: { goto: sending } }
              finished: { final: true }
            elements:
              - button: retry
                label: Retry
                tap: { send: retry }
        """

    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "segue-statechart-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try flow.write(toFile: path + "/flow.yaml", atomically: true, encoding: .utf8)
        return path
    }

    @Test func theReplShowsThatTheFlowEndedAndIgnoresWhatComesAfter() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try await ReplSession.open(
            path: directory + "/flow.yaml", options: ServiceOptions(dataDirectory: nil, root: directory))
        _ = await session.execute("tap retry")
        let reply = await session.execute("tap retry")
        #expect(reply.text.contains("• raised done.state.upload"), "\(reply.text)")
        #expect(reply.text.contains("• the flow ended: main entered final state finished"), "\(reply.text)")
        let after = await session.execute("state")
        #expect(after.text.contains("time 0s · ended"), "\(after.text)")
    }

    @Test(arguments: [(1, "false"), (2, "true")])
    func aScenarioExpectsWhetherTheFlowEnded(taps: Int, ended: String) async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = """
            scenario: ends
            flow: flow.yaml
            steps:
              - launch
            \(String(repeating: "  - tap: retry\n", count: taps))  - expect: { ended: \(ended) }
            """
        let scenario = try ScenarioParser.parse(SourceFile(path: directory + "/ends.yaml", text: text))
        let result = await ScenarioRunner(root: directory).run(scenario)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        let wrong = try ScenarioParser.parse(
            SourceFile(
                path: directory + "/ends.yaml",
                text: text.replacingOccurrences(
                    of: "ended: \(ended)", with: "ended: \(ended == "true" ? "false" : "true")")))
        #expect(await ScenarioRunner(root: directory).run(wrong).failure != nil)
    }

    @Test func diagramsDrawGotoKeysEventlessTransitionsAndHistoryDefaults() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let loaded = FlowLoader().load(path: directory + "/flow.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let flow = try #require(loaded.flow)
        let edges = TransitionGraph(flow: flow).stateTransitions
        #expect(
            edges == [
                StateEdge(screen: "main", from: "upload", to: "finished", label: "upload: on done.state.upload"),
                StateEdge(screen: "main", from: "upload.sending", to: "upload.again", label: "upload.sending: on back"),
                StateEdge(
                    screen: "main", from: "upload.sending", to: "upload.sent",
                    label: "upload.sending: always [tries >= 2]"),
                StateEdge(
                    screen: "main", from: "upload.again", to: "upload.sending", label: "upload.again: history shallow"),
            ])
    }
}
