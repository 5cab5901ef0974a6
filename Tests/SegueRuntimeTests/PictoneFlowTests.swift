import Foundation
import SegueExpression
import Testing

@testable import SegueMachine

/// The real Pictone flow (`flows/pictone.yaml`): splash timer, playback modes, the recording countdown.
@Suite struct PictoneFlowTests {
    static func text() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("flows/pictone.yaml"), encoding: .utf8)
    }

    /// The flow's two scripts as its `scripts` default declares them.
    static let scripts: Value = .list([
        script(
            "hamlet", "Hamlet, Act III", ["Hamlet", "Ophelia"],
            [
                ("h1", "Hamlet", "To be, or not to be, that is the question."),
                ("h2", "Ophelia", "Good my lord, how does your honour for this many a day?"),
                ("h3", "Hamlet", "I humbly thank you; well, well, well."),
                ("h4", "Ophelia", "My lord, I have remembrances of yours."),
            ]),
        script(
            "cafe", "At the Café", ["Barista", "Guest"],
            [
                ("c1", "Barista", "Good morning! What can I get you?"), ("c2", "Guest", "A flat white, please."),
                ("c3", "Barista", "Coming right up."),
            ]),
    ])

    static func script(_ id: String, _ title: String, _ characters: [String], _ lines: [(String, String, String)])
        -> Value
    {
        .record([
            "id": .string(id), "title": .string(title), "cover": .string("covers/\(id).png"),
            "characters": .list(characters.map(Value.string)),
            "lines": .list(
                lines.map { line, character, text in
                    .record([
                        "id": .string(line), "character": .string(character), "text": .string(text),
                        "sample": .string("examples/pictone/voices/\(line).wav"),
                    ])
                }),
        ])
    }

    static var hamlet: Value { scripts.listValue?.first ?? .null }

    /// Hamlet's line `index` as the playback describes it to the audio service.
    static func described(_ index: Int) -> Value {
        var fields = hamlet["lines"]?.listValue?[index].recordValue ?? [:]
        fields["clip"] = .string("sample")
        fields["volume"] = .number(1)
        return .record(fields)
    }

    /// Launches: the splash shows, its timer due in 1.5 s.
    static func launch(_ store: TestStore) {
        store.launch {
            $0.launched = true
            $0.layers = [NavigationLayer(navigation: false, stack: [$0.instance(1, "splash", .root)])]
            $0.data = [.record([:]), scripts]
            $0.nextInstance = 2
            $0.timers = [$0.timer(1, deadline: 1.5, on: 1)]
            $0.nextTimer = 2
        }
        store.receive(.startTimer(id: 1, deadline: 1.5))
    }

    /// Launch, wait out the splash, open the first script and answer its `audio.takes`.
    static func details() throws -> TestStore {
        let store = try TestStore(try text())
        launch(store)
        store.send(.advanceTime(by: 1.5)) {
            $0.now = 1.5
            $0.timers = []
            $0.layers = [NavigationLayer(navigation: true, stack: [$0.instance(2, "home", .replace)])]
            $0.nextInstance = 3
        }
        store.tap("featured") {
            let details = $0.instance(
                3, "script_details", .show,
                values: [hamlet, .int(0), .record([:]), .record([:]), .int(0), .number(0), .int(0)],
                states: ["playback"])
            $0.layers[0].stack.append(details)
            $0.nextInstance = 4
            $0.pendingCalls = [$0.call(1, "audio.takes", on: 3)]
            $0.nextCall = 2
        }
        store.receive(.callService(id: 1, service: "audio", operation: "takes", arguments: [:]))
        store.answer(1, .ok(.list([]))) { $0.pendingCalls = [] }
        return store
    }

    @Test func theSplashGivesWayToHomeAndTheFeaturedScriptOpensItsDetails() throws {
        let store = try Self.details()
        let view = try #require(store.machine.view(of: store.state))
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
        let store = try Self.details()
        store.tap("lines[2].play") {
            $0[top: "current_line"] = .int(2)
            $0.playback = PlaybackState(instance: 3, mode: .line, lines: [2], call: 2)
            $0.nextCall = 3
        }
        store.receive(
            .callService(
                id: 2, service: "audio", operation: "timeline",
                arguments: ["lines": .list([Self.described(2)]), "mode": .string("line")]))
        store.answer(2, .ok(.record(["durations": .list([.number(1.84)])]))) {
            $0.playback?.durations = [1.84]
            $0.playback?.call = nil
            $0.playback?.timer = 2
            $0.timers = [$0.lineTimer(2, deadline: 3.34, on: 3)]
            $0.nextTimer = 3
        }
        store.receive([.play(mode: "line", line: 2), .startTimer(id: 2, deadline: 3.34)])
        let view = try #require(store.machine.view(of: store.state))
        #expect(view.element("lines")?.highlighted == 2)
        #expect(view.element("lines")?.highlightColor == "#CFE8FF")
        #expect(view.highlightedLine == 2)
        // Continuous play from the current line replaces the line playing.
        store.tap("footer_play") {
            $0.playback = PlaybackState(instance: 3, mode: .continuous, lines: [2, 3], call: 3)
            $0.timers = []
            $0.nextCall = 4
        }
        store.receive([
            .cancelTimer(id: 2), .stopPlayback,
            .callService(
                id: 3, service: "audio", operation: "timeline",
                arguments: ["lines": .list([Self.described(2), Self.described(3)]), "mode": .string("continuous")]),
        ])
        store.answer(3, .ok(.record(["durations": .list([.number(1.84), .number(1.84)])]))) {
            $0.playback?.durations = [1.84, 1.84]
            $0.playback?.call = nil
            $0.playback?.timer = 3
            $0.timers = [$0.lineTimer(3, deadline: 3.34, on: 3)]
            $0.nextTimer = 4
        }
        store.receive([.play(mode: "continuous", line: 2), .startTimer(id: 3, deadline: 3.34)])
    }

    @Test func theHighlightFollowsTheEnginesProgressAndTheEndOfLinesResetsIt() throws {
        let store = try Self.details()
        store.tap("footer_play") {
            $0.playback = PlaybackState(instance: 3, mode: .continuous, lines: [0, 1, 2, 3], call: 2)
            $0.nextCall = 3
        }
        store.receive(
            .callService(
                id: 2, service: "audio", operation: "timeline",
                arguments: ["lines": .list((0..<4).map(Self.described)), "mode": .string("continuous")]))
        let durations: [Double] = [2.5, 2.94, 1.84, 1.84]
        store.answer(2, .ok(.record(["durations": .list(durations.map(Value.number))]))) {
            $0.playback?.durations = durations
            $0.playback?.call = nil
            $0.playback?.timer = 2
            $0.timers = [$0.lineTimer(2, deadline: 4, on: 3)]
            $0.nextTimer = 3
        }
        store.receive([.play(mode: "continuous", line: 0), .startTimer(id: 2, deadline: 4)])
        // The engine says line 3 plays: it becomes current, and its own end is timed from now.
        store.send(.playbackReached(line: 3)) {
            $0.playback?.position = 3
            $0.playback?.timer = 3
            $0[top: "current_line"] = .int(3)
            $0.timers = [$0.lineTimer(3, deadline: 3.34, on: 3)]
            $0.nextTimer = 4
        }
        store.receive([.cancelTimer(id: 2), .startTimer(id: 3, deadline: 3.34)])
        #expect(store.machine.view(of: store.state)?.element("lines")?.highlighted == 3)
        #expect(store.machine.view(of: store.state)?.highlightedLine == 3)
        store.send(
            .playbackReached(line: 7), trace: ["ignored playback reached line 7: line 7 is not among the lines playing"]
        )
        store.send(.playbackFinished) {
            $0.playback = nil
            $0.timers = []
            // The flow's `playback_finished` handler rewinds to the first line.
            $0[top: "current_line"] = .int(0)
        }
        store.receive(.cancelTimer(id: 3))
        #expect(store.trace.contains("event playback_finished handled by script_details"))
        #expect(store.machine.view(of: store.state)?.element("lines")?.highlighted == nil)
        store.send(.playbackFinished, trace: ["ignored playback finished: nothing is playing"])
    }

    @Test func playbackInputsWithoutPlaybackAreIgnored() throws {
        let store = try TestStore(try Self.text())
        Self.launch(store)
        store.send(.playbackFinished, trace: ["ignored playback finished: the top screen has no playback"])
    }

    @Test func recordingCountsDownThenStartsRecordingTheLine() throws {
        let store = try Self.details()
        store.tap("mode") { $0.topStates = ["recording", "ready"] }
        store.tap("lines[1].record") {
            $0.topStates = ["recording", "counting"]
            $0[top: "recording_line"] = .int(1)
            $0[top: "countdown"] = .int(3)
            $0.timers = [$0.timer(2, deadline: 2.5, every: 1, named: "countdown", on: 3, occurrence: 1, owner: 3)]
            $0.nextTimer = 3
        }
        store.receive(.startTimer(id: 2, deadline: 2.5))
        store.send(.advanceTime(by: 2)) {
            $0.now = 3.5
            $0[top: "countdown"] = .int(1)
            $0.timers[0].deadline = 4.5
        }
        store.receive([.startTimer(id: 2, deadline: 3.5), .startTimer(id: 2, deadline: 4.5)])
        #expect(store.machine.view(of: store.state)?.element("countdown_label")?.text == "1")
        store.send(.advanceTime(by: 1)) {
            $0.now = 4.5
            $0[top: "countdown"] = .int(0)
            $0.timers = []
            $0.pendingCalls = [$0.call(2, "audio.record", on: 3, owner: 3, event: .record([:]))]
            $0.nextCall = 3
            $0.recording = RecordingState(instance: 3, line: 1, call: 2)
        }
        // The last tick starts the ticker again before it cancels it.
        store.receive([
            .startTimer(id: 2, deadline: 5.5), .cancelTimer(id: 2),
            .callService(
                id: 2, service: "audio", operation: "record",
                arguments: ["character": .string("Ophelia"), "line": .string("h2")]),
        ])
        store.answer(2, .ok(.null)) {
            $0.pendingCalls = []
            $0.recording?.capturing = true
            $0.topStates = ["recording", "capturing"]
        }
    }
}
