import SegueExpression
import Testing

@testable import SegueMachine

/// `call` suspends its list; outcomes pick branches; errors climb to `on_error` and the default alert.
@Suite struct CallTests {
    static let flow = """
        segue: 1
        flow: calls
        start: shop
        services:
          store: { kind: store }
          board:
            kind: api
            codes:
              "00": { outcome: empty, meaning: no records }
              "10": { outcome: ok, meaning: success }
              "11": { outcome: error, meaning: insufficient funds }
            endpoints:
              list: { method: GET, path: /list, result: list<string> }
        data:
          bought: { type: string?, persist: true }
          steps: { type: list<string>, default: "[]" }
          latest: { type: list<string>, default: "['old']" }
        screens:
          shop:
            navigation: true
            on_error:
              - alert: { image: error, title: Screen handler, message: "${error.message}" }
            elements:
              - button: buy
                label: Buy
                tap:
                  - set: { steps: "steps + ['before']" }
                  - call: store.purchase
                    with: { product: "'donate.small'" }
                    as: bought
                    ok:
                      - set: { steps: "steps + ['ok ' + result.product]" }
                      - alert: { image: done, title: Отлично, message: Покупка успешно произведена }
                    codes:
                      "11": [{ set: { steps: "steps + ['funds']" } }]
                    cancelled: []
                  - set: { steps: "steps + ['after']" }
              - button: unguarded
                label: Unguarded
                tap:
                  - call: store.purchase
                    with: { product: "'x'" }
                  - set: { steps: "steps + ['after']" }
              - button: refresh
                label: Refresh
                tap:
                  - call: board.list
                    ok: [{ set: { latest: result } }]
                    codes:
                      "00": [{ set: { latest: "[]" } }]
              - button: divide
                label: Divide
                tap: [{ set: { steps: "steps + [string(1 / 0)]" } }]
              - button: leave
                label: Leave
                tap: { show: other }
          other:
            elements:
              - button: fail
                label: Fail
                tap: [{ call: store.purchase, with: { product: "'y'" } }]
        """

    /// The state right after launch: `shop` in a navigation controller, nothing bought.
    static func launched(_ state: inout ExpectedState) {
        state.launched = true
        state.layers = [NavigationLayer(navigation: true, stack: [state.instance(1, "shop", .root)])]
        state.data = [.null, .list([]), .list([.string("old")])]
        state.nextInstance = 2
    }

    static func steps(_ names: String...) -> Value { .list(names.map(Value.string)) }

    /// Taps `buy`: `before` is logged and the purchase is asked for.
    static func buy(_ store: TestStore) {
        store.tap("buy") {
            $0[data: "steps"] = steps("before")
            $0.pendingCalls = [$0.call(1, "store.purchase", on: 1)]
            $0.nextCall = 2
        }
        store.receive(
            .callService(
                id: 1, service: "store", operation: "purchase", arguments: ["product": .string("donate.small")]))
    }

    /// Pushes `other` and taps its `fail` button, whose purchase has no handler.
    static func leaveAndFail(_ store: TestStore) {
        store.tap("leave") {
            $0.layers[0].stack.append($0.instance(2, "other", .show))
            $0.nextInstance = 3
        }
        store.tap("fail") {
            $0.pendingCalls = [$0.call(1, "store.purchase", on: 2, occurrence: 2)]
            $0.nextCall = 2
        }
        store.receive(
            .callService(id: 1, service: "store", operation: "purchase", arguments: ["product": .string("y")]))
    }

