import SegueCheck
import SegueDiagnostics
import Testing

/// What a handler's `when:` or an `if:` proves not null holds in the actions it guards (no C204 or C205 there),
/// until an action may change it.
@Suite struct NarrowingTests {
    func nullWarnings(_ text: String) -> [String] {
        FlowLoader().load(SourceFile(path: "t.yaml", text: text)).diagnostics
            .filter { ["C204", "C205"].contains($0.code) }.map { "\($0.range.start.line) \($0.code)" }
    }

    static let flow = """
        segue: 1
        flow: t
        start: main
        data:
          countdown: { type: int?, persist: true }
          name: { type: string?, persist: true }
        services:
          board: { kind: api, endpoints: { list: { method: GET, path: /list, result: any } } }
        screens:
          main:
            elements:
              - button: go
                label: Go
                tap:
                  - if: "countdown != null"
                    then: [{ alert: { title: "${countdown - 1} left" } }]
                    else: [{ alert: { title: "${countdown - 2} left" } }]
                  - send: tick
            on:
              tick:
                - when: "countdown != null && name != null"
                  do:
                    - alert: { title: "Hi ${name}, ${countdown * 2} left" }
                    - call: board.list
                      ok: [{ alert: { title: "${countdown * 3} left" } }]
                      error: []
                    - alert: { title: "${countdown * 4} left" }
                - do:
                    - alert: { title: "${countdown * 5} left" }
              tock:
                - when: "countdown != null"
                  do:
                    - set: { name: "'a'" }
                    - alert: { title: "${countdown * 6} left" }
                    - set: { countdown: "null" }
                    - alert: { title: "${countdown * 7} left" }
        """

    @Test func aGuardNarrowsTheActionsItGuardsUntilSomethingMayChangeIt() {
        #expect(
            nullWarnings(Self.flow) == [
                // `else`: countdown is null there.
                "17 C205",
                // A call's branch runs later; so does the rest of its list.
                "25 C205", "27 C205",
                // An alternative without the guard.
                "29 C205",
                // After `countdown` is set.
                "36 C205",
            ])
    }
}
