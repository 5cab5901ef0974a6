import SegueExpression
import Testing

@testable import SegueRuntime

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

    func log(_ harness: Harness) -> [String] {
        harness.data("log")?.listValue?.compactMap(\.stringValue) ?? []
    }

    @Test func theScreenEntersBeforeItsInitialState() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        #expect(harness.states == ["idle"])
        #expect(log(harness) == ["screen", "idle in"])
    }

    @Test func aStateHandlerWinsOverTheScreens() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.event("record")
        #expect(harness.states == ["countdown"])
        #expect(log(harness) == ["screen", "idle in", "idle out", "countdown in"])
        #expect(harness.trace.contains("event record handled by recorder.idle"))
        // countdown has no `record` handler: the screen's answers.
        harness.event("record")
        #expect(log(harness).last == "screen saw record")
    }

    @Test func aStatesTimerTicksOnTheVirtualClockAndIsCancelledWhenItExits() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.event("record")
        #expect(harness.last.effects == [.startTimer(id: 1, deadline: 1)])
        harness.send(.advanceTime(by: 2.5))
        #expect(harness.data("ticks") == .int(2))
        #expect(harness.states == ["countdown"])
        harness.send(.advanceTime(by: 0.5))
        #expect(harness.data("ticks") == .int(3))
        // The third tick moved to recording: its parallel regions are both active.
        #expect(harness.states == ["recording", "level", "meter", "clock"])
        #expect(harness.state.timers.isEmpty)
        #expect(harness.last.effects.last == .cancelTimer(id: 1))
        #expect(
            Array(log(harness).suffix(6)) == [
                "countdown in", "countdown out", "recording in", "level in", "meter in", "clock in",
            ])
        #expect(harness.state.now == 3)
    }

    @Test func aDeeperHandlerInARegionPreemptsItsAncestors() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.event("record")
        harness.send(.advanceTime(by: 3))
        harness.event("stop")
        // `meter` finds `recording`'s handler, `clock` its own; the deeper one preempts its ancestor's.
        #expect(log(harness).last == "clock saw stop")
        #expect(harness.states == ["recording", "level", "meter", "clock"])
    }

    @Test func leavingAParallelStateExitsRegionsInReverseDocumentOrderInnermostFirst() throws {
        var harness = try Harness(
            Self.flow.replacingOccurrences(
                of: "stop: [{ set: { log: \"log + ['clock saw stop']\" } }]", with: "halt: []"))
        harness.launch()
        harness.event("record")
        harness.send(.advanceTime(by: 3))
        harness.event("stop")
        #expect(harness.states == ["idle"])
        #expect(
            Array(log(harness).suffix(5)) == ["clock out", "meter out", "level out", "recording out", "idle in"])
        #expect(
            harness.trace.filter { $0.hasPrefix("exit state") || $0.hasPrefix("enter state") } == [
                "exit state recorder.clock", "exit state recorder.meter", "exit state recorder.level",
                "exit state recorder.recording", "enter state recorder.idle",
            ])
    }

    @Test func gotoToAnUnknownStateIsACompileError() throws {
        let broken = Self.flow.replacingOccurrences(
            of: "record: [{ goto: countdown }]", with: "record: [{ goto: countdwn }]")
        #expect {
            try Harness.compile(broken)
        } throws: { error in
            (error as? CompileError)?.diagnostics.map(\.message) == [
                "`goto: countdwn`: no such nested state here; states: `idle`, `countdown`, `recording`, `level`, `meter`, `clock`"
            ]
        }
    }
}
