import SegueExpression
import Testing

@testable import SegueMachine

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

    /// The state right after launch: three rows, more to load, no timer.
    static func launched(_ state: inout ExpectedState) {
        state.launched = true
        state.layers = [NavigationLayer(navigation: false, stack: [state.instance(1, "main", .root)])]
        state.data = [.list([]), .list([1, 2, 3].map(Value.int)), .bool(true), .number(0.5)]
        state.nextInstance = 2
    }

    /// Taps `start`: the `hint` timer is due 2 s from now.
    static func start(_ store: TestStore, id: Int, at now: ClockDuration) {
        store.tap("start") {
            $0.timers = [$0.timer(id, deadline: now + 2, named: "hint", on: 1)]
            $0.nextTimer = id + 1
        }
        if id > 1 { store.receive(.cancelTimer(id: id - 1)) }
        store.receive(.startTimer(id: id, deadline: now + 2))
    }

    @Test func startingANamedTimerAgainRestartsIt() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.start(store, id: 1, at: 0)
        store.send(.advanceTime(by: 1.5)) { $0.now = 1.5 }
        Self.start(store, id: 2, at: 1.5)
        store.send(.advanceTime(by: 1.5)) { $0.now = 3 }
        store.send(.advanceTime(by: 0.5), trace: ["timer #2 fired", "main: set"]) {
            $0.now = 3.5
            $0.timers = []
            $0[data: "fired"] = .list([.string("hint")])
        }
    }

    @Test func cancelTimerStopsIt() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.start(store, id: 1, at: 0)
        store.tap("stop") { $0.timers = [] }
        store.receive(.cancelTimer(id: 1))
        store.send(.advanceTime(by: 5)) { $0.now = 5 }
    }

    @Test func aScreensRepeatingTimerStopsWhenTheScreenGoes() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        store.tap("open") {
            $0.layers.append(NavigationLayer(navigation: false, stack: [$0.instance(2, "other", .present)]))
            $0.nextInstance = 3
            $0.timers = [$0.timer(1, deadline: 1, every: 1, on: 2, occurrence: 2)]
            $0.nextTimer = 2
        }
        store.receive(.startTimer(id: 1, deadline: 1))
        store.send(.advanceTime(by: 3)) {
            $0.now = 3
            $0.timers[0].deadline = 4
            $0[data: "fired"] = .list(["tick", "tick", "tick"].map(Value.string))
        }
        // An `every` timer is started again after each tick.
        store.receive([2, 3, 4].map { .startTimer(id: 1, deadline: $0) })
        store.send(.swipeToDismiss) {
            $0.layers.removeLast()
            $0.timers = []
        }
        store.receive(.cancelTimer(id: 1))
        store.send(.advanceTime(by: 3)) { $0.now = 6 }
    }

    @Test func aRealClockFiresByTimerIdAndUnknownIdsAreIgnored() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.start(store, id: 1, at: 0)
        store.send(.timerFired(id: 1)) {
            $0.now = 2
            $0.timers = []
            $0[data: "fired"] = .list([.string("hint")])
        }
        store.send(.timerFired(id: 1), trace: ["ignored timer #1: it was cancelled or never started"])
        store.send(.advanceTime(by: -1), trace: ["ignored advance time by -1s: time only moves forward"])
    }

    @Test func aDelayThatIsNotANumberIsRefusedByTheChecker() throws {
        #expect {
            try Harness.compile(Self.flow)
        } throws: { error in
            (error as? CompileError)?.diagnostics.map { "\($0.code) \($0.range.start.line) \($0.message)" } == [
                "C201 20 a timer's delay must be `number`, found `string`"
            ]
        }
    }

    @Test func aDelayThatIsNotANumberIsAnErrorWhenItRuns() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        store.tap("bad") {
            $0.alert = AlertState(
                image: "error", title: "Error",
                message: "a timer's delay must be a number of seconds, found `\"soon\"` in `'soon'` at test.yaml:20:24")
        }
    }

    @Test func scrollingNearTheEndLoadsMoreUntilHasMoreIsFalse() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        let rows = try #require(store.program.screens[0].element(named: "rows"))
        store.send(.scrolledNearEnd(list: rows)) {
            $0[data: "items"] = .list([1, 2, 3, 4].map(Value.int))
            $0[data: "more"] = .bool(false)
        }
        store.send(.scrolledNearEnd(list: rows), trace: ["ignored scroll rows: no more pages"])
        let view = try #require(store.machine.view(of: store.state))
        #expect(view.element("rows")?.items?.map { $0.map(\.text) } == [["Row 1"], ["Row 2"], ["Row 3"], ["Row 4"]])
        #expect(view.element("rows")?.hasMore == false)
    }

    @Test func alertsQueueBehindTheOneShown() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        store.tap("alerts") {
            $0.alert = AlertState(image: "done", title: "One", message: nil)
            $0.alertQueue = [AlertState(image: "heart", title: "Two", message: "3 items")]
        }
        store.send(.dismissAlert) {
            $0.alert = AlertState(image: "heart", title: "Two", message: "3 items")
            $0.alertQueue = []
        }
        store.send(.dismissAlert) { $0.alert = nil }
        store.send(.dismissAlert, trace: ["ignored dismiss alert: no alert is shown"])
    }

    @Test func movingASliderRunsItsChangeWithTheNewValue() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        let level = try #require(store.program.screens[0].element(named: "level"))
        store.send(.change(ElementPath(element: level), .number(0.8))) { $0[data: "volume"] = .number(0.8) }
        #expect(store.machine.view(of: store.state)?.element("level")?.text == "0.8")
        // Editing is for fields: a slider refuses it, with the reason, and keeps its value.
        store.send(.edit(element: level, value: .number(0.2)), trace: ["ignored edit main.level: level is not a field"])
    }
}
