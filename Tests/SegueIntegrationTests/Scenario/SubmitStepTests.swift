import Foundation
import SegueCheck
import SegueDiagnostics
import SegueMachine
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueExplore
@testable import SegueREPL
@testable import SegueScenario

/// Return in a field (`submit:`) as a step a person takes: the REPL's `submit FIELD` with its completion, a
/// scenario's `- submit: FIELD`, and `segue check`'s explorer, which tries it wherever the input query offers it.
@Suite struct SubmitStepTests {
    static let flow = """
        segue: 1
        flow: search
        start: main
        data:
          searched: { type: list<string>, default: "[]" }
        screens:
          main:
            elements:
              - field: query
                placeholder: Search
                submit:
                  - if: "event.value != ''"
                    then: [{ append: searched, value: event.value }]
              - field: note
        """

    /// The flow and a scenario of `steps` beside it, in a fresh directory.
    func write(scenario steps: String) throws -> (flow: String, scenario: SourceFile) {
        let directory = NSTemporaryDirectory() + "segue-submit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Self.flow.write(toFile: directory + "/search.yaml", atomically: true, encoding: .utf8)
        let text = "scenario: return searches\nflow: search.yaml\nsteps:\n  - launch\n" + steps
        return (directory + "/search.yaml", SourceFile(path: directory + "/test.yaml", text: text))
    }

    @Test func aScenarioPressesReturnInAField() async throws {
        let (_, file) = try write(
            scenario: """
                  - fill: { query: green tea }
                  - expect: { data: { searched: [] } }
                  - submit: query
                  - expect: { data: { searched: [green tea] } }

                """)
        let result = await ScenarioRunner(root: ReplFixture.root).run(try ScenarioParser.parse(file))
        #expect(result.failure == nil, "\(result.failure?.message ?? "")")
    }

    @Test func aScenarioCannotPressReturnInAFieldWithoutSubmit() async throws {
        let (_, file) = try write(scenario: "  - submit: note\n")
        let result = await ScenarioRunner(root: ReplFixture.root).run(try ScenarioParser.parse(file))
        #expect(result.failure?.message == "`note` did nothing: submit main.note: note has no `submit` actions")
    }

    @Test func theREPLSubmitsAndCompletesOnlyFieldsWithSubmit() async throws {
        let (flow, _) = try write(scenario: "")
        let session = try await ReplSession.open(
            path: flow, options: ServiceOptions(dataDirectory: nil, root: ReplFixture.root))
        _ = await session.start()
        #expect(session.completions(line: "submit ", word: "") == ["query"])
        #expect(session.completions(line: "fill ", word: "") == ["query", "note"])
        #expect(session.completions(line: "", word: "sub") == ["submit"])
        #expect(await session.execute("fill query tea").failed == false)
        let submitted = await session.execute("submit query")
        #expect(!submitted.failed, "\(submitted.text)")
        #expect(session.driver.state.data == [.list([.string("tea")])])
        #expect(await session.execute("submit note").text == "error: note has no `submit` actions")
        #expect(await session.execute("submit qery").text.contains("did you mean `query`?"))
        #expect(await session.execute("submit").text == "error: usage: submit FIELD (e.g. submit query)")
    }

    @Test func segueCheckTriesReturnWhereTheQueryOffersIt() throws {
        // An invariant only a search breaks: the shortest run that breaks it types a text and presses return.
        let text = Self.flow.replacingOccurrences(
            of: "screens:",
            with: "invariants:\n  nothing_searched: { holds: \"len(searched) == 0\", message: a search ran }\nscreens:")
        let loaded = FlowLoader().load(SourceFile(path: "search.yaml", text: text))
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.map(\.message))")
        let flow = try #require(loaded.flow)
        let exploration = FlowExplorer(flow: flow, program: try Compiler.compile(flow)).explore()
        let finding = try #require(exploration.findings.first { $0.code == .invariantBroken })
        #expect(finding.path.count == 3, "\(finding.path)")
        #expect(finding.path.first == "launch")
        #expect(finding.path.dropFirst().first?.hasPrefix("edit query = ") == true, "\(finding.path)")
        #expect(finding.path.last == "submit query")
    }
}
