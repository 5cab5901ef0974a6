import SegueExpression
import Testing

@testable import SegueMachine

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

    /// The state right after launch: an empty log, the count at zero.
    static func launched(_ state: inout ExpectedState) {
        state.launched = true
        state.layers = [NavigationLayer(navigation: false, stack: [state.instance(1, "main", .root)])]
        state.data = [.list([]), .int(0)]
        state.nextInstance = 2
    }

    @Test func raisedEventsRunAfterTheListThatRaisedThemInOrder() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        store.tap(
            "go",
            trace: [
                "main: send", "main: set", "event first handled by main", "main: set", "main: send",
                "event second handled by main", "main: set",
            ]
        ) { $0[data: "log"] = .list(["tap done", "first", "second 2"].map(Value.string)) }
    }

    @Test func guardsAreTriedInOrderAndTheFirstThatHoldsRuns() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        store.event("counted", trace: ["ignored counted: no `when` held on main"])
        store.event("bump") { $0[data: "count"] = .int(1) }
        store.event("counted") { $0[data: "log"] = .list([.string("small")]) }
        store.event("bump") { $0[data: "count"] = .int(2) }
        store.event("counted") { $0[data: "log"] = .list(["small", "big"].map(Value.string)) }
    }

    @Test func anEventWithoutAHandlerIsIgnoredWithAReason() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        store.send(.event(99, payload: .null), trace: ["ignored event #99: no such event"])
    }

    @Test func hiddenDisabledAndInertElementsIgnoreTaps() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        store.tap("hidden", trace: ["ignored tap main.hidden: hidden is hidden"])
        store.tap("off", trace: ["ignored tap main.off: off is disabled"])
        store.tap("note", trace: ["ignored tap main.note: note does nothing when tapped"])
        store.send(.tap(ElementPath(element: 40)), trace: ["ignored tap 40: screen main has no element #40"])
    }

    @Test func anEndlessSendLoopIsStoppedWithoutCrashing() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        store.tap("loop") { $0[data: "count"] = .int(Runner.eventLimit) }
        #expect(store.trace.last == "stopped after 10000 raised events: 1 dropped (a send loop?)")
    }

    @Test func inputsBeforeLaunchAreIgnored() throws {
        let store = try TestStore(Self.flow)
        store.send(.back, trace: ["ignored back: the flow has not been launched"])
    }

    @Test func stepIsPureTheSameInputGivesTheSameStep() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let state = harness.state
        let input = Input.tap(try #require(harness.program.path("go", on: 0)))
        #expect(harness.machine.step(state, input) == harness.machine.step(state, input))
    }
}
