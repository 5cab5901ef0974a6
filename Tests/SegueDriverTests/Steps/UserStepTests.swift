import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel
import SegueYAML
import Testing

@testable import SegueDriver

/// A step written by one tool reads back as the same step in every other: the REPL's line, a scenario's step and
/// the page's JSON, for texts that a careless writer loses (spaces at the ends, quotes, line breaks, payloads).
@Suite struct UserStepTests {
    static let steps: [UserStep] = [
        .tap("lines[2].play"), .fill(field: "name", text: "Анна Мария"), .fill(field: "name", text: " Анна "),
        .fill(field: "text", text: "'quoted'"), .fill(field: "text", text: "line one\nline two"),
        .fill(field: "name", text: ""), .clear(field: "url"), .submit(field: "query"),
        .slide(slider: "character_volumes[0].volume", value: 0.5),
        .slide(slider: "start", value: 1e-7), .pick(picker: "kind", option: "return flight"),
        .pick(picker: "kind", option: "\"both\""), .pinch(field: "photo", zoom: 2),
        .pan(field: "photo", x: 0.25, y: 0.75), .scroll(list: "wall"), .back, .dismiss,
        .send(event: "buy", payload: .record(["item": .record(["id": .string("donate.small")]), "n": .int(2)])),
        .send(event: "refresh", payload: .record([:])), .tick(ClockDuration(nanoseconds: 2_800_000_000)),
        .outcome(call: "store.purchase", .cancelled), .outcome(call: "api.load", .ok(.list([.int(1), .null]))),
        .outcome(call: "api.load", .ok(.null)),
        .outcome(
            call: "board.add_entry",
            .error(ServiceError(service: "board", code: "12", message: "Нет сети", details: ["status": .int(503)]))),
        .restart,
    ]

    /// The step a scenario's step line says.
    static func scenarioStep(_ line: String) throws -> [UserStep]? {
        let loaded = YAMLLoader().load(SourceFile(path: "step.yaml", text: line))
        let node = try #require(loaded.root, "\(loaded.diagnostics)")
        return try UserStep.read(node)
    }

    @Test(arguments: steps) func theReplLineReadsBackAsTheStep(_ step: UserStep) throws {
        #expect(try UserStep.parse(repl: step.replText) == step, "\(step.replText)")
        #expect(try ReplCommand.parse(step.replText) == .step(step))
    }

    @Test(arguments: steps) func theScenarioStepAndItsJSONReadBackAsTheStep(_ step: UserStep) throws {
        #expect(try Self.scenarioStep(step.scenarioText) == [step], "\(step.scenarioText)")
        #expect(try Self.scenarioStep(step.json) == [step], "\(step.json)")
    }

    @Test func scenarioStepsAreWrittenAsPeopleWriteThem() {
        #expect(UserStep.tap("donate").scenarioText == #"tap: "donate""#)
        #expect(UserStep.pick(picker: "kind", option: "return flight").scenarioText == #"pick: { kind: "return flight" }"#)
        #expect(UserStep.slide(slider: "lines[0].volume", value: 0.5).scenarioText == #"slide: { "lines[0].volume": 0.5 }"#)
        #expect(UserStep.pan(field: "photo", x: 0, y: 0.5).scenarioText == "pan: { photo: [0, 0.5] }")
        #expect(UserStep.tick(.milliseconds(500)).scenarioText == #"tick: "0.5s""#)
        #expect(UserStep.submit(field: "query").scenarioText == #"submit: "query""#)
        #expect(UserStep.submit(field: "query").replText == "submit query")
        #expect(
            UserStep.outcome(call: "store.purchase", .cancelled).scenarioText
                == #"next: { call: "store.purchase", cancelled: true }"#)
        #expect(UserStep.send(event: "buy", payload: .record([:])).scenarioText == #"{ send: "buy", with: {} }"#)
        #expect(UserStep.fill(field: "true", text: "x").scenarioText == #"fill: { "true": "x" }"#)
        #expect(UserStep.pick(picker: "kind", option: "return flight").json == #"{"pick":{"kind":"return flight"}}"#)
    }

    @Test func aFillOfSeveralFieldsIsAStepPerField() throws {
        #expect(
            try Self.scenarioStep(#"fill: { name: "Анна", surname: { repeat: "ab", times: 2 } }"#)
                == [.fill(field: "name", text: "Анна"), .fill(field: "surname", text: "abab")])
    }
}
