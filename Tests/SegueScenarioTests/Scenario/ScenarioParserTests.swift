import SegueDiagnostics
import SegueMachine
import SegueModel
import Testing

@testable import SegueDriver
@testable import SegueScenario

@Suite struct ScenarioParserTests {
    func parse(_ text: String, path: String = "flows/scenarios/x/s.yaml") throws(ScenarioError) -> Scenario {
        // The folders are made up, so the project root is the package's.
        try ScenarioParser.parse(SourceFile(path: path, text: text), root: ProjectRoot("."))
    }

    @Test func resolvesTheFlowBesideTheScenario() throws {
        let scenario = try parse("scenario: s\nflow: ../../donate.yaml\ncovers: [D1, D2]\nsteps: [launch]\n")
        #expect(scenario.flowPath == "flows/donate.yaml")
        #expect(scenario.covers == ["D1", "D2"])
        #expect(PathName.standardized("/a/b/../c/./d.yaml") == "/a/c/d.yaml")
    }

    @Test func readsEveryStepKind() throws {
        let scenario = try parse(
            """
            scenario: steps
            flow: f.yaml
            steps:
              - launch
              - tap: "options[0]"
              - fill: { name: Анна, text: { repeat: "ж", times: 3 } }
              - tick: 500ms
              - next: { call: store.purchase, error: { code: "11", message: Нет денег } }
              - expect: { screen: main, alert: none }
            """)
        #expect(scenario.steps.count == 6)
        guard case .user(let fill) = scenario.steps[2].action else { Issue.record("not a fill"); return }
        #expect(fill == [.fill(field: "name", text: "Анна"), .fill(field: "text", text: "жжж")])
        guard case .user(let tick) = scenario.steps[3].action else { Issue.record("not a tick"); return }
        #expect(tick == [.tick(.milliseconds(500))])
        guard case .user(let next) = scenario.steps[4].action else { Issue.record("not next"); return }
        #expect(
            next == [.outcome(call: "store.purchase", .error(ServiceError(service: "store", code: "11", message: "Нет денег")))])
        #expect(scenario.steps[5].range.start.line == 9)
    }

    @Test func mistakesAreDiagnosticsAtTheirLine() {
        do {
            _ = try parse(
                "scenario: s\nflow: f.yaml\nsteps:\n  - launch\n  - tpa: save\n  - expect: { screan: main }\n")
            Issue.record("parsed a broken scenario")
        } catch {
            let messages = error.diagnostics.map { "\($0.range.start.line): \($0.message)" }
            #expect(
                messages == [
                    "5: unknown step `tpa`; did you mean `tap`?",
                    "6: unknown expectation `screan`; did you mean `screen`?",
                ])
        }
        #expect(throws: ScenarioError.self) { try parse("scenario: s\nsteps: [launch]\n") }
    }
}
