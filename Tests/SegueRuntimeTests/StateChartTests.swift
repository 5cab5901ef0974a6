import SegueExpression
import Testing

@testable import SegueMachine

/// Nested states and parallel regions with SCXML's entry and exit order; timers owned by states.
@Suite struct StateChartTests {
    static let flow = """
        segue: 1
        flow: chart
        start: recorder
        data:
          log: { type: list<string>, default: "[]" }
          ticks: { type: int, default: 0 }
        screens:
          recorder:
            on_enter: [{ set: { log: "log + ['screen']" } }]
            initial_state: idle
            states:
              idle:
                on_enter: [{ set: { log: "log + ['idle in']" } }]
                on_exit: [{ set: { log: "log + ['idle out']" } }]
                on:
                  record: [{ goto: countdown }]
              countdown:
                on_enter:
                  - set: { log: "log + ['countdown in']", ticks: 0 }
                  - every: 1s
                    do:
                      - set: { ticks: "ticks + 1" }
                      - if: "ticks >= 3"
                        then: [{ goto: recording }]
                on_exit: [{ set: { log: "log + ['countdown out']" } }]
              recording:
                initial: level
                on_enter: [{ set: { log: "log + ['recording in']" } }]
                on_exit: [{ set: { log: "log + ['recording out']" } }]
                on:
                  stop: [{ goto: idle }]
                states:
                  level:
                    parallel: true
                    on_enter: [{ set: { log: "log + ['level in']" } }]
                    on_exit: [{ set: { log: "log + ['level out']" } }]
                    states:
                      meter:
                        on_enter: [{ set: { log: "log + ['meter in']" } }]
                        on_exit: [{ set: { log: "log + ['meter out']" } }]
                      clock:
                        on_enter: [{ set: { log: "log + ['clock in']" } }]
                        on_exit: [{ set: { log: "log + ['clock out']" } }]
                        on:
                          stop: [{ set: { log: "log + ['clock saw stop']" } }]
            on:
              record: [{ set: { log: "log + ['screen saw record']" } }]
              stop: [{ set: { log: "log + ['screen saw stop']" } }]
        """

    static func log(_ entries: [String]) -> Value { .list(entries.map(Value.string)) }

    static let launchLog = ["screen", "idle in"]

    /// The state right after launch: the screen entered, then its initial state.
    static func launched(_ state: inout ExpectedState) {
        state.launched = true
        state.layers = [
            NavigationLayer(navigation: false, stack: [state.instance(1, "recorder", .root, states: ["idle"])])
        ]
        state.data = [log(launchLog), .int(0)]
        state.nextInstance = 2
    }

    /// Raises `record` in `idle`: countdown starts its one-second ticker.
    static func record(_ store: TestStore) {
        store.event("record") {
            $0.topStates = ["countdown"]
            $0[data: "log"] = log(launchLog + ["idle out", "countdown in"])
            $0.timers = [
                $0.timer(1, deadline: 1, every: 1, on: 1, owner: $0.program.screens[0].stateIndex["countdown"] ?? -1)
            ]
            $0.nextTimer = 2
        }
        store.receive(.startTimer(id: 1, deadline: 1))
    }

    static let recordingLog =
        launchLog + ["idle out", "countdown in", "countdown out", "recording in", "level in", "meter in", "clock in"]

    /// Three ticks: countdown moves to recording, whose parallel regions both become active.
    static func countDown(_ store: TestStore) {
        store.send(.advanceTime(by: 3)) {
            $0.now = 3
            $0[data: "ticks"] = .int(3)
            $0.topStates = ["recording", "level", "meter", "clock"]
            $0[data: "log"] = log(recordingLog)
            $0.timers = []
        }
        // The ticker is started again after each tick, the third time just before its state exits.
        store.receive([2, 3, 4].map { .startTimer(id: 1, deadline: $0) } + [.cancelTimer(id: 1)])
    }

    @Test func theScreenEntersBeforeItsInitialState() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
    }

    @Test func aStateHandlerWinsOverTheScreens() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        Self.record(store)
        #expect(store.trace.contains("event record handled by recorder.idle"))
        // countdown has no `record` handler: the screen's answers.
        store.event("record") {
            $0[data: "log"] = Self.log(Self.launchLog + ["idle out", "countdown in", "screen saw record"])
        }
    }

    @Test func aStatesTimerTicksOnTheVirtualClockAndIsCancelledWhenItExits() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        Self.record(store)
        store.send(.advanceTime(by: 2.5)) {
            $0.now = 2.5
            $0[data: "ticks"] = .int(2)
            $0.timers[0].deadline = 3
        }
        store.receive([2, 3].map { .startTimer(id: 1, deadline: $0) })
        // The third tick moved to recording: its parallel regions are both active.
        store.send(.advanceTime(by: 0.5)) {
            $0.now = 3
            $0[data: "ticks"] = .int(3)
            $0.topStates = ["recording", "level", "meter", "clock"]
            $0[data: "log"] = Self.log(Self.recordingLog)
            $0.timers = []
        }
        store.receive([.startTimer(id: 1, deadline: 4), .cancelTimer(id: 1)])
    }

    @Test func aTargetlessRegionHandlerDoesNotConflictWithAnAncestorsTransition() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        Self.record(store)
        Self.countDown(store)
        // `meter` finds `recording`'s handler (it switches to idle), `clock` its own targetless one: their exit sets
        // do not meet (a targetless transition exits nothing), so SCXML takes both, in document order.
        store.event("stop") {
            $0.topStates = ["idle"]
            $0[data: "log"] = Self.log(
                Self.recordingLog + [
                    "clock out", "meter out", "level out", "recording out", "idle in", "clock saw stop",
                ])
        }
    }

    @Test func leavingAParallelStateExitsRegionsInReverseDocumentOrderInnermostFirst() throws {
        let store = try TestStore(
            Self.flow.replacingOccurrences(
                of: "stop: [{ set: { log: \"log + ['clock saw stop']\" } }]", with: "halt: []"))
        store.launch(Self.launched)
        Self.record(store)
        Self.countDown(store)
        store.event("stop") {
            $0.topStates = ["idle"]
            $0[data: "log"] = Self.log(
                Self.recordingLog + ["clock out", "meter out", "level out", "recording out", "idle in"])
        }
        #expect(
            store.trace.filter { $0.hasPrefix("exit state") || $0.hasPrefix("enter state") } == [
                "exit state recorder.clock", "exit state recorder.meter", "exit state recorder.level",
                "exit state recorder.recording", "enter state recorder.idle",
            ])
    }

    @Test func gotoToAnUnknownStateIsRefusedByTheChecker() throws {
        let broken = Self.flow.replacingOccurrences(
            of: "record: [{ goto: countdown }]", with: "record: [{ goto: countdwn }]")
        #expect {
            try Harness.compile(broken)
        } throws: { error in
            (error as? CompileError)?.diagnostics.map(\.message) == [
                "screen `recorder` has no state `countdwn`; did you mean `countdown`?"
            ]
        }
    }
}
