import SegueExpression
import Testing

@testable import SegueRuntime

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

    @Test func callSuspendsTheListUntilItsOutcomeThenContinues() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("buy")
        #expect(harness.calls == [#"store.purchase({product: "donate.small"})"#])
        #expect(harness.data("steps") == .list([.string("before")]))
        #expect(harness.state.pendingCalls.map(\.id) == [1])
        harness.answer(.ok(.record(["product": .string("donate.small"), "transaction_id": .string("t1")])))
        #expect(harness.data("steps") == .list(["before", "ok donate.small", "after"].map(Value.string)))
        #expect(
            harness.state.alert == AlertState(image: "done", title: "Отлично", message: "Покупка успешно произведена"))
        #expect(harness.state.pendingCalls.isEmpty)
        // `as: bought` stored the whole result, and `bought` persists.
        #expect(
            harness.last.effects == [
                .persist(
                    name: "bought",
                    value: .record(["product": .string("donate.small"), "transaction_id": .string("t1")]))
            ])
    }

    @Test func anErrorCodeTakesItsCodeBranch() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("buy")
        harness.answer(.error(ServiceError(service: "store", code: "11", message: "Недостаточно средств")))
        #expect(harness.data("steps") == .list(["before", "funds", "after"].map(Value.string)))
        #expect(harness.trace.first == "outcome #1: code 11")
    }

    @Test func cancelledWithAnEmptyBranchContinuesQuietly() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("buy")
        harness.answer(.cancelled)
        #expect(harness.data("steps") == .list(["before", "after"].map(Value.string)))
        #expect(harness.state.alert == nil)
    }

    @Test func anUnhandledErrorGoesToTheScreensOnErrorAndTheListStops() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("buy")
        harness.answer(.error(ServiceError(service: "store", code: "network", message: "Нет сети")))
        #expect(harness.data("steps") == .list([.string("before")]))
        #expect(harness.state.alert == AlertState(image: "error", title: "Screen handler", message: "Нет сети"))
        #expect(harness.trace.contains("error \"Нет сети\" → on_error of shop"))
    }

    @Test func withoutAnyHandlerTheDefaultAlertShowsTheMessage() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("leave")
        harness.tap("fail")
        harness.answer(.error(ServiceError(service: "store", code: "network", message: "Нет сети")))
        #expect(harness.state.alert == AlertState(image: "error", title: "Error", message: "Нет сети"))
        #expect(harness.trace.last == "alert \"Error\"")
    }

    @Test func aLateOutcomeForAScreenThatIsGoneIsDropped() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("leave")
        harness.tap("fail")
        harness.send(.back)
        let before = harness.state
        harness.answer(.ok(.null))
        #expect(harness.trace == ["dropped outcome #1: the screen that called store.purchase is gone"])
        var expected = before
        expected.pendingCalls = []
        #expect(harness.state == expected)
    }

    @Test func anOutcomeForAnUnknownCallIsDropped() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let before = harness.state
        harness.send(.outcome(call: 42, .ok(.null)))
        #expect(harness.state == before)
        #expect(harness.trace == ["dropped outcome #42: no call #42 is waiting"])
    }

    @Test func cancelledWithoutABranchEndsTheList() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("unguarded")
        harness.answer(.cancelled)
        #expect(harness.data("steps") == .list([]))
        #expect(harness.trace == ["outcome #1: cancelled: no `cancelled` branch, the action list ends"])
    }

    @Test func anEmptyOkTakesTheBranchOfACodeDeclaredEmpty() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("refresh")
        harness.answer(.ok(.null))
        #expect(harness.data("latest") == .list([]))
        #expect(harness.trace.first == "outcome #1: code 00 (empty)")
    }

    @Test func aRunTimeExpressionErrorIsRoutedWithItsPosition() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("divide")
        #expect(harness.data("steps") == .list([]))
        let message = try #require(harness.state.alert?.message)
        #expect(harness.state.alert?.title == "Screen handler")
        #expect(message.hasPrefix("division by zero in `steps + [string(1 / 0)]` at test.yaml:"))
    }
}
