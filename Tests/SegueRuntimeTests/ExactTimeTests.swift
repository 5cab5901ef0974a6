import SegueExpression
import SegueModel
import Testing

@testable import SegueMachine

/// Virtual time in whole nanoseconds: durations parse exactly and re-armed timers never drift.
@Suite struct ExactTimeTests {
    static let stopwatch = """
        segue: 1
        flow: stopwatch
        start: watch
        data:
          ticks: { type: int, default: 0 }
        screens:
          watch:
            on_enter: [{ every: 200ms, do: [{ set: { ticks: "ticks + 1" } }] }]
            elements:
              - text: shown
                value: "${ticks}"
        """

    @Test func everyTwoHundredMillisecondsTickedByTwoPointEightSecondsFiresFourteenTimes() throws {
        let store = try TestStore(Self.stopwatch)
        store.launch {
            $0.launched = true
            $0.layers = [NavigationLayer(navigation: false, stack: [$0.instance(1, "watch", .root)])]
            $0.data = [.int(0)]
            $0.nextInstance = 2
            $0.timers = [$0.timer(1, deadline: .milliseconds(200), every: .milliseconds(200), on: 1)]
            $0.nextTimer = 2
        }
        store.receive(.startTimer(id: 1, deadline: .milliseconds(200)))
        let span = try #require(ClockDuration(parsing: "2.8s"))
        store.send(.advanceTime(by: span)) {
            $0.now = .milliseconds(2800)
            $0[data: "ticks"] = .int(14)
            $0.timers[0].deadline = .milliseconds(3000)
        }
        store.receive((2...15).map { .startTimer(id: 1, deadline: .milliseconds(200) * Int64($0)) })
    }

    @Test(
        arguments: [
            ("2.8s", 2_800_000_000), ("2800ms", 2_800_000_000), ("0.2s", 200_000_000), ("1.5", 1_500_000_000),
            ("2m", 120_000_000_000), ("1h", 3_600_000_000_000), ("250us", 250_000), ("7ns", 7), ("0s", 0),
        ] as [(String, Int64)])
    func durationsParseExactly(text: String, nanoseconds: Int64) {
        #expect(ClockDuration(parsing: text) == ClockDuration(nanoseconds: nanoseconds))
    }

    @Test(arguments: ["", "s", "-1s", "1.5ns", "abc", "1e3s", "1..2s", "99999999999999999999s"])
    func whatIsNoDurationIsRefused(text: String) {
        #expect(ClockDuration(parsing: text) == nil)
    }

    @Test func aClockDurationPrintsExactDecimalSeconds() {
        #expect(ClockDuration.milliseconds(2800).description == "2.8s")
        #expect(ClockDuration.milliseconds(50).description == "0.05s")
        #expect(ClockDuration.seconds(3).description == "3s")
        #expect(ClockDuration(seconds: 0.1 + 0.2) == ClockDuration.milliseconds(300))
    }

    @Test func timersDueAtTheSameInstantFireInTheOrderTheyWereStarted() throws {
        let store = try TestStore(
            """
            segue: 1
            flow: ties
            start: main
            data:
              log: { type: list<string>, default: "[]" }
            screens:
              main:
                on_enter:
                  - after: 1s
                    do: [{ set: { log: "log + ['first']" } }]
                  - after: 1000ms
                    do: [{ set: { log: "log + ['second']" } }]
                elements: []
            """)
        store.launch {
            $0.launched = true
            $0.layers = [NavigationLayer(navigation: false, stack: [$0.instance(1, "main", .root)])]
            $0.data = [.list([])]
            $0.nextInstance = 2
            $0.timers = [
                $0.timer(1, deadline: 1, on: 1, occurrence: 0), $0.timer(2, deadline: 1, on: 1, occurrence: 1),
            ]
            $0.nextTimer = 3
        }
        store.receive([.startTimer(id: 1, deadline: 1), .startTimer(id: 2, deadline: 1)])
        store.send(.advanceTime(by: 1)) {
            $0.now = 1
            $0.timers = []
            $0[data: "log"] = .list([.string("first"), .string("second")])
        }
    }
}
