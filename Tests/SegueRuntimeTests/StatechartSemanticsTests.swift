import SegueDiagnostics
import SegueExpression
import Testing

@testable import SegueMachine

/// One test per rule of docs/semantics.md "Statecharts: SCXML's algorithm" (W3C SCXML 1.0, Appendix D).
@Suite struct StatechartSemanticsTests {
    static func flow(data: String = "", _ states: String) -> String {
        """
        segue: 1
        flow: chart
        start: main
        data:
          log: { type: list<string>, default: "[]" }
        \(data)
        screens:
          main:
        \(states)
            elements: []
        """
    }

    static func log(_ entries: String...) -> Value { .list(entries.map(Value.string)) }

    /// Launches and expects the initial configuration and log.
    static func launch(_ store: TestStore, states: [String], log: Value = log(), data: [Value] = []) {
        store.launch {
            $0.launched = true
            $0.layers = [
                NavigationLayer(navigation: false, stack: [$0.instance(1, "main", .root, states: states)])
            ]
            $0.data = [log] + data
            $0.nextInstance = 2
        }
    }

    static let regions = flow(
        """
            states:
              p:
                parallel: true
                on_enter: [{ set: { log: "log + ['p in']" } }]
                on_exit: [{ set: { log: "log + ['p out']" } }]
                states:
                  a:
                    states:
                      a1: { on: { go: [{ goto: b2, do: [{ set: { log: "log + ['t1']" } }] }] } }
                      a2: {}
                  b:
                    states:
                      b1: { on: { go: [{ goto: a2, do: [{ set: { log: "log + ['t2']" } }] }] } }
                      b2: {}
        """)

    @Test func conflictsTwoRegionsLeavingTheParallelStateExitAndEnterItOnce() throws {
        let store = try TestStore(Self.regions)
        Self.launch(store, states: ["p", "a", "a1", "b", "b1"], log: Self.log("p in"))
        // Both exit sets hold the whole parallel state: the first in document order wins, the second is dropped.
        store.event("go") {
            $0.topStates = ["p", "a", "a1", "b", "b2"]
            $0[data: "log"] = Self.log("p in", "p out", "t1", "p in")
        }
    }

    @Test func conflictsCountAGotoActionAsItsTransitionsTarget() throws {
        let store = try TestStore(
            Self.regions.replacingOccurrences(
                of: "goto: b2, do: [{ set: { log: \"log + ['t1']\" } }]",
                with: "do: [{ set: { log: \"log + ['t1']\" } }, { goto: b2 }]"))
        Self.launch(store, states: ["p", "a", "a1", "b", "b1"], log: Self.log("p in"))
        store.event("go") {
            $0.topStates = ["p", "a", "a1", "b", "b2"]
            $0[data: "log"] = Self.log("p in", "t1", "p out", "p in")
        }
    }

    @Test func selectionDocumentOrderAndDescendantBeforeAncestor() throws {
        let store = try TestStore(
            Self.flow(
                """
                    states:
                      outer:
                        on: { ping: [{ goto: other, do: [{ set: { log: "log + ['outer']" } }] }] }
                        states:
                          inner:
                            on:
                              job: [{ set: { log: "log + ['job']" } }]
                              job.done: [{ set: { log: "log + ['job.done']" } }]
                              ping:
                                - { when: "false", do: [{ set: { log: "log + ['never']" } }] }
                                - { do: [{ set: { log: "log + ['inner']" } }] }
                      other: {}
                """))
        Self.launch(store, states: ["outer", "inner"])
        // The inner state's second alternative: its first guard fails, and its ancestor is never asked.
        store.event("ping") { $0[data: "log"] = Self.log("inner") }
        // `job` is a prefix of `job.done` and written first: its alternatives come first.
        store.event("job.done") { $0[data: "log"] = Self.log("inner", "job") }
    }

