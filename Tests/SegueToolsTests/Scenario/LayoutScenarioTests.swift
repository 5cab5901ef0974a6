import Testing

/// Heights as scenarios check them: the form's text field that grows (D13).
@Suite struct LayoutScenarioTests {
    func runOnTheForm(_ steps: String) async throws -> String? {
        try await ScenarioFixture.run("donate", after: ["tap: donate", "tap: options[0]"], steps)
    }

    @Test func aWrongFieldHeightIsReportedWithTheHeightShown() async throws {
        let failure = try await runOnTheForm(
            """
              - fill: { text: { repeat: "ж ", times: 200 } }
              - expect: { fields: { text: { lines: 5 } } }
            """)
        // 200 one-letter words (8.5 pt, 4.76 pt spaces) at 353 pt: 26 to a line, 8 lines, over the 5 it starts at.
        #expect(failure == "field `text`.lines: expected 5, got 8")
    }

    @Test func aSingleLineFieldHasNoHeightToCheck() async throws {
        let failure = try await runOnTheForm(
            """
              - expect: { fields: { name: { lines: 1 } } }
            """)
        #expect(failure == "field `name`.lines: expected 1, got null")
    }
}
