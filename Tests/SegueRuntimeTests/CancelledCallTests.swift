import SegueExpression
import Testing

@testable import SegueMachine

/// A pending call belongs to the screen, or the active nested state, that made it: when that goes away the
/// machine cancels the call (a `cancelCall` effect) instead of leaving it to finish for nobody.
@Suite struct CancelledCallTests {
    static let flow = """
        segue: 1
        flow: states
        start: main
        services:
          board:
            kind: api
            endpoints:
              list: { method: GET, path: /list, result: list<string> }
        screens:
          main:
            initial_state: loading
            states:
              loading:
                on_enter: [{ call: board.list }]
                on: { skip: [{ goto: idle }] }
              idle:
                on: { load: [{ call: board.list }] }
            elements:
              - button: skip
                label: Skip
                tap: { send: skip }
        """

    static func launched(_ store: TestStore) -> Int {
        let loading = store.program.screens[0].stateIndex["loading"] ?? -1
        store.launch {
            $0.launched = true
            $0.layers = [
                NavigationLayer(navigation: false, stack: [$0.instance(1, "main", .root, states: ["loading"])])
            ]
            $0.nextInstance = 2
            $0.pendingCalls = [$0.call(1, "board.list", on: 1, owner: loading)]
            $0.nextCall = 2
        }
        store.receive(.callService(id: 1, service: "board", operation: "list", arguments: [:]))
        return loading
    }

    @Test func aStatesCallIsCancelledWhenTheStateExits() throws {
        let store = try TestStore(Self.flow)
        _ = Self.launched(store)
        store.tap("skip") {
            $0.pendingCalls = []
            $0.topStates = ["idle"]
        }
        store.receive(.cancelCall(id: 1, service: "board", operation: "list"))
        #expect(store.trace.contains("call #1 board.list cancelled: its state loading was exited"))
        // The outcome that still comes finds nobody waiting: no branch runs.
        store.answer(1, .ok(.list([])), trace: ["dropped outcome #1: no call #1 is waiting"])
    }
}
