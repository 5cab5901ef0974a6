import Foundation
import SegueExpression
import Testing

@testable import SegueMachine

/// Typed variables: defaults, `from_defaults`, `persist: true` and restart.
@Suite struct DataTests {
    static let flow = """
        segue: 1
        flow: data
        start: main
        services:
          defaults: { kind: defaults }
        data:
          purchased: { type: string?, persist: true }
          has_entry: { type: bool, default: false, persist: true }
          user_id: { type: string?, from_defaults: MatimatikProfileID }
          page: { type: int, default: 1 }
          next_page: { type: int, default: "page + 1" }
        screens:
          main:
            data:
              local: { type: int, default: "next_page * 10" }
            elements:
              - button: buy
                label: Buy
                tap: [{ set: { purchased: "'donate.small'", page: 5, local: "local + 1" } }]
        """

    /// The state right after a launch with `defaults`: defaults in declaration order, `user_id` read from them.
    static func launched(defaults: [String: Value], persisted: [String: Value] = [:], purchased: Value = .null)
        -> (inout ExpectedState) -> Void
    {
        { state in
            state.launched = true
            state.layers = [
                NavigationLayer(navigation: false, stack: [state.instance(1, "main", .root, values: [.int(20)])])
            ]
            state.data = [purchased, .bool(false), defaults["MatimatikProfileID"] ?? .null, .int(1), .int(2)]
            state.nextInstance = 2
            state.environment = LaunchEnvironment(persisted: persisted, defaults: defaults)
        }
    }

    @Test func defaultsAreEvaluatedInOrderAndDefaultsKeysReadAtLaunch() throws {
        let store = try TestStore(Self.flow)
        #expect(store.program.defaultsService == "defaults")
        let defaults: [String: Value] = ["MatimatikProfileID": .string("test-user")]
        store.launch(defaults: defaults, Self.launched(defaults: defaults))
    }

    @Test func persistedValuesAreSavedWhenTheyChangeAndRestoredAtLaunch() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched(defaults: [:]))
        store.tap("buy") {
            $0[data: "purchased"] = .string("donate.small")
            $0[data: "page"] = .int(5)
            $0[top: "local"] = .int(21)
        }
        store.receive(.persist(name: "purchased", value: .string("donate.small")))
        // The same value again is not saved again.
        store.tap("buy") { $0[top: "local"] = .int(22) }

        // Only `persist: true` variables are restored.
        let persisted: [String: Value] = ["purchased": .string("donate.small"), "page": .int(9)]
        let relaunched = try TestStore(Self.flow)
        relaunched.launch(
            persisted: persisted, Self.launched(defaults: [:], persisted: persisted, purchased: .string("donate.small"))
        )
    }

    @Test func restartLosesEverythingButPersistedData() throws {
        let store = try TestStore(Self.flow)
        let defaults: [String: Value] = ["MatimatikProfileID": .string("u1")]
        store.launch(defaults: defaults, Self.launched(defaults: defaults))
        store.tap("buy") {
            $0[data: "purchased"] = .string("donate.small")
            $0[data: "page"] = .int(5)
            $0[top: "local"] = .int(21)
        }
        store.receive(.persist(name: "purchased", value: .string("donate.small")))
        store.send(.restart) {
            $0.state = MachineState()
            // What persists is kept for the relaunch.
            let persisted: [String: Value] = ["purchased": .string("donate.small"), "has_entry": .bool(false)]
            Self.launched(defaults: defaults, persisted: persisted, purchased: .string("donate.small"))(&$0)
        }
        #expect(store.trace.first == "restart: everything but persisted data is lost")
    }

    @Test func stateIsCodableAndRoundTrips() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("buy")
        let data = try JSONEncoder().encode(harness.state)
        #expect(try JSONDecoder().decode(MachineState.self, from: data) == harness.state)
    }
}

/// A state saved from another flow is refused, not run out of bounds.
@Suite struct StateCheckTests {
    @Test func aStateFromAnotherFlowIsIgnoredWithTheReason() throws {
        var other = try Harness(NavigationTests.flow, unchecked: true)
        other.launch()
        other.tap("open")
        var harness = try Harness(DataTests.flow)
        let step = harness.send(.back)
        #expect(step.trace == [.ignored(what: "back", reason: "the flow has not been launched")])
        let foreign = harness.machine.step(other.state, .back)
        #expect(foreign.state == other.state)
        #expect(
            foreign.trace.map(\.description) == [
                "ignored back: the state does not belong to this program: 1 flow variables, the flow has 5"
            ])
    }

    @Test func aStatePointingAtAMissingScreenIsRefused() throws {
        var harness = try Harness(DataTests.flow)
        harness.launch()
        var broken = harness.state
        broken.layers[0].stack[0].screen = 7
        #expect(throws: StateMismatch(reason: "screen #7 does not exist")) { try harness.machine.check(broken) }
        #expect(harness.machine.step(broken, .back).state == broken)
    }
}
