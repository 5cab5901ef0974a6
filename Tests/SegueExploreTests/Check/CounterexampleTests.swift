import Foundation
import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueExplore
@testable import SegueREPL
@testable import SegueScenario

/// `--trace-out`: a finding's run loads in the REPL into the broken state, and its scenario fails at the step that
/// breaks the invariant; invariants are checked by `segue test` and reported by the REPL.
@Suite struct CounterexampleTests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "segue-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func lostPurchase() throws -> (FlowLoadResult, Exploration) {
        let loaded = FlowLoader().load(path: repository.appendingPathComponent(CheckFlows.path("lost-purchase")).path)
        let flow = try #require(loaded.flow)
        return (loaded, FlowExplorer(flow: flow, program: try Compiler.compile(flow)).explore())
    }

    @Test func theTraceLoadsInTheREPLIntoTheBrokenState() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (loaded, exploration) = try Self.lostPurchase()
        let flow = try #require(loaded.flow)
        let written = try CounterexampleFiles.write(
            exploration.findings, flow: flow, program: try Compiler.compile(flow), flowPath: loaded.path,
            to: directory.path)
        #expect(
            written.map { ($0 as NSString).lastPathComponent } == [
                "lost_purchase-S001-1.trace.json", "lost_purchase-S001-1.yaml",
            ])
        let session = try await ReplSession.open(
            path: loaded.path, options: ServiceOptions(dataDirectory: nil, boardEntries: 0, root: repository.path))
        let reply = await session.execute("load \(written[0])")
        #expect(!reply.failed, "\(reply.text)")
        #expect(reply.text.contains("the state matches the saved one"))
        let data = session.driver.state.data
        let slot = try #require(session.program.dataIndex["charged"])
        let credited = try #require(session.program.dataIndex["credited"])
        #expect(data[slot] == .bool(true) && data[credited] == .bool(false))
    }

    @Test func theScenarioFailsAtTheStepThatBreaksTheInvariant() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (loaded, exploration) = try Self.lostPurchase()
        let flow = try #require(loaded.flow)
        let written = try CounterexampleFiles.write(
            exploration.findings, flow: flow, program: try Compiler.compile(flow), flowPath: loaded.path,
            to: directory.path)
        let text = try String(contentsOfFile: written[1], encoding: .utf8)
        #expect(text.contains("  - next: { call: \"store.purchase\", error: { code: \"failed\""))
        // Launch, then the purchase's outcome scripted, then the tap that makes the call.
        #expect(
            text.contains("  - launch\n  - next: { call: \"store.purchase\", error: { code: \"failed\", message: "))
        #expect(text.hasSuffix(" }\n  - tap: \"buy\"\n"))
        let scenario = try ScenarioParser.parse(path: written[1])
        let failure = try #require(await ScenarioRunner(root: repository.path).run(scenario).failure)
        #expect(
            failure.message
                == "invariant `purchase_kept` does not hold: a charge without its coins, after this step")
        // The last line of the file is the tap.
        #expect(failure.range.start.line == text.split(separator: "\n").count)
        // Fixed, the same scenario passes.
        let fixedFlow = directory.appendingPathComponent("fixed.yaml")
        try CheckFlows.lostPurchase.replacingOccurrences(
            of: "error: [{ set: { charged: true } }]", with: "error: []"
        ).write(to: fixedFlow, atomically: true, encoding: .utf8)
        let fixed = text.replacingOccurrences(
            of: CounterexampleFiles.relativePath(of: loaded.path, from: directory.path), with: "fixed.yaml")
        let fixedScenario = try ScenarioParser.parse(SourceFile(path: written[1], text: fixed))
        let passed = await ScenarioRunner(root: repository.path).run(fixedScenario)
        #expect(passed.failure == nil, "\(passed.failure?.message ?? "")")
    }

    @Test func theREPLReportsABrokenInvariantAfterTheCommand() async throws {
        let path = repository.appendingPathComponent(CheckFlows.path("lost-purchase")).path
        let session = try await ReplSession.open(
            path: path, options: ServiceOptions(dataDirectory: nil, boardEntries: 0, root: repository.path))
        _ = await session.execute("outcome store.purchase error {\"code\": \"failed\"}")
        let reply = await session.execute("tap buy")
        #expect(reply.text.contains("✗ invariant `purchase_kept` does not hold: a charge without its coins"))
        let fine = await session.execute("undo")
        #expect(!fine.text.contains("✗"))
    }
}

extension CounterexampleTests {
    /// A finding's run is numbered under a lead that counts its steps, "1 step" as well as "3 steps".
    @Test func theRunsLeadCountsItsSteps() {
        let range = SourceRange(path: "flow.yaml", at: SourceLocation(line: 1, column: 1, offset: 0))
        let one = CheckFinding(.invariantBroken, "broken at launch", at: range, path: ["launch"]).diagnostic
        #expect(one.notes.map(\.message) == ["the shortest run that shows it, 1 step:", "1. launch"])
        let three = CheckFinding(.invariantBroken, "broken", at: range, path: ["launch", "tap a", "tap b"]).diagnostic
        #expect(three.notes.first?.message == "the shortest run that shows it, 3 steps:")
    }
}
