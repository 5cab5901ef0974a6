import SegueExpression
import Testing

@testable import SegueRuntime

/// Named timers, cancellation with their screen, the real-clock input, paging and alert queues.
@Suite struct TimerAndPagingTests {
    static let flow = """
        segue: 1
        flow: timers
        start: main
        data:
          fired: { type: list<string>, default: "[]" }
          items: { type: list<int>, default: "[1, 2, 3]" }
          more: { type: bool, default: true }
          volume: { type: number, default: 0.5 }
        screens:
          main:
            elements:
              - button: start
                label: Start
                tap: [{ after: 2s, id: hint, do: [{ set: { fired: "fired + ['hint']" } }] }]
              - button: stop
                label: Stop
                tap: [{ cancel_timer: hint }]
              - button: bad
                label: Bad
                tap: [{ after: "'soon'", do: [] }]
              - button: open
                label: Open
                tap: { present: other }
              - button: alerts
                label: Alerts
                tap:
                  - alert: { image: done, title: One }
                  - alert: { image: heart, title: Two, message: "${len(items)} items" }
              - list: rows
                items: items
                item: { use: row, with: { value: item } }
                paging: { size: 3, near_end: load, has_more: more }
              - slider: level
                value: volume
                min: 0
                max: 1
                change: [{ set: { volume: event.value } }]
            on:
              load:
                - set: { items: "items + [len(items) + 1]", more: "len(items) < 4" }
          other:
            on_enter: [{ every: 1s, do: [{ set: { fired: "fired + ['tick']" } }] }]
            elements: []
        components:
          row:
            parameters: { value: int }
            elements:
              - text: label
                value: "Row ${value}"
        """

    @Test func startingANamedTimerAgainRestartsIt() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("start")
        harness.send(.advanceTime(by: 1.5))
        harness.tap("start")
        #expect(harness.last.effects == [.cancelTimer(id: 1), .startTimer(id: 2, deadline: 3.5)])
        harness.send(.advanceTime(by: 1.5))
        #expect(harness.data("fired") == .list([]))
        harness.send(.advanceTime(by: 0.5))
        #expect(harness.data("fired") == .list([.string("hint")]))
        #expect(harness.trace == ["timer #2 fired", "main: set"])
    }

    @Test func cancelTimerStopsIt() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("start")
        harness.tap("stop")
        #expect(harness.last.effects == [.cancelTimer(id: 1)])
        harness.send(.advanceTime(by: 5))
        #expect(harness.data("fired") == .list([]))
        #expect(harness.state.now == 5)
    }

    @Test func aScreensRepeatingTimerStopsWhenTheScreenGoes() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("open")
        harness.send(.advanceTime(by: 3))
        #expect(harness.data("fired") == .list(["tick", "tick", "tick"].map(Value.string)))
        harness.send(.swipeToDismiss)
        #expect(harness.last.effects == [.cancelTimer(id: 1)])
        harness.send(.advanceTime(by: 3))
        #expect(harness.data("fired")?.listValue?.count == 3)
    }

    @Test func aRealClockFiresByTimerIdAndUnknownIdsAreIgnored() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("start")
        harness.send(.timerFired(id: 1))
        #expect(harness.data("fired") == .list([.string("hint")]))
        #expect(harness.state.now == 2)
        harness.send(.timerFired(id: 1))
        #expect(harness.trace == ["ignored timer #1: it was cancelled or never started"])
        harness.send(.advanceTime(by: -1))
        #expect(harness.trace == ["ignored advance time by -1.0: time only moves forward"])
    }

    @Test func aDelayThatIsNotANumberIsAnError() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("bad")
        #expect(harness.state.timers.isEmpty)
        #expect(
            harness.state.alert?.message?.hasPrefix(
                "a timer's delay must be a number of seconds, found `\"soon\"` in `'soon'` at test.yaml:") == true)
    }

    @Test func scrollingNearTheEndLoadsMoreUntilHasMoreIsFalse() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let rows = try #require(harness.program.screens[0].element(named: "rows"))
        harness.send(.scrolledNearEnd(list: rows))
        #expect(harness.data("items") == .list([1, 2, 3, 4].map(Value.int)))
        #expect(harness.data("more") == .bool(false))
        harness.send(.scrolledNearEnd(list: rows))
        #expect(harness.trace == ["ignored scroll rows: no more pages"])
        let view = try #require(harness.machine.view(of: harness.state))
        #expect(view.element("rows")?.items?.map { $0.map(\.text) } == [["Row 1"], ["Row 2"], ["Row 3"], ["Row 4"]])
        #expect(view.element("rows")?.hasMore == false)
    }

    @Test func alertsQueueBehindTheOneShown() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("alerts")
        #expect(harness.state.alert == AlertState(image: "done", title: "One", message: nil))
        #expect(harness.state.alertQueue == [AlertState(image: "heart", title: "Two", message: "3 items")])
        harness.send(.dismissAlert)
        #expect(harness.state.alert?.title == "Two")
        harness.send(.dismissAlert)
        #expect(harness.state.alert == nil)
        harness.send(.dismissAlert)
        #expect(harness.trace == ["ignored dismiss alert: no alert is shown"])
    }

    @Test func movingASliderRunsItsChangeWithTheNewValue() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let level = try #require(harness.program.screens[0].element(named: "level"))
        harness.send(.edit(element: level, value: .number(0.8)))
        #expect(harness.data("volume") == .number(0.8))
        #expect(harness.machine.view(of: harness.state)?.element("level")?.text == "0.8")
    }
}
