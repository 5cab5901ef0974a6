import SegueDiagnostics
import SegueExpression
import Testing

@testable import SegueMachine

/// `send` + `target:` and `processor:` computed when sent (SCXML's `targetexpr`, `typeexpr`), and the errors SCXML
/// raises for a send that cannot go.
@Suite struct SendTargetTests {
    /// A chart that logs each event it takes as `name type origin`.
    static func logging(_ onEnter: String, data: String = "") -> String {
        """
        segue: 1
        flow: targets
        start: main
        data:
          log: { type: list<string>, default: "[]" }
        \(data)
        screens:
          main:
            states:
              idle:
                on_enter:
        \(onEnter)
                on:
                  "*":
                    - do:
                        - set:
                            log: "log + [current_event.name + ' ' + current_event.type + ' ' + (current_event.sendid ?? '-') + ' ' + (current_event.origin ?? '-')]"
            elements: []
        """
    }

    @Test func theInternalTargetQueuesAheadOfThisSessionsOwnAddress() throws {
        let store = try TestStore(
            Self.logging(
                """
                          - send: outer
                            target: "'#_scxml_' + session.id"
                          - send: inner
                            target: "'#_internal'"
                            type: external
                """))
        store.launch {
            $0.launched = true
            $0.layers = [NavigationLayer(navigation: false, stack: [$0.instance(1, "main", .root, states: ["idle"])])]
            // `#_internal` went to the internal queue despite `type: external`; the session's own address to the
            // external one, with where a reply goes.
            $0.data = [.list([.string("inner internal - -"), .string("outer external - #_scxml_1")])]
            $0.nextInstance = 2
            $0.currentEvent = .record([
                "name": .string("outer"), "type": .string("external"), "sendid": .null,
                "origin": .string("#_scxml_1"),
                "origintype": .string("http://www.w3.org/TR/scxml/#SCXMLEventProcessor"), "invokeid": .null,
                "data": .record([:]),
            ])
        }
    }

    @Test func aNullTargetSendsAsTypeSays() throws {
        let state = try ComputedSendTests.launched(
            Self.logging(
                """
                          - send: later
                            target: "nowhere"
                            type: external
                          - send: sooner
                            target: "nowhere"
                """, data: "  nowhere: { type: string?, default: \"null\" }"))
        #expect(state.data.first == .list([.string("sooner internal - -"), .string("later external - #_scxml_1")]))
    }

    @Test func anotherSessionRaisesErrorCommunicationAndAnythingElseErrorExecutionNamingTheSend() throws {
        let state = try ComputedSendTests.launched(
            """
            segue: 1
            flow: targets
            start: main
            data:
              log: { type: list<string>, default: "[]" }
            screens:
              main:
                on_enter:
                  - send: ping
                    target: "'#_scxml_' + 'other'"
                    id: first
                  - set: { log: "log + ['the screen went on']" }
                states:
                  idle:
                    on_enter:
                      - send: ping
                        target: "'baz'"
                        id: second
                      - set: { log: "log + ['the state went on']" }
                    on:
                      error:
                        - do:
                            - set: { log: "log + [current_event.name + ' ' + current_event.sendid + ' ' + event.code]" }
                      ping: [{ do: [{ set: { log: "log + ['sent']" } }] }]
                elements: []
            """)
        // Each failed send stopped its own block; the error names the send, and nothing reached `ping`.
        #expect(
            state.data.first
                == .list([
                    .string("error.communication first communication"), .string("error.execution second execution"),
                ]
                ))
    }

    @Test func onlyScxmlsOwnProcessorCarriesAnEvent() throws {
        let state = try ComputedSendTests.launched(
            Self.logging(
                """
                          - send: by_uri
                            processor: "'http://www.w3.org/TR/scxml/#SCXMLEventProcessor'"
                          - send: by_name
                            processor: "'scxml'"
                          - send: by_null
                            processor: "null"
                          - send: by_other
                            processor: "'http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor'"
                          - send: never
                """))
        #expect(
            state.data.first
                == .list([
                    .string("by_uri internal - -"), .string("by_name internal - -"), .string("by_null internal - -"),
                    .string("error.execution platform - -"),
                ]))
    }

    @Test func aFailedSendNoStateTakesGoesToOnErrorWithItsId() throws {
        let state = try ComputedSendTests.launched(
            """
            segue: 1
            flow: targets
            start: main
            data:
              log: { type: list<string>, default: "[]" }
            on_error: [{ set: { log: "log + [error.service + ' ' + error.code + ' ' + (error.sendid ?? '-')]" } }]
            screens:
              main:
                on_enter:
                  - send: ping
                    target: "'#_scxml_elsewhere'"
                    id: first
                states:
                  idle:
                    on_enter:
                      - send: ping
                        target: "'baz'"
                on:
                  ping: [{ set: { log: "log + ['sent']" } }]
                elements: []
            """)
        // `error.sendid` names the send with an `id:`; the one without has none.
        #expect(state.data.first == .list([.string("send communication first"), .string("send execution -")]))
        #expect(state.alert == nil)
    }
}
