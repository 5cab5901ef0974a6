import SegueRuntime
import Testing

@Suite struct AudioTimelineTests {
    let timeline = AudioTimeline(
        clips: [
            .init(lineID: "l1", path: "a.wav", startFrame: 0, frameCount: 8000, sampleRate: 8000, gain: 1),
            .init(lineID: "l2", path: "b.wav", startFrame: 100, frameCount: 24_000, sampleRate: 48_000, gain: 0.5),
        ], mode: .continuous)

    @Test func positionsAlongContinuousPlayback() {
        #expect(timeline.duration == 1.5)
        #expect(timeline.startTimes == [0, 1])
        #expect(timeline.position(at: 0) == .playing(index: 0, lineID: "l1", elapsed: 0, fraction: 0))
        #expect(timeline.position(at: 0.25) == .playing(index: 0, lineID: "l1", elapsed: 0.25, fraction: 0.25))
        #expect(timeline.position(at: 1) == .playing(index: 1, lineID: "l2", elapsed: 0, fraction: 0))
        #expect(timeline.position(at: 1.25) == .playing(index: 1, lineID: "l2", elapsed: 0.25, fraction: 0.5))
        #expect(timeline.position(at: 1.5) == .finished)
    }

    @Test func eventsInAnIntervalAndTheNextTimer() {
        #expect(
            timeline.events(after: -1, through: 1)
                == [
                    .lineStarted(index: 0, lineID: "l1", time: 0), .lineEnded(index: 0, lineID: "l1", time: 1),
                    .lineStarted(index: 1, lineID: "l2", time: 1),
                ])
        #expect(
            timeline.events(after: 1, through: 10)
                == [.lineEnded(index: 1, lineID: "l2", time: 1.5), .finished(time: 1.5)])
        #expect(timeline.events(after: 0.2, through: 0.9).isEmpty)
        #expect(timeline.nextEventTime(after: 0.2) == 1)
        #expect(timeline.nextEventTime(after: 1) == 1.5)
        #expect(timeline.nextEventTime(after: 1.5) == nil)
    }

    @Test func emptyTimelineFinishesAtOnce() {
        let empty = AudioTimeline(clips: [], mode: .line)
        #expect(empty.position(at: 0) == .finished)
        #expect(empty.events(after: -1, through: 0) == [.finished(time: 0)])
    }
}
