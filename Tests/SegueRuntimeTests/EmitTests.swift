import SegueExpression
import Testing

@testable import SegueMachine

/// `emit:` sends an output event out of the machine as an effect; no screen handles it and nothing else changes.
@Suite struct EmitTests {
    static let flow = """
        segue: 1
        flow: emits
        start: main
        data:
          count: { type: int, default: 0 }
        screens:
          main:
            elements:
              - button: buy
                label: Buy
                tap:
                  - set: { count: "count + 1" }
                  - emit: purchase_completed
                    with: { product: "'donate.small'", times: count }
              - button: broken
                label: Broken
                tap:
                  - emit: never_sent
                    with: { part: "[1, 2][count + 5]" }
                  - set: { count: 100 }
        """

    static func launched(_ state: inout ExpectedState) {
        state.launched = true
        state.layers = [NavigationLayer(navigation: false, stack: [state.instance(1, "main", .root)])]
        state.data = [.int(0)]
        state.nextInstance = 2
    }

    @Test func anOutputEventLeavesAsAnEffectWithItsPayloadEvaluatedInOrder() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        store.tap("buy", trace: ["main: set", "main: emit"]) { $0[data: "count"] = .int(1) }
        store.receive(
            .emit(event: "purchase_completed", payload: ["product": .string("donate.small"), "times": .int(1)]))
        store.tap("buy", trace: ["main: set", "main: emit"]) { $0[data: "count"] = .int(2) }
        store.receive(
            .emit(event: "purchase_completed", payload: ["product": .string("donate.small"), "times": .int(2)]))
    }

    @Test func aPayloadThatFailsToEvaluateEmitsNothingAndStopsTheList() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        // The error goes to the default alert; the list stops at the emit (`count` stays 0), and no effect is sent.
        store.tap("broken") {
            $0.alert = AlertState(
                image: "error", title: "Error",
                message: "index 5 is out of range for a list of 2 items in `[1, 2][count + 5]` at test.yaml:19:27")
        }
    }
}
