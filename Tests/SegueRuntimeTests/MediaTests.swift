import SegueExpression
import Testing

@testable import SegueMachine

/// Playback of a script's lines, recording highlights and levels, `state.<name>`, edits inside list items, footers.
@Suite struct MediaTests {
    static let flow = """
        segue: 1
        flow: media
        start: script
        theme:
          colors: { playing: "#CFE8FF", recording: "#FFD6D6" }
        services:
          audio: { kind: audio }
        data:
          lines:
            type: list<any>
            default:
              - { id: a, character: Ann, sample: a.wav }
              - { id: b, character: Bob, sample: b.wav }
              - { id: c, character: Ann, sample: c.wav }
          volumes: { type: any, default: "{}" }
          clips: { type: any, default: "{}" }
          finished: { type: int, default: 0 }
        components:
          line_row:
            parameters: { line: any, index: int }
            elements:
              - button: play
                icon: play.fill
                label: Play
                visible: state.playback
                tap: { send: play_line, with: { index: index } }
              - picker: clip
                options: "['sample', 'take']"
                selected: "'sample'"
                change: [{ set: { clips: "put(clips, line.id, event.value)" } }]
          volume_row:
            parameters: { name: string }
            elements:
              - slider: volume
                value: 1
                min: 0
                max: 2
                change: [{ set: { volumes: "put(volumes, name, event.value)" } }]
        screens:
          script:
            data:
              current: { type: int, default: 0 }
              level: { type: number, default: 0 }
            playback:
              lines: lines
              current: current
              highlight: theme.colors.playing
              clip: "line.id in clips ? clips[line.id] : 'sample'"
              volume: "line.character in volumes ? volumes[line.character] : 1.0"
              end_event: done
            recording:
              level: level
              highlight: theme.colors.recording
            initial_state: playback
            states:
              playback:
                on:
                  record_mode: [{ goto: recording }]
              recording:
                on:
                  playback_mode: [{ goto: playback }]
            elements:
              - text: mode
                value: "${state.recording ? 'recording' : 'playing'}"
              - list: volumes_list
                items: "['Ann', 'Bob']"
                item: { use: volume_row, with: { name: item } }
              - lines: rows
                items: lines
                item: { use: line_row, with: { line: item, index: index } }
                end_marker: The end
                footer:
                  - button: share
                    icon: square.and.arrow.up
                    label: Share
                    tap: [{ call: audio.mixdown, with: { lines: lines } }]
              - button: play_all
                label: Play
                tap: { play: continuous }
              - button: stop
                label: Stop
                tap: stop_playback
              - button: record
                label: Record
                tap: [{ call: audio.record, with: { line: "'b'", character: "'Bob'" } }]
              - button: stop_recording
                label: Stop recording
                tap: [{ call: audio.stop_recording }]
              - button: leave
                label: Leave
                tap: { replace: other }
            on:
              play_line:
                - play: line
                  line: event.index
              done:
                - set: { finished: "finished + 1" }
          other:
            elements: []
        """

    static let lines: [Value] = [("a", "Ann"), ("b", "Bob"), ("c", "Ann")].map { id, character in
        .record(["id": .string(id), "character": .string(character), "sample": .string("\(id).wav")])
    }

    /// The state right after launch: in the `playback` state, line 0 current, nothing playing. (`level` is a
    /// `number`: its default `0` is the number 0, as a level the input writes is.)
    static func launched(_ state: inout ExpectedState) {
        state.launched = true
        state.layers = [
            NavigationLayer(
                navigation: false,
                stack: [state.instance(1, "script", .root, values: [.int(0), .number(0)], states: ["playback"])])
        ]
        state.data = [.list(lines), .record([:]), .record([:]), .int(0)]
        state.nextInstance = 2
    }

    func launched() throws -> TestStore {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        return store
    }

    /// The `timeline` call for lines `indices` as the machine describes them: each with its clip and volume.
    static func timeline(_ id: Int, _ indices: [Int], mode: String) -> Effect {
        let described = indices.map { index -> Value in
            var fields = lines[index].recordValue ?? [:]
            fields["clip"] = .string("sample")
            fields["volume"] = .number(1)
            return .record(fields)
        }
        return .callService(
            id: id, service: "audio", operation: "timeline",
            arguments: ["lines": .list(described), "mode": .string(mode)])
    }

    static func durations(_ seconds: Double...) -> ServiceOutcome {
        .ok(.record(["durations": .list(seconds.map(Value.number))]))
    }

