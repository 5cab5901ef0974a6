import SegueDiagnostics
import SegueExpression
import Testing

@testable import SegueMachine

/// `current_event` (SCXML's `_event`), `session`, and `send` with `type: external` (SCXML's external queue).
@Suite struct CurrentEventTests {
    static let flow = """
        segue: 1
        flow: watch
        title: Watch
        start: main
        data:
          log: { type: list<string>, default: "[]" }
          before: { type: bool, default: false }
          who: { type: string, default: "''" }
        screens:
          main:
            states:
              idle:
                on_enter:
                  - set: { before: "current_event == null", who: "session.name + '/' + session.id" }
                  - send: pong
                    type: external
                    id: p1
                  - send: ping
                on:
                  ping: [{ do: [{ set: { log: "log + [current_event.name + ':' + current_event.type]" } }] }]
                  pong:
                    - goto: done
                      do:
                        - set:
                            log: "log + [current_event.type + ':' + (current_event.sendid ?? '-') + ':' + (current_event.origin ?? '-')]"
              done:
                on_enter: [{ set: { log: "log + ['entered after ' + current_event.name]" } }]
            elements: []
        """

    /// A flow of one screen, `main`, from its `flow:`, `data:` and `screens:` lines.
    static func compile(_ body: String) throws -> Program {
        try Compiler.compile(SourceFile(path: "t.yaml", text: "segue: 1\nstart: main\n" + body))
    }

    static func pong(_ origin: String = "#_scxml_1") -> Value {
        .record([
            "name": .string("pong"), "type": .string("external"), "sendid": .string("p1"), "origin": .string(origin),
            "origintype": .string("http://www.w3.org/TR/scxml/#SCXMLEventProcessor"), "invokeid": .null,
            "data": .record([:]),
        ])
    }

    @Test func anExternalSendWaitsForTheInternalQueueAndItsEventStaysBoundThroughTheEntries() throws {
        let store = try TestStore(Self.flow)
        store.launch {
            $0.launched = true
            $0.layers = [NavigationLayer(navigation: false, stack: [$0.instance(1, "main", .root, states: ["done"])])]
            // Sent first, pong still comes after ping: it waits until the internal queue is empty.
            $0.data = [
                .list([.string("ping:internal"), .string("external:p1:#_scxml_1"), .string("entered after pong")]),
                .bool(true), .string("Watch/1"),
            ]
            $0.nextInstance = 2
            $0.currentEvent = Self.pong()
        }
    }

    @Test func anEventFromOutsideIsExternalWithoutOriginOrSendID() throws {
        let program = try Self.compile(
            """
            flow: outside
            data:
              seen: { type: string, default: "''" }
            screens:
              main:
                on:
                  knock:
                    - do:
                        - set:
                            seen: "current_event.type + ':' + (current_event.sendid ?? '-') + ':' + (current_event.origin ?? '-') + ':' + session.name + '/' + session.id"
                elements: []
            """)
        let machine = Machine(program: program)
        var step = machine.step(MachineState(), .launch(LaunchEnvironment(sessionID: "s-7")))
        let knock = try #require(program.eventIndex["knock"])
        step = machine.step(step.state, .event(knock, payload: .record(["n": .int(1)])))
        #expect(step.state.data == [.string("external:-:-:outside/s-7")])
        #expect(step.state.currentEvent["data"] == .record(["n": .int(1)]))
        #expect(step.state.currentEvent["name"] == .string("knock"))
    }

    /// An error is the platform's event; a state's completion is raised on the internal queue (`internal`, as Qt
    /// SCXML reads it).
    @Test func errorsArePlatformEventsAndCompletionIsInternal() throws {
        let program = try Self.compile(
            """
            flow: platform
            data:
              log: { type: list<string>, default: "[]" }
              zero: { type: int, default: 0 }
            screens:
              main:
                states:
                  broken:
                    on_enter: [{ set: { zero: "1 / zero" } }]
                    on:
                      error: [{ goto: parent, do: [{ set: { log: "log + [current_event.name + ':' + current_event.type]" } }] }]
                  parent:
                    states:
                      inner: { on: { finish: [{ goto: end }] } }
                      end: { final: true }
                    on:
                      done.state.parent: [{ do: [{ set: { log: "log + [current_event.name + ':' + current_event.type]" } }] }]
                elements: []
            """)
        let machine = Machine(program: program)
        var step = machine.step(MachineState(), .launch(LaunchEnvironment()))
        let finish = try #require(program.eventIndex["finish"])
        step = machine.step(step.state, .event(finish, payload: .null))
        #expect(
            step.state.data.first
                == .list([.string("error.execution:platform"), .string("done.state.parent:internal")]))
    }

    @Test func aHandEditedExternalEventIsRefusedNotDispatched() throws {
        let machine = Machine(program: try Compiler.compile(SourceFile(path: "t.yaml", text: Self.flow)))
        var state = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        state.externalQueue = [RaisedEvent(event: 99, payload: .null, instance: 1, kind: .external)]
        #expect(throws: StateMismatch(reason: "queued external event #99 does not exist")) {
            try machine.check(state)
        }
    }

    @Test func aFlowThatNeverReadsItKeepsNoCurrentEvent() throws {
        // Exploration and hashing then see the same states as before the name existed.
        let program = try Self.compile(
            """
            flow: quiet
            data:
              n: { type: int, default: 0 }
            screens:
              main:
                on:
                  knock: [{ do: [{ send: again, type: external }] }]
                  again: [{ do: [{ set: { n: "n + 1" } }] }]
                elements: []
            """)
        #expect(!program.readsCurrentEvent)
        let machine = Machine(program: program)
        var step = machine.step(MachineState(), .launch(LaunchEnvironment()))
        step = machine.step(step.state, .event(try #require(program.eventIndex["knock"]), payload: .null))
        #expect(step.state.data == [.int(1)])
        #expect(step.state.currentEvent == .null)
        #expect(step.state.externalQueue.isEmpty)
    }
}