    @Test func domainAnInternalTransitionKeepsItsSourceAnExternalOneReentersIt() throws {
        let store = try TestStore(
            Self.flow(
                """
                    states:
                      s:
                        on_enter: [{ set: { log: "log + ['s in']" } }]
                        on_exit: [{ set: { log: "log + ['s out']" } }]
                        on:
                          inside: [{ goto: s2, type: internal }]
                          outside: [{ goto: s1 }]
                        states:
                          s1: {}
                          s2: {}
                """))
        Self.launch(store, states: ["s", "s1"], log: Self.log("s in"))
        store.event("inside") { $0.topStates = ["s", "s2"] }
        store.event("outside") {
            $0.topStates = ["s", "s1"]
            $0[data: "log"] = Self.log("s in", "s out", "s in")
        }
    }

    @Test func microstepTransitionActionsRunBetweenTheExitsAndTheEntries() throws {
        let store = try TestStore(
            Self.flow(
                """
                    states:
                      idle:
                        on_exit: [{ set: { log: "log + ['idle out']" } }]
                        on: { start: [{ goto: busy, do: [{ set: { log: "log + ['action']" } }] }] }
                      busy:
                        on_enter: [{ set: { log: "log + ['busy in']" } }]
                """))
        Self.launch(store, states: ["idle"])
        store.event("start") {
            $0.topStates = ["busy"]
            $0[data: "log"] = Self.log("idle out", "action", "busy in")
        }
    }

    @Test func macrostepEventlessTransitionsRunBeforeTheInternalQueue() throws {
        let store = try TestStore(
            Self.flow(
                data: "  n: { type: int, default: 0 }",
                """
                    states:
                      a:
                        on: { go: [{ set: { n: 1 } }, { send: later }] }
                        always: [{ when: "n == 1", goto: b, do: [{ set: { log: "log + ['eventless']" } }] }]
                      b:
                        on: { later: [{ set: { log: "log + ['later in b']" } }] }
                """))
        Self.launch(store, states: ["a"], data: [.int(0)])
        store.event("go") {
            $0.topStates = ["b"]
            $0[data: "n"] = .int(1)
            $0[data: "log"] = Self.log("eventless", "later in b")
        }
    }

    @Test func macrostepEventlessTransitionsThatNeverSettleStopAtTheEventLimit() throws {
        let store = try TestStore(
            Self.flow(
                """
                    states:
                      a: { always: [{ goto: b }] }
                      b: { always: [{ goto: a }] }
                """))
        // 10,000 microsteps after launch: an even number, so the chart is back in `a`.
        Self.launch(store, states: ["a"])
        #expect(store.trace.last?.contains("`always:` transitions that never settle") == true)
    }

    static let job = flow(
        """
            states:
              job:
                on: { done.state.job: [{ goto: finished }] }
                states:
                  step: { on: { next: [{ goto: last }] } }
                  last: { final: true, on_enter: [{ set: { log: "log + ['last']" } }] }
              finished: { final: true, on_enter: [{ set: { log: "log + ['finished']" } }] }
        """)

    @Test func completionAFinalChildRaisesDoneStateAndATopLevelFinalEndsTheFlow() throws {
        let store = try TestStore(Self.job)
        Self.launch(store, states: ["job", "step"])
        store.event("next") {
            $0.topStates = []
            $0.ended = true
            $0[data: "log"] = Self.log("last", "finished")
        }
        #expect(store.trace.contains("raised done.state.job"))
        #expect(store.trace.contains("the flow ended: main entered final state finished"))
        store.event("next")
        #expect(store.trace == ["ignored next: the flow has ended"])
    }

    @Test func completionAParallelStateIsDoneWhenEveryRegionIs() throws {
        let store = try TestStore(
            Self.flow(
                """
                    states:
                      p:
                        parallel: true
                        on: { done.state.p: [{ goto: out }] }
                        states:
                          r1:
                            states:
                              x: { on: { fx: [{ goto: xf }] } }
                              xf: { final: true }
                          r2:
                            states:
                              y: { on: { fy: [{ goto: yf }] } }
                              yf: { final: true }
                      out: {}
                """))
        Self.launch(store, states: ["p", "r1", "x", "r2", "y"])
        store.event("fx") { $0.topStates = ["p", "r1", "xf", "r2", "y"] }
        store.event("fy") { $0.topStates = ["out"] }
        #expect(store.trace.contains("raised done.state.r2"))
        #expect(store.trace.contains("raised done.state.p"))
    }

