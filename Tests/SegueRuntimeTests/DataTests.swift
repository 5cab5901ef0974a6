import Foundation
import SegueExpression
import Testing

@testable import SegueRuntime

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

    @Test func defaultsAreEvaluatedInOrderAndDefaultsKeysReadAtLaunch() throws {
        var harness = try Harness(Self.flow)
        harness.launch(defaults: ["MatimatikProfileID": .string("test-user")])
        #expect(harness.program.defaultsService == "defaults")
        #expect(
            harness.state.data == [.null, .bool(false), .string("test-user"), .int(1), .int(2)])
        #expect(harness.state.topInstance?.values == [.int(20)])
    }

    @Test func persistedValuesAreSavedWhenTheyChangeAndRestoredAtLaunch() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("buy")
        #expect(harness.last.effects == [.persist(name: "purchased", value: .string("donate.small"))])
        #expect(harness.state.topInstance?.values == [.int(21)])
        harness.tap("buy")
        #expect(harness.last.effects == [])

        var relaunched = try Harness(Self.flow)
        relaunched.launch(persisted: ["purchased": .string("donate.small"), "page": .int(9)])
        #expect(relaunched.data("purchased") == .string("donate.small"))
        // Only `persist: true` variables are restored.
        #expect(relaunched.data("page") == .int(1))
    }

    @Test func restartLosesEverythingButPersistedData() throws {
        var harness = try Harness(Self.flow)
        harness.launch(defaults: ["MatimatikProfileID": .string("u1")])
        harness.tap("buy")
        harness.send(.restart)
        #expect(harness.data("purchased") == .string("donate.small"))
        #expect(harness.data("page") == .int(1))
        #expect(harness.data("user_id") == .string("u1"))
        #expect(harness.stack == [["main"]])
        #expect(harness.state.topInstance?.id == 1)
        #expect(harness.trace.first == "restart: everything but persisted data is lost")
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
        var other = try Harness(NavigationTests.flow)
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
