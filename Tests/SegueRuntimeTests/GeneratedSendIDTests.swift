import SegueDiagnostics
import SegueExpression
import Testing

@testable import SegueMachine

/// `send` + `id_as:` (an id generated into a variable, SCXML's `idlocation`) and `cancel_timer` + `timer:` (an id
/// computed when it runs, SCXML's `sendidexpr`).
@Suite struct GeneratedSendIDTests {
    static let delayed = """
        segue: 1
        flow: ids
        start: main
        data:
          pending: { type: string?, default: "null" }
          log: { type: list<string>, default: "[]" }
        screens:
          main:
            on_enter:
              - send: ring
                delay: 1s
                id_as: pending
              - send: ring
                delay: 2s
                id: kept
            on:
              stop: [{ cancel_timer: ~, timer: "pending" }]
              ring: [{ set: { log: "log + [current_event.sendid ?? '-']" } }]
            elements: []
        """

    /// The timer a delayed send waits on: the `occurrence`-th `send` with `delay:` in compiled order.
    static func sendTimer(
        _ id: Int, _ program: Program, occurrence: Int, deadline: ClockDuration, name: Int?, generated: String? = nil
    ) -> ScheduledTimer {
        let entries = program.code.compactMap { instruction -> Int? in
            guard case .sendLater(let operation) = instruction else { return nil }
            return operation.entry
        }
        let locals: [String: Value] = generated.map { [Runner.generatedSendID: .string($0)] } ?? [:]
        return ScheduledTimer(
            id: id, name: name, deadline: deadline, interval: nil, entry: entries[occurrence],
            frame: Frame(instance: 1, event: .record([:]), locals: locals))
    }

    /// The last data variable (the flow's log) once `yaml` has launched and its clock has moved by `span`.
    static func log(of yaml: String, after span: ClockDuration) throws -> Value? {
        let machine = Machine(program: try Harness.compile(yaml))
        let launched = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        return machine.step(launched, .advanceTime(by: span)).state.data.last
    }

    @Test func aGeneratedIdNamesTheDelayedSendForACancelComputedWhenItRuns() throws {
        let store = try TestStore(Self.delayed)
        let program = store.program
        let kept = program.timerNames.firstIndex(of: "kept")
        store.launch {
            $0.launched = true
            $0.layers = [NavigationLayer(navigation: false, stack: [$0.instance(1, "main", .root)])]
            $0.data = [.string("send.1"), .list([])]
            $0.nextInstance = 2
            // A generated id's timer is named by its negative number, which no written `id:` interns to.
            $0.timers = [
                Self.sendTimer(1, program, occurrence: 0, deadline: 1, name: -1, generated: "send.1"),
                Self.sendTimer(2, program, occurrence: 1, deadline: 2, name: kept),
            ]
            $0.nextTimer = 3
            $0.nextSend = 2
        }
        store.receive([.startTimer(id: 1, deadline: 1), .startTimer(id: 2, deadline: 2)])
        store.event("stop") {
            $0.timers.removeFirst()
            $0.currentEvent = .record([
                "name": .string("stop"), "type": .string("external"), "sendid": .null, "origin": .null,
                "origintype": .null, "invokeid": .null, "data": .null,
            ])
        }
        store.receive(.cancelTimer(id: 1))
        store.send(.advanceTime(by: 2)) {
            $0.now = 2
            $0.timers = []
            $0[data: "log"] = .list([.string("kept")])
            $0.currentEvent = .record([
                "name": .string("ring"), "type": .string("internal"), "sendid": .string("kept"), "origin": .null,
                "origintype": .null, "invokeid": .null, "data": .record([:]),
            ])
        }
    }

    @Test func aDelayedSendWithAGeneratedIdArrivesWithIt() throws {
        #expect(try Self.log(of: Self.delayed, after: 3) == .list([.string("send.1"), .string("kept")]))
    }

    @Test func idsAreGeneratedInTurnAndACancelOfNoTimerOrNotATextDoesWhatSCXMLSays() throws {
        let state = try ComputedSendTests.launched(
            """
            segue: 1
            flow: ids
            start: main
            data:
              first: { type: string?, default: "null" }
              second: { type: string?, default: "null" }
              log: { type: list<string>, default: "[]" }
            screens:
              main:
                on_enter:
                  - send: ping
                    id_as: first
                  - send: ping
                    id_as: second
                  - cancel_timer: ~
                    timer: "'send.99'"
                  - cancel_timer: ~
                    timer: "len(log)"
                  - set: { log: "log + ['not reached']" }
                on:
                  ping: [{ set: { log: "log + [current_event.sendid ?? '-']" } }]
                  error.execution: [{ set: { log: "log + [current_event.name]" } }]
                elements: []
            """)
        #expect(
            state.data == [
                .string("send.1"), .string("send.2"),
                .list([.string("send.1"), .string("send.2"), .string("error.execution")]),
            ])
    }

    @Test func aComputedCancelBesideAWrittenIdCancelsThatIdOnlyWhenItGivesNull() throws {
        let log = try Self.log(
            of: """
                segue: 1
                flow: ids
                start: main
                data:
                  chosen: { type: string?, default: "null" }
                  log: { type: list<string>, default: "[]" }
                screens:
                  main:
                    on_enter:
                      - send: ring
                        delay: 1s
                        id: a
                      - send: ring
                        delay: 1s
                        id: b
                      - send: ring
                        delay: 1s
                        id: c
                      - cancel_timer: a
                        timer: "chosen"
                      - set: { chosen: "'b'" }
                      - cancel_timer: c
                        timer: "chosen"
                    on:
                      ring: [{ set: { log: "log + [current_event.sendid ?? '-']" } }]
                    elements: []
                """, after: 1)
        #expect(log == .list([.string("c")]))
    }
}
