import SegueDiagnostics
import SegueExpression
import Testing

@testable import SegueMachine

/// `send:` + `event:`, the event's name computed when sent (SCXML's `eventexpr`).
@Suite struct ComputedSendTests {
    /// The machine state after launching `text`.
    static func launched(_ text: String) throws -> MachineState {
        let program = try Compiler.compile(SourceFile(path: "t.yaml", text: text))
        return Machine(program: program).step(MachineState(), .launch(LaunchEnvironment())).state
    }

    @Test func theNameIsReadWhenSentAndANameNoStateTakesIsDropped() throws {
        let store = try TestStore(
            """
            segue: 1
            flow: computed
            start: main
            data:
              next: { type: string, default: "'second'" }
              log: { type: list<string>, default: "[]" }
            screens:
              main:
                states:
                  idle:
                    on_enter:
                      - set: { next: "'ping'" }
                      - send:
                        event: "next"
                        with: { n: "'one'" }
                      - send:
                        event: "'nobody_' + next"
                    on:
                      ping: [{ goto: done, do: [{ set: { log: "log + [current_event.name + ':' + event.n]" } }] }]
                      second: [{ goto: wrong }]
                  done: {}
                  wrong: {}
                elements: []
            """)
        store.launch {
            $0.launched = true
            // `next` was `ping` when sent, not its initial `second`; `nobody_ping` was dropped without an error.
            $0.layers = [NavigationLayer(navigation: false, stack: [$0.instance(1, "main", .root, states: ["done"])])]
            $0.data = [.string("ping"), .list([.string("ping:one")])]
            $0.nextInstance = 2
            $0.currentEvent = .record([
                "name": .string("ping"), "type": .string("internal"), "sendid": .null, "origin": .null,
                "origintype": .null, "invokeid": .null, "data": .record(["n": .string("one")]),
            ])
        }
    }

    @Test func aComputedNameThatIsNotATextRaisesErrorExecution() throws {
        let state = try Self.launched(
            """
            segue: 1
            flow: computed
            start: main
            data:
              names: { type: list<string>, default: "[]" }
              log: { type: list<string>, default: "[]" }
            screens:
              main:
                states:
                  idle:
                    on_enter:
                      - send:
                        event: "names[0]"
                    on:
                      error: [{ goto: failed, do: [{ set: { log: "log + [current_event.name]" } }] }]
                  failed: {}
                elements: []
            """)
        #expect(state.data.last == .list([.string("error.execution")]))
    }

    @Test func aNullNameSendsTheNameSendGivesAndNothingElse() throws {
        let state = try Self.launched(
            """
            segue: 1
            flow: computed
            start: main
            data:
              chosen: { type: string?, default: "null" }
              log: { type: list<string>, default: "[]" }
            screens:
              main:
                states:
                  idle:
                    on_enter:
                      - send: usual
                        event: "chosen"
                      - set: { chosen: "'special'" }
                      - send: usual
                        event: "chosen"
                    on:
                      usual: [{ do: [{ set: { log: "log + [current_event.name]" } }] }]
                      special: [{ do: [{ set: { log: "log + [current_event.name]" } }] }]
                elements: []
            """)
        #expect(state.data.last == .list([.string("usual"), .string("special")]))
    }
}