    static let player = flow(
        """
            initial_state: phone
            states:
              player:
                on: { call: [{ goto: phone }] }
                states:
                  playing:
                    on: { pause: [{ goto: paused }] }
                    initial: fast
                    states: { fast: { on: { slow_down: [{ goto: slow }] } }, slow: {} }
                  paused: {}
                  resume: { history: shallow, default: { goto: paused, do: [{ set: { log: "log + ['default']" } }] } }
                  again: { history: deep }
              phone:
                on:
                  hang_up: [{ goto: resume }]
                  redial: [{ goto: again }]
        """)

    @Test func historyTheDefaultRunsUntilTheParentWasLeftThenTheLastChildReturns() throws {
        let store = try TestStore(Self.player)
        Self.launch(store, states: ["phone"])
        store.event("hang_up") {
            $0.topStates = ["player", "paused"]
            $0[data: "log"] = Self.log("default")
        }
        store.event("call") {
            $0.topStates = ["phone"]
            let states = $0.program.screens[0].stateIndex
            $0.top.history = [
                states["resume"] ?? -1: [states["paused"] ?? -1], states["again"] ?? -1: [states["paused"] ?? -1],
            ]
        }
        store.event("hang_up") { $0.topStates = ["player", "paused"] }
    }

    @Test func historyDeepReentersEveryAtomicDescendantShallowOnlyTheChild() throws {
        let store = try TestStore(Self.player)
        Self.launch(store, states: ["phone"])
        // Without a remembered configuration or a default, a history state enters its parent's initial state.
        store.event("redial") { $0.topStates = ["player", "playing", "fast"] }
        store.event("slow_down") { $0.topStates = ["player", "playing", "slow"] }
        let states = store.program.screens[0].stateIndex
        let remembered = [
            states["resume"] ?? -1: [states["playing"] ?? -1], states["again"] ?? -1: [states["slow"] ?? -1],
        ]
        store.event("call") {
            $0.topStates = ["phone"]
            $0.top.history = remembered
        }
        store.event("redial") { $0.topStates = ["player", "playing", "slow"] }
        store.event("call") { $0.topStates = ["phone"] }
        // Shallow: `playing` again, but entered by default (fast), not as it was.
        store.event("hang_up") { $0.topStates = ["player", "playing", "fast"] }
    }

    @Test func executionErrorsGoToAChartThatHandlesThemInsteadOfOnError() throws {
        let store = try TestStore(
            Self.flow(
                data: "  zero: { type: int, default: 0 }",
                """
                    on_error: [{ set: { log: "log + ['on_error']" } }]
                    states:
                      idle:
                        on:
                          go: [{ set: { zero: "1 / zero" } }]
                          error: [{ goto: broken, do: [{ set: { log: "log + [event.code]" } }] }]
                      broken: {}
                """))
        Self.launch(store, states: ["idle"], data: [.int(0)])
        store.event("go") {
            $0.topStates = ["broken"]
            $0[data: "log"] = Self.log("divisionByZero")
        }
    }

    @Test func aHandEditedHistoryIsRefusedNotFollowed() throws {
        let machine = Machine(program: try Compiler.compile(SourceFile(path: "player.yaml", text: Self.player)))
        var state = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        state.layers[0].stack[0].history = [0: [99]]
        #expect(throws: StateMismatch(reason: "main remembers a history that is not its chart's")) {
            try machine.check(state)
        }
        let step = machine.step(state, .event(machine.program.event(named: "hang_up") ?? -1, payload: .null))
        #expect(step.state == state)
    }

    @Test func anEndedFlowOffersNoInputButRestart() throws {
        let machine = Machine(program: try Compiler.compile(SourceFile(path: "job.yaml", text: Self.job)))
        var state = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        let next = Input.event(machine.program.event(named: "next") ?? -1, payload: .null)
        #expect(machine.refusal(of: next, in: state) == nil)
        state = machine.step(state, next).state
        #expect(state.ended)
        #expect(machine.inputs(in: state).isEmpty)
        #expect(machine.refusal(of: next, in: state)?.reason == .ended)
        #expect(machine.refusal(of: .restart, in: state) == nil)
        #expect(machine.step(state, .restart).state.topInstance?.states.count == 2)
    }
}