    @Test func callSuspendsTheListUntilItsOutcomeThenContinues() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.buy(store)
        let purchase = Value.record(["product": .string("donate.small"), "transaction_id": .string("t1")])
        store.answer(1, .ok(purchase)) {
            $0[data: "steps"] = Self.steps("before", "ok donate.small", "after")
            // `as: bought` stored the whole result, and `bought` persists.
            $0[data: "bought"] = purchase
            $0.alert = AlertState(image: "done", title: "Отлично", message: "Покупка успешно произведена")
            $0.pendingCalls = []
        }
        store.receive(.persist(name: "bought", value: purchase))
    }

    @Test func anErrorCodeTakesItsCodeBranch() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.buy(store)
        store.answer(1, .error(ServiceError(service: "store", code: "11", message: "Недостаточно средств"))) {
            $0[data: "steps"] = Self.steps("before", "funds", "after")
            $0.pendingCalls = []
        }
        #expect(store.trace.first == "outcome #1: code 11")
    }

    @Test func cancelledWithAnEmptyBranchContinuesQuietly() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.buy(store)
        store.answer(1, .cancelled) {
            $0[data: "steps"] = Self.steps("before", "after")
            $0.pendingCalls = []
        }
    }

    @Test func anUnhandledErrorGoesToTheScreensOnErrorAndTheListStops() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.buy(store)
        store.answer(1, .error(ServiceError(service: "store", code: "network", message: "Нет сети"))) {
            $0.alert = AlertState(image: "error", title: "Screen handler", message: "Нет сети")
            $0.pendingCalls = []
        }
        #expect(store.trace.contains("error \"Нет сети\" → on_error of shop"))
    }

    @Test func withoutAnyHandlerTheDefaultAlertShowsTheMessage() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.leaveAndFail(store)
        store.answer(1, .error(ServiceError(service: "store", code: "network", message: "Нет сети"))) {
            $0.alert = AlertState(image: "error", title: "Error", message: "Нет сети")
            $0.pendingCalls = []
        }
        #expect(store.trace.last == "alert \"Error\"")
    }

    @Test func aCallWhoseScreenGoesAwayIsCancelledAndItsLateOutcomeDropped() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        Self.leaveAndFail(store)
        store.send(.back) {
            $0.layers[0].stack.removeLast()
            $0.pendingCalls = []
        }
        store.receive(.cancelCall(id: 1, service: "store", operation: "purchase"))
        #expect(
            store.trace.contains(
                "call #1 store.purchase cancelled: its screen is gone (an app cannot cancel a purchase: the store "
                    + "finishes it, the flow does not hear of it)"))
        store.answer(1, .ok(.null), trace: ["dropped outcome #1: no call #1 is waiting"])
    }

    @Test func anOutcomeForAnUnknownCallIsDropped() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        store.send(.outcome(call: 42, .ok(.null)), trace: ["dropped outcome #42: no call #42 is waiting"])
    }

    @Test func cancelledWithoutABranchEndsTheList() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        store.tap("unguarded") {
            $0.pendingCalls = [$0.call(1, "store.purchase", on: 1, occurrence: 1)]
            $0.nextCall = 2
        }
        store.receive(
            .callService(id: 1, service: "store", operation: "purchase", arguments: ["product": .string("x")]))
        store.answer(1, .cancelled, trace: ["outcome #1: cancelled: no `cancelled` branch, the action list ends"]) {
            $0.pendingCalls = []
        }
    }

    @Test func anEmptyOkTakesTheBranchOfACodeDeclaredEmpty() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        store.tap("refresh") {
            $0.pendingCalls = [$0.call(1, "board.list", on: 1)]
            $0.nextCall = 2
        }
        store.receive(.callService(id: 1, service: "board", operation: "list", arguments: [:]))
        store.answer(1, .ok(.null)) {
            $0[data: "latest"] = .list([])
            $0.pendingCalls = []
        }
        #expect(store.trace.first == "outcome #1: code 00 (empty)")
    }

    @Test func aRunTimeExpressionErrorIsRoutedWithItsPosition() throws {
        let store = try TestStore(Self.flow, unchecked: true)
        store.launch(Self.launched)
        store.tap("divide") {
            $0.alert = AlertState(
                image: "error", title: "Screen handler",
                message: "division by zero in `steps + [string(1 / 0)]` at test.yaml:53:31")
        }
    }
}