    /// Taps `play_all` from line 0: the timeline of all three lines is asked for.
    static func askPlayAll(_ store: TestStore) {
        store.tap("play_all") {
            $0.playback = PlaybackState(instance: 1, mode: .continuous, lines: [0, 1, 2], call: 1)
            $0.nextCall = 2
        }
        store.receive(timeline(1, [0, 1, 2], mode: "continuous"))
    }

    /// Taps `play_all` from line 0 and answers its timeline with 1 s per line: line 0 plays until 1 s.
    static func playAll(_ store: TestStore) {
        askPlayAll(store)
        store.answer(1, durations(1, 1, 1)) {
            $0.playback?.durations = [1, 1, 1]
            $0.playback?.call = nil
            $0.playback?.timer = 1
            $0.timers = [$0.lineTimer(1, deadline: 1, on: 1)]
            $0.nextTimer = 2
        }
        store.receive([.play(mode: "continuous", line: 0), .startTimer(id: 1, deadline: 1)])
    }

    func view(_ store: TestStore) throws -> ScreenView { try #require(store.machine.view(of: store.state)) }

    // MARK: state.<name>

    @Test func stateNamesTheActiveNestedStatesInExpressionsAndComponents() throws {
        let store = try launched()
        #expect(try view(store).element("mode")?.text == "playing")
        #expect(try view(store).element("rows")?.items?[0].first { $0.id == "play" }?.visible == true)
        store.event("record_mode") { $0.topStates = ["recording"] }
        #expect(try view(store).element("mode")?.text == "recording")
        #expect(try view(store).element("rows")?.items?[0].first { $0.id == "play" }?.visible == false)
        store.tap("rows[0].play", trace: ["ignored tap script.rows.play: play is hidden"])
    }

    // MARK: change inside items

    @Test func aSliderInsideAListItemRunsItsChangeWithTheItemBound() throws {
        let store = try launched()
        let path = try #require(store.program.path("volumes_list[1].volume", on: 0))
        store.send(.change(path, .number(0.5))) { $0[data: "volumes"] = .record(["Bob": .number(0.5)]) }
    }

    @Test func aPickerInsideAScriptLineRunsItsChangeWithTheComponentArguments() throws {
        let store = try launched()
        let path = try #require(store.program.path("rows[2].clip", on: 0))
        store.send(.change(path, .string("take"))) { $0[data: "clips"] = .record(["c": .string("take")]) }
    }

    @Test func changingSomethingThatIsNotASliderOrPickerIsIgnoredWithTheReason() throws {
        let store = try launched()
        let path = try #require(store.program.path("rows[0].play", on: 0))
        store.send(
            .change(path, .number(1)), trace: ["ignored change script.rows.play: play is not a slider or a picker"])
    }

    /// Taps line 1's play button and answers its timeline: it plays, highlighted, for `seconds`.
    func playLine1(_ store: TestStore, seconds: Double) throws {
        store.tap("rows[1].play") {
            $0[top: "current"] = .int(1)
            $0.playback = PlaybackState(instance: 1, mode: .line, lines: [1], call: 1)
            $0.nextCall = 2
        }
        store.receive(Self.timeline(1, [1], mode: "line"))
        #expect(try view(store).highlightedLine == nil)
        store.answer(1, Self.durations(seconds)) {
            $0.playback?.durations = [seconds]
            $0.playback?.call = nil
            $0.playback?.timer = 1
            $0.timers = [$0.lineTimer(1, deadline: ClockDuration(seconds: seconds), on: 1)]
            $0.nextTimer = 2
        }
        store.receive([.play(mode: "line", line: 1), .startTimer(id: 1, deadline: ClockDuration(seconds: seconds))])
    }

    // MARK: playback

    @Test func playingOneLineAsksForItsTimelineThenHighlightsItForItsDuration() throws {
        let store = try launched()
        try playLine1(store, seconds: 2.5)
        #expect(try view(store).highlightedLine == 1)
        #expect(try view(store).highlightColor == "#CFE8FF")
        store.send(.advanceTime(by: 2.4)) { $0.now = 2.4 }
        #expect(try view(store).highlightedLine == 1)
        // One line played: no end event, the line stays current.
        store.send(.advanceTime(by: 0.1)) {
            $0.now = 2.5
            $0.playback = nil
            $0.timers = []
        }
        #expect(try view(store).highlightedLine == nil)
    }

    @Test func continuousPlaybackRunsFromTheCurrentLineToTheEndAndRaisesTheEndEvent() throws {
        let store = try launched()
        try playLine1(store, seconds: 1)
        store.send(.advanceTime(by: 1)) {
            $0.now = 1
            $0.playback = nil
            $0.timers = []
        }
        store.tap("play_all") {
            $0.playback = PlaybackState(instance: 1, mode: .continuous, lines: [1, 2], call: 2)
            $0.nextCall = 3
        }
        store.receive(Self.timeline(2, [1, 2], mode: "continuous"))
        store.answer(2, Self.durations(1, 2)) {
            $0.playback?.durations = [1, 2]
            $0.playback?.call = nil
            $0.playback?.timer = 2
            $0.timers = [$0.lineTimer(2, deadline: 2, on: 1)]
            $0.nextTimer = 3
        }
        store.receive([.play(mode: "continuous", line: 1), .startTimer(id: 2, deadline: 2)])
        #expect(try view(store).highlightedLine == 1)
        store.send(.advanceTime(by: 1)) {
            $0.now = 2
            $0[top: "current"] = .int(2)
            $0.playback?.position = 1
            $0.playback?.timer = 3
            $0.timers = [$0.lineTimer(3, deadline: 4, on: 1)]
            $0.nextTimer = 4
        }
        store.receive(.startTimer(id: 3, deadline: 4))
        #expect(try view(store).highlightedLine == 2)
        store.send(.advanceTime(by: 2)) {
            $0.now = 4
            $0.playback = nil
            $0.timers = []
            $0[data: "finished"] = .int(1)
        }
        #expect(try view(store).highlightedLine == nil)
    }

    @Test func stoppingPlaybackClearsTheHighlightAndCancelsItsTimer() throws {
        let store = try launched()
        Self.playAll(store)
        store.tap("stop") {
            $0.playback = nil
            $0.timers = []
        }
        store.receive([.cancelTimer(id: 1), .stopPlayback])
        #expect(try view(store).highlightedLine == nil)
        store.send(.advanceTime(by: 5)) { $0.now = 5 }
    }

    @Test func aFailedTimelineShowsTheErrorAndPlaysNothing() throws {
        let store = try launched()
        Self.askPlayAll(store)
        store.answer(1, .error(ServiceError(service: "audio", code: "not_found", message: "a.wav is missing"))) {
            $0.playback = nil
            $0.alert = AlertState(image: "error", title: "Error", message: "a.wav is missing")
        }
    }

    @Test func aTimelineWithTheWrongNumberOfDurationsIsAnError() throws {
        let store = try launched()
        Self.askPlayAll(store)
        store.answer(1, Self.durations(1)) {
            $0.playback = nil
            $0.alert = AlertState(
                image: "error", title: "Error", message: "the audio timeline gave 1 durations for 3 lines")
        }
    }

    @Test func leavingTheScreenEndsItsPlayback() throws {
        let store = try launched()
        Self.playAll(store)
        store.tap("leave") {
            $0.layers[0].stack = [$0.instance(2, "other", .replace)]
            $0.nextInstance = 3
            $0.playback = nil
            $0.timers = []
        }
        store.receive([.cancelTimer(id: 1), .stopPlayback])
    }

    @Test func aRestartStopsThePlayingAudio() throws {
        let store = try launched()
        Self.playAll(store)
        store.send(.restart) {
            $0.state = MachineState()
            Self.launched(&$0)
        }
        store.receive([.cancelTimer(id: 1), .stopPlayback])
    }

    // MARK: footer, end marker, icons

    @Test func aScriptShowsItsEndMarkerFooterElementsAndButtonIcons() throws {
        let store = try launched()
        let rows = try #require(try view(store).element("rows"))
        #expect(rows.footer == "The end")
        #expect(rows.footerElements?.map(\.id) == ["share"])
        #expect(try view(store).element("share")?.icon == "square.and.arrow.up")
        #expect(rows.items?[0].first?.icon == "play.fill")
        #expect(store.program.path("share", on: 0) == ElementPath(element: 2, part: 0))
        store.tap("share") {
            $0.pendingCalls = [$0.call(1, "audio.mixdown", on: 1)]
            $0.nextCall = 2
        }
        store.receive(
            .callService(id: 1, service: "audio", operation: "mixdown", arguments: ["lines": .list(Self.lines)]))
        store.answer(1, .ok(.string("/tmp/mixdown.wav"))) { $0.pendingCalls = [] }
    }
}
