import Foundation
import SegueExpression
import Testing

@testable import SegueRuntime

/// The real Pictone flow (`flows/pictone.yaml`): splash timer, playback modes, the recording countdown.
@Suite struct PictoneFlowTests {
    static func harness() throws -> Harness {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try Harness(try String(contentsOf: root.appendingPathComponent("flows/pictone.yaml"), encoding: .utf8))
    }

    /// Launch, wait out the splash, open the first script and answer its `audio.takes`.
    static func details() throws -> Harness {
        var harness = try harness()
        harness.launch()
        #expect(harness.stack == [["splash"]])
        harness.send(.advanceTime(by: 1.5))
        #expect(harness.stack == [["home"]])
        harness.tap("featured")
        #expect(harness.calls == ["audio.takes({})"])
        harness.answer(.ok(.list([])))
        return harness
    }

    @Test func theSplashGivesWayToHomeAndTheFeaturedScriptOpensItsDetails() throws {
        let harness = try Self.details()
        #expect(harness.stack == [["home", "script_details"]])
        #expect(harness.states == ["playback"])
        let view = try #require(harness.machine.view(of: harness.state))
        #expect(view.title == "Hamlet, Act III")
        let lines = try #require(view.element("lines"))
        #expect(lines.items?.count == 4)
        #expect(lines.footer == "End of script")
        #expect(lines.footerElements?.map(\.id) == ["share"])
        // Nothing plays yet, so no line is highlighted (P4).
        #expect(lines.highlighted == nil)
        #expect(view.highlightedLine == nil)
        // `state.playback` shows each line's play button; recording controls stay hidden.
        #expect(lines.items?[0].first { $0.id == "play" }?.visible == true)
        #expect(lines.items?[0].first { $0.id == "record" }?.visible == false)
    }

    @Test func aLinesPlayButtonPlaysThatLineAndMakesItCurrent() throws {
        var harness = try Self.details()
        harness.tap("lines[2].play")
        #expect(harness.calls.count == 1)
        #expect(
            harness.calls.first?.hasPrefix("audio.timeline({lines: [{character: \"Hamlet\", clip: \"sample\"") == true)
        let timeline = try #require(harness.state.playback?.call)
        harness.send(.outcome(call: timeline, .ok(.record(["durations": .list([.number(1.84)])]))))
        #expect(harness.last.effects.contains(.play(mode: "line", line: 2)))
        let view = try #require(harness.machine.view(of: harness.state))
        #expect(view.element("lines")?.highlighted == 2)
        #expect(view.element("lines")?.highlightColor == "#CFE8FF")
        #expect(view.highlightedLine == 2)
        harness.tap("footer_play")
        let continuous = try #require(harness.state.playback?.call)
        harness.send(
            .outcome(call: continuous, .ok(.record(["durations": .list([.number(1.84), .number(1.84)])]))))
        #expect(harness.last.effects.contains(.play(mode: "continuous", line: 2)))
    }

    @Test func theHighlightFollowsTheEnginesProgressAndTheEndOfLinesResetsIt() throws {
        var harness = try Self.details()
        harness.tap("footer_play")
        let timeline = try #require(harness.state.playback?.call)
        let durations: [Value] = [.number(2.5), .number(2.94), .number(1.84), .number(1.84)]
        harness.send(.outcome(call: timeline, .ok(.record(["durations": .list(durations)]))))
        harness.send(.playbackReached(line: 3))
        #expect(harness.machine.view(of: harness.state)?.element("lines")?.highlighted == 3)
        #expect(harness.machine.view(of: harness.state)?.highlightedLine == 3)
        harness.send(.playbackReached(line: 7))
        #expect(harness.trace == ["ignored playback reached line 7: line 7 is not among the lines playing"])
        harness.send(.playbackFinished)
        #expect(harness.trace.contains("event playback_finished handled by script_details"))
        #expect(harness.machine.view(of: harness.state)?.element("lines")?.highlighted == nil)
        #expect(harness.state.playback == nil)
        harness.send(.playbackFinished)
        #expect(harness.trace == ["ignored playback finished: nothing is playing"])
    }

    @Test func playbackInputsWithoutPlaybackAreIgnored() throws {
        var harness = try Self.harness()
        harness.launch()
        harness.send(.playbackFinished)
        #expect(harness.trace == ["ignored playback finished: the top screen has no playback"])
    }

    @Test func recordingCountsDownThenStartsRecordingTheLine() throws {
        var harness = try Self.details()
        harness.tap("mode")
        #expect(harness.states == ["recording", "ready"])
        harness.tap("lines[1].record")
        #expect(harness.states == ["recording", "counting"])
        harness.send(.advanceTime(by: 2))
        #expect(harness.machine.view(of: harness.state)?.element("countdown_label")?.text == "1")
        harness.send(.advanceTime(by: 1))
        #expect(harness.calls == [#"audio.record({character: "Ophelia", line: "h2"})"#])
        harness.answer(.ok(.null))
        #expect(harness.states == ["recording", "capturing"])
        #expect(harness.state.timers.isEmpty)
    }
}
