import Foundation
import SegueDiagnostics
import Testing

@testable import SegueDriver
@testable import SegueREPL
@testable import SegueScenario

/// A result handed back (`dismiss: { result: … }` to an `on_result`) as people see it: the REPL prints who handed
/// what to whom, and a scenario can expect it.
@Suite struct ResultToolsTests {
    static let flow = """
        segue: 1
        flow: results
        start: main
        data:
          picked: { type: string, default: "'none'" }
        screens:
          main:
            elements:
              - button: choose
                label: Choose
                tap:
                  - present: chooser
                    on_result: [{ set: { picked: result } }]
          chooser:
            returns: string
            elements:
              - button: red
                label: Red
                tap: { dismiss: { result: "'red'" } }
        """

    /// A directory holding `flow.yaml`, removed by the caller.
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "segue-result-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try flow.write(toFile: path + "/flow.yaml", atomically: true, encoding: .utf8)
        return path
    }

    @Test func theReplPrintsTheResultHandedBack() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try await ReplSession.open(
            path: directory + "/flow.yaml", options: ServiceOptions(dataDirectory: nil, root: directory))
        #expect(!(await session.execute("tap choose")).failed)
        let reply = await session.execute("tap red")
        #expect(!reply.failed)
        #expect(reply.text.contains(#"• result "red" handed back by chooser to main"#), "\(reply.text)")
    }

    @Test(
        arguments: [
            ("{ from: chooser, to: main, result: red }", nil),
            ("{ result: blue }", #"result handed back.result: expected "blue", got "red""#),
            ("none", #"expected no result handed back, got "red" from chooser to main"#),
        ] as [(String, String?)])
    func aScenarioExpectsTheLastResultHandedBack(expected: String, failure: String?) async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = """
            scenario: results
            flow: flow.yaml
            steps:
              - launch
              - tap: choose
              - tap: red
              - expect: { handed_back: \(expected), data: { picked: red } }
            """
        let scenario = try ScenarioParser.parse(SourceFile(path: directory + "/results.yaml", text: text))
        let result = await ScenarioRunner(root: directory).run(scenario)
        if let failure {
            let message = try #require(result.failure).description
            #expect(message.contains(failure), "\(message)")
        } else {
            #expect(result.failure == nil, "\(String(describing: result.failure))")
        }
    }
}
