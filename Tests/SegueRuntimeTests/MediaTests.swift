import SegueExpression
import Testing

@testable import SegueRuntime

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

    func launched() throws -> Harness {
        var harness = try Harness(Self.flow)
        harness.launch()
        return harness
    }

    func screenValue(_ harness: Harness, _ name: String) -> Value? {
        guard let top = harness.state.topInstance, let slot = harness.program.screens[top.screen].slotIndex[name]
        else { return nil }
        return top.values[slot]
    }

    /// Answers the playback's pending `timeline` call.
    func timeline(_ harness: inout Harness, _ outcome: ServiceOutcome) {
        guard let call = harness.state.playback?.call else {
            Issue.record("no timeline is asked for")
            return
        }
        harness.send(.outcome(call: call, outcome))
    }

    func view(_ harness: Harness) throws -> ScreenView { try #require(harness.machine.view(of: harness.state)) }

    // MARK: state.<name>

    @Test func stateNamesTheActiveNestedStatesInExpressionsAndComponents() throws {
        var harness = try launched()
        #expect(try view(harness).element("mode")?.text == "playing")
        #expect(try view(harness).element("rows")?.items?[0].first { $0.id == "play" }?.visible == true)
        harness.event("record_mode")
        #expect(try view(harness).element("mode")?.text == "recording")
        #expect(try view(harness).element("rows")?.items?[0].first { $0.id == "play" }?.visible == false)
        harness.tap("rows[0].play")
        #expect(harness.trace == ["ignored tap script.rows.play: play is hidden"])
    }

    // MARK: change inside items

    @Test func aSliderInsideAListItemRunsItsChangeWithTheItemBound() throws {
        var harness = try launched()
        let path = try #require(harness.program.path("volumes_list[1].volume", on: 0))
        harness.send(.change(path, .number(0.5)))
        #expect(harness.data("volumes") == .record(["Bob": .number(0.5)]))
    }

    @Test func aPickerInsideAScriptLineRunsItsChangeWithTheComponentArguments() throws {
        var harness = try launched()
        let path = try #require(harness.program.path("rows[2].clip", on: 0))
        harness.send(.change(path, .string("take")))
        #expect(harness.data("clips") == .record(["c": .string("take")]))
    }

    @Test func changingSomethingThatIsNotASliderOrPickerIsIgnoredWithTheReason() throws {
        var harness = try launched()
        let path = try #require(harness.program.path("rows[0].play", on: 0))
        harness.send(.change(path, .number(1)))
        #expect(harness.trace == ["ignored change script.rows.play: play is not a slider or a picker"])
    }

    // MARK: playback

    @Test func playingOneLineAsksForItsTimelineThenHighlightsItForItsDuration() throws {
        var harness = try launched()
        harness.tap("rows[1].play")
        #expect(
            harness.calls == [
                "audio.timeline({lines: [{character: \"Bob\", clip: \"sample\", id: \"b\", sample: \"b.wav\", volume: 1}], mode: \"line\"})"
            ])
        #expect(screenValue(harness, "current") == .int(1))
        #expect(try view(harness).highlightedLine == nil)
        let call = try #require(harness.last.effects.first)
        guard case .callService(let id, _, _, _) = call else {
            Issue.record("no call")
            return
        }
        harness.send(.outcome(call: id, .ok(.record(["durations": .list([.number(2.5)])]))))
        #expect(harness.last.effects.contains(.play(mode: "line", line: 1)))
        #expect(try view(harness).highlightedLine == 1)
        #expect(try view(harness).highlightColor == "#CFE8FF")
        harness.send(.advanceTime(by: 2.4))
        #expect(try view(harness).highlightedLine == 1)
        harness.send(.advanceTime(by: 0.1))
        #expect(try view(harness).highlightedLine == nil)
        #expect(harness.state.playback == nil)
        #expect(screenValue(harness, "current") == .int(1))
        #expect(harness.data("finished") == .int(0))
    }

    @Test func continuousPlaybackRunsFromTheCurrentLineToTheEndAndRaisesTheEndEvent() throws {
        var harness = try launched()
        harness.tap("rows[1].play")
        timeline(&harness, .ok(.record(["durations": .list([.number(1)])])))
        harness.send(.advanceTime(by: 1))
        harness.tap("play_all")
        #expect(harness.calls.count == 1)
        #expect(harness.calls.first?.contains("id: \"b\"") == true)
        #expect(harness.calls.first?.contains("id: \"c\"") == true)
        #expect(harness.calls.first?.contains("id: \"a\"") == false)
        timeline(&harness, .ok(.record(["durations": .list([.number(1), .number(2)])])))
        #expect(try view(harness).highlightedLine == 1)
        harness.send(.advanceTime(by: 1))
        #expect(try view(harness).highlightedLine == 2)
        #expect(screenValue(harness, "current") == .int(2))
        harness.send(.advanceTime(by: 2))
        #expect(try view(harness).highlightedLine == nil)
        #expect(harness.data("finished") == .int(1))
    }

    @Test func stoppingPlaybackClearsTheHighlightAndCancelsItsTimer() throws {
        var harness = try launched()
        harness.tap("play_all")
        timeline(&harness, .ok(.record(["durations": .list([.number(1), .number(1), .number(1)])])))
        let timer = try #require(harness.state.playback?.timer)
        harness.tap("stop")
        #expect(harness.last.effects == [.cancelTimer(id: timer), .stopPlayback])
        #expect(try view(harness).highlightedLine == nil)
        harness.send(.advanceTime(by: 5))
        #expect(harness.data("finished") == .int(0))
    }

    @Test func aFailedTimelineShowsTheErrorAndPlaysNothing() throws {
        var harness = try launched()
        harness.tap("play_all")
        timeline(&harness, .error(ServiceError(service: "audio", code: "not_found", message: "a.wav is missing")))
        #expect(harness.state.alert == AlertState(image: "error", title: "Error", message: "a.wav is missing"))
        #expect(harness.state.playback == nil)
    }

    @Test func aTimelineWithTheWrongNumberOfDurationsIsAnError() throws {
        var harness = try launched()
        harness.tap("play_all")
        timeline(&harness, .ok(.record(["durations": .list([.number(1)])])))
        #expect(harness.state.alert?.message == "the audio timeline gave 1 durations for 3 lines")
    }

    @Test func leavingTheScreenEndsItsPlayback() throws {
        var harness = try launched()
        harness.tap("play_all")
        timeline(&harness, .ok(.record(["durations": .list([.number(1), .number(1), .number(1)])])))
        harness.tap("leave")
        #expect(harness.state.playback == nil)
        #expect(harness.last.effects.contains(.stopPlayback))
        #expect(harness.state.timers.isEmpty)
    }

    @Test func aRestartStopsThePlayingAudio() throws {
        var harness = try launched()
        harness.tap("play_all")
        timeline(&harness, .ok(.record(["durations": .list([.number(1), .number(1), .number(1)])])))
        let timer = try #require(harness.state.playback?.timer)
        harness.send(.restart)
        #expect(harness.last.effects.prefix(2) == [.cancelTimer(id: timer), .stopPlayback])
        #expect(harness.state.playback == nil)
    }

    // MARK: recording

    @Test func aRecordingTakeIsHighlightedAndItsLevelFollowsTheInput() throws {
        var harness = try launched()
        harness.send(.inputLevel(0.3))
        #expect(harness.trace == ["ignored input level 0.3: no take is recording"])
        harness.tap("record")
        #expect(try view(harness).highlightedLine == nil)
        harness.answer(.ok(.record(["recording": .bool(true)])))
        #expect(try view(harness).highlightedLine == 1)
        #expect(try view(harness).highlightColor == "#FFD6D6")
        harness.send(.inputLevel(0.3))
        #expect(screenValue(harness, "level") == .number(0.3))
        harness.send(.inputLevel(7))
        #expect(screenValue(harness, "level") == .number(1))
        harness.tap("stop_recording")
        harness.answer(.ok(.record(["line": .string("b")])))
        #expect(try view(harness).highlightedLine == nil)
        #expect(harness.state.recording == nil)
    }

    @Test func aRecordingThatFailsToStartIsNotHighlighted() throws {
        var harness = try launched()
        harness.tap("record")
        harness.answer(.error(ServiceError(service: "audio", code: "busy", message: "busy")))
        #expect(harness.state.recording == nil)
        #expect(try view(harness).highlightedLine == nil)
    }

    // MARK: footer, end marker, icons

    @Test func aScriptShowsItsEndMarkerFooterElementsAndButtonIcons() throws {
        var harness = try launched()
        let rows = try #require(try view(harness).element("rows"))
        #expect(rows.footer == "The end")
        #expect(rows.footerElements?.map(\.id) == ["share"])
        #expect(try view(harness).element("share")?.icon == "square.and.arrow.up")
        #expect(rows.items?[0].first?.icon == "play.fill")
        #expect(harness.program.path("share", on: 0) == ElementPath(element: 2, part: 0))
        harness.tap("share")
        #expect(harness.calls.first?.hasPrefix("audio.mixdown(") == true)
    }
}
