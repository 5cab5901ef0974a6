import Foundation
import SegueCheck
import SegueDiagnostics
import SegueMachine
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueREPL
@testable import SegueScenario

/// Persisted data that cannot be loaded or saved is shown: the REPL prints it and a scenario step fails with it.
@Suite struct ReplPersistenceTests {
    static let flow = """
        segue: 1
        flow: keep
        start: main
        data:
          count: { type: int, default: 0, persist: true }
        screens:
          main:
            elements:
              - button: bump
                label: "Bump ${count}"
                tap: [{ set: { count: "count + 1" } }]
        """

    /// A data directory whose `flow-keep.json` is a directory: it can be neither read nor replaced.
    func blockedDataDirectory() throws -> (flow: String, data: String) {
        let directory = NSTemporaryDirectory() + "segue-persist-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: directory + "/data/flow-keep.json", withIntermediateDirectories: true)
        try Self.flow.write(toFile: directory + "/keep.yaml", atomically: true, encoding: .utf8)
        return (directory + "/keep.yaml", directory + "/data")
    }

    @Test func theREPLPrintsAFailedLoadAndEveryFailedSave() async throws {
        let (flow, data) = try blockedDataDirectory()
        let session = try await ReplSession.open(
            path: flow, options: ServiceOptions(dataDirectory: data, boardEntries: 0, root: ReplFixture.root))
        let start = await session.start()
        #expect(start.contains("• error \"flow-keep.json: cannot read saved data"))
        #expect(start.contains("→ launched without saved data"))
        let reply = await session.execute("tap bump")
        #expect(reply.text.contains("• error \"flow-keep.json: it is a directory"))
        #expect(reply.text.contains("→ not saved"))
        #expect(session.state.data == [.int(1)], "the flow goes on with the value in memory")
    }

    @Test func aScenarioStepThatCannotSaveFails() async throws {
        let (flow, data) = try blockedDataDirectory()
        let loaded = FlowLoader().load(path: flow)
        let model = try #require(loaded.flow)
        let embedded = try await EmbeddedServices.make(
            for: model, options: ServiceOptions(dataDirectory: data, boardEntries: 0, root: ReplFixture.root))
        let driver = FlowDriver(program: try Compiler.compile(model), embedded: embedded)
        let file = SourceFile(
            path: flow + ".scenario.yaml", text: "scenario: save\nflow: keep.yaml\nsteps:\n  - launch\n  - tap: bump\n")
        let scenario = try ScenarioParser.parse(file)
        var run = ScenarioRun(scenario: scenario)
        var messages: [String] = []
        for step in scenario.steps {
            do throws(ScenarioFailure) {
                try await run.perform(step, driver: driver, embedded: embedded)
            } catch {
                messages.append(error.message)
            }
        }
        #expect(messages.count == 2)
        #expect(messages.first?.hasPrefix("persisted data: \(data)/flow-keep.json: cannot read saved data") == true)
        #expect(messages.last == "persisted data: \(data)/flow-keep.json: it is a directory")
    }
}
