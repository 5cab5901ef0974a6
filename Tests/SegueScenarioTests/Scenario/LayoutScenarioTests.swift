import Testing

@testable import SegueScenario

/// Heights as scenarios check them: the form's text field that grows (D13).
@Suite struct LayoutScenarioTests {
    func runOnTheForm(_ steps: String) async throws -> ScenarioFailure? {
        try await ScenarioFixture.run("donate", after: ["tap: donate", "tap: options[0]"], steps)
    }

    @Test func aWrongFieldHeightIsReportedWithTheHeightShown() async throws {
        let failure = try await runOnTheForm(
            """
              - fill: { text: { repeat: "ж ", times: 200 } }
              - expect: { fields: { text: { lines: 5 } } }
            """)
        // 200 one-letter words (8.5 pt, 4.76 pt spaces) at 353 pt: 26 to a line, 8 lines, over the 5 it starts at.
        #expect(failure?.message == "field `text`.lines: expected 5, got 8")
        // The report of the screen shows the height too.
        #expect(failure?.screen.contains("    field text = \"ж ж ж") == true)
        #expect(failure?.screen.hasSuffix("(8 lines)\n    button later \"Заполнить позже\"") == true)
    }

    @Test func aSingleLineFieldHasNoHeightToCheck() async throws {
        let failure = try await runOnTheForm(
            """
              - expect: { fields: { name: { lines: 1 } } }
            """)
        #expect(failure?.message == "field `name`.lines: expected 1, got null")
    }
}
