import Foundation
import SegueDiagnostics
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueREPL
@testable import SegueScenario

/// The REPL, its completion and scenarios decide what can be done through the runtime's one input query.
@Suite struct InputAgreementTests {
    static let flow = """
        segue: 1
        flow: agreement
        start: main
        data:
          reveal: { type: bool, default: false }
        screens:
          main:
            elements:
              - button: show
                label: Show
                tap: [{ set: { reveal: true } }]
              - field: secret
                visible: reveal
              - field: name
              - button: next
                label: Next
                tap: { present: other }
          other:
            elements: []
        """

    /// A flow file and a scenario beside it, in a fresh directory.
    func write(scenario steps: String) throws -> (flow: String, scenario: SourceFile) {
        let directory = NSTemporaryDirectory() + "segue-inputs-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Self.flow.write(toFile: directory + "/agreement.yaml", atomically: true, encoding: .utf8)
        let text = "scenario: test\nflow: agreement.yaml\nsteps:\n  - launch\n" + steps
        return (directory + "/agreement.yaml", SourceFile(path: directory + "/test.yaml", text: text))
    }

    /// A started REPL session on the flow.
    func repl(_ flow: String) async throws -> ReplSession {
        let session = try await ReplSession.open(
            path: flow, options: ServiceOptions(dataDirectory: nil, boardEntries: 0, root: ReplFixture.root))
        _ = await session.start()
        return session
    }

    @Test func aScenarioCannotFillAHiddenFieldTheREPLRefuses() async throws {
        let (flow, file) = try write(scenario: "  - fill: { secret: abc }\n")
        let result = await ScenarioRunner(root: ReplFixture.root).run(try ScenarioParser.parse(file))
        #expect(result.failure?.message == "`secret` did nothing: edit main.secret: secret is hidden")
        let session = try await repl(flow)
        #expect(await session.execute("fill secret abc").text == "error: `secret` is hidden now")
        #expect(session.completions(line: "fill ", word: "") == ["name"])
        _ = await session.execute("tap show")
        #expect(session.completions(line: "fill ", word: "") == ["secret", "name"])
        #expect(await session.execute("fill secret abc").failed == false)
    }

    @Test func onceShownTheFieldIsFilledByTheScenario() async throws {
        let (_, file) = try write(
            scenario: "  - tap: show\n  - fill: { secret: abc }\n  - expect: { fields: { secret: { value: abc } } }\n")
        let result = await ScenarioRunner(root: ReplFixture.root).run(try ScenarioParser.parse(file))
        #expect(result.failure == nil, "\(result.failure?.message ?? "")")
    }

    @Test func anElementUnderTheTopScreenIsNamedAsSuchByBoth() async throws {
        let (flow, file) = try write(scenario: "  - tap: next\n  - tap: show\n")
        let result = await ScenarioRunner(root: ReplFixture.root).run(try ScenarioParser.parse(file))
        #expect(result.failure?.message == "`show` is on `main`, not on the top screen `other`")
        let session = try await repl(flow)
        _ = await session.execute("tap next")
        #expect(
            await session.execute("tap show").text
                == "error: `show` is on main, not on the top screen other; nothing can be tapped on this screen")
    }

    @Test func theREPLRefusesBackOnTheRootScreenWithTheRuntimesReason() async throws {
        let (flow, _) = try write(scenario: "")
        let session = try await repl(flow)
        let reply = await session.execute("back")
        #expect(reply.failed)
        #expect(reply.text == "error: main is the root screen")
    }
}
