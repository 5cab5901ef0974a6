import Foundation
import SegueDiagnostics
import Testing

/// Pictone's playback and recording through scenarios: highlights, icons, edits inside items, takes in virtual time.
@Suite struct MediaScenarioTests {
    /// Runs steps on Pictone's script details; returns the failure message, or nil when the scenario passed.
    func run(_ steps: String) async throws -> String? {
        // Sample voices are named relative to the project root, which the runner is given: no `chdir`.
        try await ScenarioFixture.run("pictone", after: ["tick: 2s", "tap: featured"], steps)?.message
    }

    @Test func aTakeLastsExactlyTheTickedTimeAndTheMeterFollowsTheInput() async throws {
        let failure = try await run(
            """
              - tap: mode
              - tap: lines[1].record
              - tick: 3s
              - tick: 500ms
              - expect: { elements: { input_level: { bars: 5 } } }
              - tick: 250ms
              # The default voice-like input's 50 ms window at 0.70 s reads −33.5 dBFS (`segue audio meter`).
              - expect:
                  data: { level: { between: [0.0205, 0.0215] } }
                  elements: { input_level: { bars: 4 } }
                  highlighted: 1
                  highlight_color: "#FFD6D6"
              - tap: footer_stop
              - expect: { takes: [{ line: h2, duration: 0.75 }], highlighted: null }
            """)
        #expect(failure == nil)
    }

    @Test func aWrongHighlightColourIsReportedWithTheActualOne() async throws {
        let failure = try await run(
            """
              - tap: lines[2].play
              - expect: { highlighted: 2, highlight_color: "#000000" }
            """)
        #expect(failure == ##"highlight colour: expected "#000000", got "#CFE8FF""##)
    }

    @Test func playbackEndsAfterTheSampleVoicesRealDurations() async throws {
        // h3.wav and h4.wav last 1.84 s each.
        let failure = try await run(
            """
              - tap: lines[2].play
              - tap: footer_play
              - tick: 1830ms
              - expect: { highlighted: 2, data: { current_line: 2 } }
              - tick: 20ms
              - expect: { highlighted: 3, data: { current_line: 3 } }
              - tick: 1800ms
              - expect: { highlighted: 3 }
              - tick: 50ms
              - expect: { highlighted: null, data: { current_line: 0 } }
            """)
        #expect(failure == nil)
    }

    @Test func aButtonsIconIsChecked() async throws {
        let failure = try await run(
            """
              - expect: { elements: { footer_play: { icon: play.fill }, share: { icon: circle } } }
            """)
        #expect(failure == #"`share`.icon: expected "circle", got "square.and.arrow.up""#)
    }

    @Test func movingAHiddenSliderInsideAnItemFailsWithTheAppsReason() async throws {
        let failure = try await run(
            """
              - slide: { "lines[0].take_volume": 0.5 }
            """)
        #expect(
            failure
                == "`lines[0].take_volume` did nothing: change script_details.lines.take_volume: take_volume is hidden")
    }
}
