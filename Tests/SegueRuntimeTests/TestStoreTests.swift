import SegueExpression
import Testing

@testable import SegueMachine

/// The test store itself: it fails on any unexpected change, unreceived effect or unanswered call, and says where.
@Suite struct TestStoreTests {
    static let flow = """
        segue: 1
        flow: store
        start: main
        services:
          store: { kind: store }
        data:
          count: { type: int, default: 0 }
          log: { type: list<string>, default: "[]" }
        screens:
          main:
            elements:
              - button: bump
                label: Bump
                tap: [{ set: { count: "count + 1" } }]
              - button: buy
                label: Buy
                tap: [{ call: store.purchase, with: { product: "'p'" } }]
            on:
              noted: [{ set: { log: "log + ['noted']" } }]
        """

    /// Whether an issue's comment contains `text`.
    static func says(_ issue: Issue, _ text: String) -> Bool {
        issue.comments.contains { $0.rawValue.contains(text) }
    }

    /// Taps `buy`: the purchase is waiting (its effect not yet received).
    static func buy(_ store: TestStore) {
        store.tap("buy") {
            $0.pendingCalls = [$0.call(1, "store.purchase", on: 1)]
            $0.nextCall = 2
        }
    }

    static func launched(_ state: inout ExpectedState) {
        state.launched = true
        state.layers = [NavigationLayer(navigation: false, stack: [state.instance(1, "main", .root)])]
        state.data = [.int(0), .list([])]
        state.nextInstance = 2
    }

    @Test func aStepThatChangesWhatTheTestExpectsPasses() throws {
        let store = try TestStore(Self.flow)
        store.launch(trace: ["root - → main", "enter main #1"], Self.launched)
        store.tap("bump") { $0[data: "count"] = .int(1) }
        store.event("noted") { $0[data: "log"] = .list([.string("noted")]) }
    }

    @Test func aChangeTheTestDidNotExpectFailsWithTheFieldThatDiffers() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        withKnownIssue {
            store.tap("bump")
        } matching: { issue in
            Self.says(issue, "data.count: expected 0, actual 1")
        }
        withKnownIssue {
            store.tap("bump") { $0[data: "count"] = .int(3) }
        } matching: { issue in
            Self.says(issue, "data.count: expected 3, actual 2")
        }
    }

    @Test func theDiffNamesOnlyTheFieldsThatDiffer() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        var expected = store.state
        expected.data[1] = .list([.string("a")])
        expected.layers[0].stack.append(
            ScreenInstance(id: 2, screen: 0, values: [], states: [], form: .empty, transition: .show))
        let diff = StateDiff(expected: expected, actual: store.state, program: store.program)
        #expect(
            diff.lines.map(\.description) == [
                #"data.log: expected ["a"], actual []"#,
                "layers[0].stack[1]: expected {id: 2, screen: 0 (main), values: [], states: [], form.fields: [],"
                    + " form.submitted: false, transition: show, history: [:]}, actual (nothing)",
            ])
        #expect(StateDiff(expected: store.state, actual: store.state).isEmpty)
        // An int and a number that print alike are still told apart.
        var number = store.state
        number.data[0] = .number(0)
        #expect(
            StateDiff(expected: number, actual: store.state, program: store.program).lines.map(\.description) == [
                "data.count: expected 0.0, actual 0"
            ])
    }

    @Test func anEffectLeftUnreceivedFailsTheNextSendAndTheEndOfTheTest() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        let call = Effect.callService(
            id: 1, service: "store", operation: "purchase", arguments: ["product": .string("p")])
        withKnownIssue {
            Self.buy(store)
            store.tap("bump") { $0[data: "count"] = .int(1) }
        } matching: { issue in
            Self.says(issue, "1 effect(s) must be received before sending") && Self.says(issue, "\(call)")
        }
        try withKnownIssue {
            let other = try TestStore(Self.flow)
            other.launch(Self.launched)
            Self.buy(other)
        } matching: { issue in
            Self.says(issue, "1 effect(s) were never received")
        }
    }

    @Test func aReceivedCallMustBeAnswered() throws {
        try withKnownIssue {
            let store = try TestStore(Self.flow)
            store.launch(Self.launched)
            Self.buy(store)
            store.receive(
                .callService(id: 1, service: "store", operation: "purchase", arguments: ["product": .string("p")]))
        } matching: { issue in
            Self.says(issue, "#1 store.purchase")
        }
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        Self.buy(store)
        store.receive(
            .callService(id: 1, service: "store", operation: "purchase", arguments: ["product": .string("p")]))
        store.answer(1, .ok(.null), trace: ["outcome #1: ok"]) { $0.pendingCalls = [] }
    }

    @Test func aWrongEffectOrAMissingOneIsReported() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        Self.buy(store)
        withKnownIssue {
            store.receive(.openURL("https://example.org"))
        } matching: { issue in
            Self.says(issue, "the next effect differs")
        }
        withKnownIssue {
            store.receive(.openURL("https://example.org"))
        } matching: { issue in
            Self.says(issue, "no effect is waiting")
        }
        store.skipInFlightCalls()
    }

    @Test func anUnknownEventNameFailsInsteadOfSendingAnotherEvent() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        withKnownIssue {
            store.event("noted_typo")
        } matching: { issue in
            Self.says(issue, "the flow declares no event noted_typo")
        }
        #expect(store.trace == ["root - → main", "enter main #1"])

        var harness = try Harness(Self.flow)
        harness.launch()
        let before = harness.state
        withKnownIssue {
            harness.event("noted_typo")
        } matching: { issue in
            Self.says(issue, "the flow declares no event noted_typo")
        }
        #expect(harness.state == before)
    }
}
