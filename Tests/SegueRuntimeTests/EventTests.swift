import SegueExpression
import Testing

@testable import SegueRuntime

/// Run-to-completion, raised events, guards, and events nobody handles.
@Suite struct EventTests {
    static let flow = """
        segue: 1
        flow: events
        start: main
        data:
          log: { type: list<string>, default: "[]" }
          count: { type: int, default: 0 }
        screens:
          main:
            elements:
              - button: go
                label: Go
                tap:
                  - send: first
                  - set: { log: "log + ['tap done']" }
              - button: loop
                label: Loop
                tap: [{ send: again }]
              - button: hidden
                label: Hidden
                visible: "count > 5"
                tap: [{ send: first }]
              - button: off
                label: Off
                enabled: false
                tap: [{ send: first }]
              - text: note
                value: Nothing to tap
            on:
              first:
                - set: { log: "log + ['first']" }
                - send: second
                  with: { n: 2 }
              second:
                - set: { log: "log + ['second ' + string(event.n)]" }
              counted:
                - when: "count >= 2"
                  do: [{ set: { log: "log + ['big']" } }]
                - when: "count >= 1"
                  do: [{ set: { log: "log + ['small']" } }]
              bump:
                - set: { count: "count + 1" }
              again:
                - set: { count: "count + 1" }
                - send: again
        """

    @Test func raisedEventsRunAfterTheListThatRaisedThemInOrder() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("go")
        #expect(harness.data("log") == .list(["tap done", "first", "second 2"].map(Value.string)))
        #expect(harness.state.eventQueue.isEmpty)
        #expect(
            harness.trace == [
                "main: send", "main: set", "event first handled by main", "main: set", "main: send",
                "event second handled by main", "main: set",
            ])
    }

    @Test func guardsAreTriedInOrderAndTheFirstThatHoldsRuns() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.event("counted")
        #expect(harness.trace == ["ignored counted: no `when` held on main"])
        harness.event("bump")
        harness.event("counted")
        harness.event("bump")
        harness.event("counted")
        #expect(harness.data("log") == .list(["small", "big"].map(Value.string)))
    }

    @Test func anEventWithoutAHandlerIsIgnoredWithAReason() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let before = harness.state
        harness.send(.event(99, payload: .null))
        #expect(harness.trace == ["ignored event #99: no such event"])
        #expect(harness.state == before)
    }

    @Test func hiddenDisabledAndInertElementsIgnoreTaps() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let before = harness.state
        harness.tap("hidden")
        #expect(harness.trace == ["ignored tap main.hidden: hidden is hidden"])
        harness.tap("off")
        #expect(harness.trace == ["ignored tap main.off: off is disabled"])
        harness.tap("note")
        #expect(harness.trace == ["ignored tap main.note: note does nothing when tapped"])
        harness.send(.tap(ElementPath(element: 40)))
        #expect(harness.trace == ["ignored tap 40: screen main has no element #40"])
        #expect(harness.state == before)
    }

    @Test func anEndlessSendLoopIsStoppedWithoutCrashing() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("loop")
        #expect(harness.data("count") == .int(Runner.eventLimit))
        #expect(harness.trace.last == "stopped after 10000 raised events: 1 dropped (a send loop?)")
        #expect(harness.state.eventQueue.isEmpty)
    }

    @Test func inputsBeforeLaunchAreIgnored() throws {
        var harness = try Harness(Self.flow)
        harness.send(.back)
        #expect(harness.trace == ["ignored back: the flow has not been launched"])
        #expect(harness.state == MachineState())
    }

    @Test func stepIsPureTheSameInputGivesTheSameStep() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let state = harness.state
        let input = Input.tap(try #require(harness.program.path("go", on: 0)))
        #expect(harness.machine.step(state, input) == harness.machine.step(state, input))
    }
}
