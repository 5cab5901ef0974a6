import SegueExpression
import SegueModel
import Testing

@testable import SegueMachine

/// `invoke:` (docs/semantics.md rule 12): a child chart run as its own session inside the parent's steps.
@Suite struct InvocationTests {
    /// A parent whose `waiting` state invokes `worker` (which reports `ready`, waits for `go`, and ends with
    /// `job * 2`) and whose `ticking` state invokes `ticker` (which sends `tick` every second it lives).
    static let flow = """
        segue: 1
        flow: parent
        start: main
        data:
          result: { type: int, default: 0 }
          ticks: { type: int, default: 0 }
          readies: { type: int, default: 0 }
          from: { type: string, default: "''" }
        screens:
          main:
            states:
              waiting:
                invoke:
                  id: worker
                  with: { job: 21 }
                  finalize: [{ set: { readies: "readies + 1" } }]
                  chart:
                    segue: 1
                    flow: worker
                    start: chart
                    data: { job: { type: int, default: 0 } }
                    screens:
                      chart:
                        states:
                          busy:
                            on_enter: [{ send: ready, to: parent }]
                            on: { go: [{ goto: finished }] }
                          finished: { final: true, done_data: "{ result: job * 2 }" }
                on:
                  ready: [{ set: { from: "current_event.invokeid ?? ''" } }]
                  start: [{ send: go, to: worker }]
                  done.invoke.worker: [{ set: { result: "event.result" } }, { goto: ticking }]
              ticking:
                invoke:
                  id: ticker
                  autoforward: true
                  chart:
                    segue: 1
                    flow: ticker
                    start: chart
                    screens:
                      chart:
                        states:
                          counting:
                            on_enter: [{ every: 1s, do: [{ send: tick, to: parent }] }]
                            on: { echo: [{ send: echoed, to: parent }] }
                on:
                  tick: [{ set: { ticks: "ticks + 1" } }]
                  echoed: [{ set: { from: "'echo'" } }]
                  echo: [{ emit: echo_seen }]
                  leave: [{ goto: left }]
              left: {}
            elements: []
        """

    static func launched() throws -> (Machine, Step) {
        let machine = Machine(program: try Harness.compile(flow))
        return (machine, machine.step(MachineState(), .launch(LaunchEnvironment())))
    }

    static func data(_ step: Step, _ machine: Machine, _ name: String) -> Value? {
        machine.program.dataIndex[name].map { step.state.data[$0] }
    }

    static func active(_ step: Step, _ machine: Machine) -> [String] {
        let states = machine.program.screens[0].states
        return step.state.topInstance?.states.map { states[$0].name } ?? []
    }

    @Test func theChildStartsAfterTheMacrostepAndItsEventsCarryItsInvokeID() throws {
        let (machine, step) = try Self.launched()
        #expect(step.state.sessions.map(\.invokeID) == ["worker"])
        #expect(step.state.sessions.first?.state.environment.sessionID == "1.1")
        #expect(Self.data(step, machine, "from") == .string("worker"))
        // `finalize` ran once, before `ready` was handled.
        #expect(Self.data(step, machine, "readies") == .int(1))
        #expect(step.trace.contains(.sessionStarted(id: "worker")))
        #expect(step.trace.contains(.session(id: "worker", entry: .stateEntered(screen: "chart", state: "busy"))))
    }

    @Test func theChildsEndRaisesDoneInvokeWithItsDoneDataThenTheNextStateInvokes() throws {
        let (machine, launched) = try Self.launched()
        let step = machine.step(
            launched.state, .event(try #require(machine.program.event(named: "start")), payload: .null))
        #expect(Self.data(step, machine, "result") == .int(42))
        #expect(Self.data(step, machine, "readies") == .int(2))
        #expect(Self.active(step, machine) == ["ticking"])
        #expect(step.state.sessions.map(\.invokeID) == ["ticker"])
        // The ticker's timer is one timer of the parent's on a real clock: `-serial` at its next deadline.
        #expect(step.effects.contains(.startTimer(id: -2, deadline: ClockDuration(seconds: 1))))
        #expect(step.trace.contains(.sessionEnded(id: "worker", cancelled: false)))
    }

    @Test func theChildsTimersRunOnTheParentsClockSteppedOrReal() throws {
        let (machine, launched) = try Self.launched()
        let ticking = machine.step(
            launched.state, .event(try #require(machine.program.event(named: "start")), payload: .null))
        let stepped = machine.step(ticking.state, .advanceTime(by: ClockDuration(seconds: 3)))
        #expect(Self.data(stepped, machine, "ticks") == .int(3))
        let real = machine.step(ticking.state, .timerFired(id: -2))
        #expect(Self.data(real, machine, "ticks") == .int(1))
        #expect(real.effects == [.startTimer(id: -2, deadline: ClockDuration(seconds: 2))])
    }

    @Test func autoforwardSendsTheParentsExternalEventsOnToTheChild() throws {
        let (machine, launched) = try Self.launched()
        let ticking = machine.step(
            launched.state, .event(try #require(machine.program.event(named: "start")), payload: .null))
        let echo = try #require(machine.program.event(named: "echo"))
        let step = machine.step(ticking.state, .event(echo, payload: .null))
        #expect(Self.data(step, machine, "from") == .string("echo"))
        #expect(step.effects.contains(.emit(event: "echo_seen", payload: [:])))
    }

    @Test func exitingTheInvokingStateCancelsTheSessionAndItsTimers() throws {
        let (machine, launched) = try Self.launched()
        let ticking = machine.step(
            launched.state, .event(try #require(machine.program.event(named: "start")), payload: .null))
        let left = machine.step(
            ticking.state, .event(try #require(machine.program.event(named: "leave")), payload: .null))
        #expect(left.state.sessions.isEmpty)
        #expect(left.effects.contains(.cancelTimer(id: -2)))
        #expect(left.trace.contains(.sessionEnded(id: "ticker", cancelled: true)))
        let later = machine.step(left.state, .advanceTime(by: ClockDuration(seconds: 5)))
        #expect(Self.data(later, machine, "ticks") == .int(0))
    }

    /// `when:` is read as the session would start: false starts none; one that fails starts none and raises.
    @Test func whenDecidesWhetherTheSessionStarts() throws {
        for (condition, note) in [
            ("readies == 0", nil), ("readies > 0", "invoke worker: not started, `when` does not hold"),
            ("1 / 0 == 0", "invoke worker: not started, `when` failed"),
        ] {
            let guarded = Self.flow.replacingOccurrences(
                of: "  id: worker\n", with: "  id: worker\n          when: \"\(condition)\"\n")
            let machine = Machine(program: try Harness.compile(guarded))
            let step = machine.step(MachineState(), .launch(LaunchEnvironment()))
            #expect(step.state.sessions.map(\.invokeID) == (note == nil ? ["worker"] : []), "\(condition)")
            if let note { #expect(step.trace.contains(.note(note)), "\(step.trace)") }
        }
    }

    @Test func aSendToParentFromAFlowNobodyInvokedIsIgnored() throws {
        let machine = Machine(
            program: try Harness.compile(
                """
                segue: 1
                flow: alone
                start: main
                screens:
                  main:
                    on_enter: [{ send: hello, to: parent }]
                    elements: []
                """))
        let step = machine.step(MachineState(), .launch(LaunchEnvironment()))
        #expect(step.trace.contains(.ignored(what: "hello", reason: "this chart was not invoked: it has no parent")))
    }
}
