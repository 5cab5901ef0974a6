import Foundation
import SegueDiagnostics
import Testing

@testable import SegueDriver
@testable import SegueREPL
@testable import SegueScenario

/// An output event (`emit:`) as the people who run a flow see it: the REPL prints it, a scenario can expect it.
@Suite struct EmitToolsTests {
    static let flow = """
        segue: 1
        flow: emits
        start: main
        screens:
          main:
            elements:
              - button: buy
                label: Buy
                tap:
                  - emit: purchase_completed
                    with: { product: "'donate.small'" }
        """

    /// A directory holding `flow.yaml`, removed by the caller.
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "segue-emit-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try flow.write(toFile: path + "/flow.yaml", atomically: true, encoding: .utf8)
        return path
    }

    @Test func theReplPrintsTheOutputEventWithItsPayload() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try await ReplSession.open(
            path: directory + "/flow.yaml", options: ServiceOptions(dataDirectory: nil, root: directory))
        let reply = await session.execute("tap buy")
        #expect(!reply.failed)
        #expect(reply.text.contains(#"• emit purchase_completed {product: "donate.small"}"#))
    }

    @Test(
        arguments: [
            ("purchase_completed", nil),
            ("{ event: purchase_completed, with: { product: donate.small } }", nil),
            ("refund", #"last output event: expected "refund", got "purchase_completed""#),
            ("{ event: purchase_completed, with: { product: donate.large } }", "donate.large"),
        ] as [(String, String?)])
    func aScenarioExpectsTheLastOutputEvent(expected: String, failure: String?) async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = """
            scenario: emits
            flow: flow.yaml
            steps:
              - launch
              - tap: buy
              - expect: { emitted: \(expected) }
            """
        let scenario = try ScenarioParser.parse(SourceFile(path: directory + "/emits.yaml", text: text))
        let result = await ScenarioRunner(root: directory).run(scenario)
        if let failure {
            let message = try #require(result.failure).description
            #expect(message.contains(failure), "\(message)")
        } else {
            #expect(result.failure == nil, "\(String(describing: result.failure))")
        }
    }

    @Test func aScenarioThatExpectsAnOutputEventBeforeAnyFails() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = """
            scenario: emits
            flow: flow.yaml
            steps:
              - launch
              - expect: { emitted: purchase_completed }
            """
        let scenario = try ScenarioParser.parse(SourceFile(path: directory + "/emits.yaml", text: text))
        let failure = try #require(await ScenarioRunner(root: directory).run(scenario).failure)
        #expect(failure.description.contains("none was emitted"))
    }
}
