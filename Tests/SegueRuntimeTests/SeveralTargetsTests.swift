import SegueExpression
import Testing

@testable import SegueMachine

/// A transition with several targets (`goto: [a2, b2]`, SCXML's `target="a2 b2"`): docs/semantics.md rules 4 and 6
/// computed over every target.
@Suite struct SeveralTargetsTests {
    /// `x`, then `outer` holding a history state `h` and a parallel `p` of three regions; `go` from `x` takes
    /// `transition`, and from `a1` takes `inner`.
    static func chart(
        initial: String = "x", transition: String = "{ goto: h }", inner: String = "{ goto: a1 }",
        history: String = "{ history: deep }"
    ) -> String {
        StatechartSemanticsTests.flow(
            """
                initial_state: \(initial)
                states:
                  x:
                    on_exit: [{ set: { log: "log + ['x out']" } }]
                    on: { go: [\(transition)] }
                  outer:
                    states:
                      h: \(history)
                      p:
                        parallel: true
                        on_enter: [{ set: { log: "log + ['p in']" } }]
                        on_exit: [{ set: { log: "log + ['p out']" } }]
                        states:
                          a:
                            states:
                              a1: { on: { go: [\(inner)] } }
                              a2: { on_enter: [{ set: { log: "log + ['a2 in']" } }] }
                          b:
                            states:
                              b1: { on_enter: [{ set: { log: "log + ['b1 in']" } }] }
                              b2: { on_enter: [{ set: { log: "log + ['b2 in']" } }] }
                          c:
                            states:
                              c1: { on_enter: [{ set: { log: "log + ['c1 in']" } }] }
                              c2: {}
            """)
    }

    @Test func eachTargetEntersWithItsAncestorsAndARegionWithoutOneByDefault() throws {
        let store = try TestStore(
            Self.chart(transition: "{ goto: [b2, a2], do: [{ set: { log: \"log + ['t']\" } }] }"))
        StatechartSemanticsTests.launch(store, states: ["x"])
        store.event("go") {
            $0.topStates = ["outer", "p", "a", "a2", "b", "b2", "c", "c1"]
            // Entered in document order, whatever order the targets are written in; b1 is never entered.
            $0[data: "log"] = StatechartSemanticsTests.log("x out", "t", "p in", "a2 in", "b2 in", "c1 in")
        }
    }

    @Test func theDomainContainsEveryTarget() throws {
        let store = try TestStore(Self.chart(initial: "a1", inner: "{ goto: [a2, b2] }"))
        StatechartSemanticsTests.launch(
            store, states: ["outer", "p", "a", "a1", "b", "b1", "c", "c1"],
            log: StatechartSemanticsTests.log("p in", "b1 in", "c1 in"))
        // a2 alone would stay inside region a; with b2 the domain is outer, so p exits and enters again.
        store.event("go") {
            $0.topStates = ["outer", "p", "a", "a2", "b", "b2", "c", "c1"]
            $0[data: "log"] = StatechartSemanticsTests.log(
                "p in", "b1 in", "c1 in", "p out", "p in", "a2 in", "b2 in", "c1 in")
        }
    }

    @Test func aHistoryDefaultEntersEachOfItsTargets() throws {
        let store = try TestStore(Self.chart(history: "{ history: deep, default: { goto: [a2, b2] } }"))
        StatechartSemanticsTests.launch(store, states: ["x"])
        store.event("go") {
            $0.topStates = ["outer", "p", "a", "a2", "b", "b2", "c", "c1"]
            $0[data: "log"] = StatechartSemanticsTests.log("x out", "p in", "a2 in", "b2 in", "c1 in")
        }
    }
}
