import Foundation
import SegueExpression
import Testing

@testable import SegueMachine

/// The fast, untraced dispatch path (`MachineDriver`) ends in exactly the state the traced `Machine.step` does, and
/// the active-state set behaves as the sorted list it stands for.
@Suite struct DispatchTests {
    static let ring = """
        segue: 1
        flow: ring
        start: s0
        screens:
          s0:
            on:
              next: [{ replace: s1 }]
              back: [{ replace: s2 }]
          s1:
            on:
              next: [{ replace: s2 }]
              back: [{ replace: s0 }]
          s2:
            on:
              next: [{ replace: s0 }]
              back: [{ replace: s1 }]
        """

    /// A chart with hooks, a timer and parallel regions: the per-state path runs for these.
    static let hooked = """
        segue: 1
        flow: hooked
        start: main
        data:
          log: { type: list<string>, default: "[]" }
        screens:
          main:
            initial_state: a
            on:
              next: [{ goto: b2 }]
              back: [{ goto: a }]
            states:
              a:
                on_exit: [{ set: { log: "log + ['a out']" } }]
              b:
                initial: b1
                states:
                  b1: {}
                  b2:
                    on_enter:
                      - set: { log: "log + ['b2 in']" }
                      - after: 5s
                        do: [{ set: { log: "log + ['tick']" } }]
        """

    func drive(_ yaml: String, _ names: [String]) throws -> (stepped: MachineState, driven: MachineState) {
        let machine = Machine(program: try Harness.compile(yaml))
        let launched = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        var stepped = launched
        var driver = MachineDriver(machine: machine, state: launched)
        for name in names {
            let input = Input.event(try #require(machine.program.event(named: name)), payload: .null)
            stepped = machine.step(stepped, input).state
            driver.apply(input)
        }
        return (stepped, driver.state)
    }

    @Test func theDriverEndsWhereStepEndsOnARing() throws {
        let (stepped, driven) = try drive(Self.ring, ["next", "next", "back", "next", "next"])
        #expect(driven == stepped)
        #expect(driven.hashValue == stepped.hashValue)
        #expect(Set([driven, stepped]).count == 1)
        #expect(driven.topInstance?.screen == 0)
        #expect(driven.topInstance?.id == 6)
        #expect(driven.topInstance?.transition == .replace)
    }

    @Test func theDriverRunsHooksAndTimersLikeStep() throws {
        let (stepped, driven) = try drive(Self.hooked, ["next", "back", "next"])
        #expect(driven == stepped)
        #expect(driven.hashValue == stepped.hashValue)
        #expect(driven.data[0] == .list([.string("a out"), .string("b2 in"), .string("a out"), .string("b2 in")]))
        // b, b2 active; `back` cancelled the first timer when b2 exited.
        #expect(driven.topInstance?.states == [1, 3])
        #expect(driven.timers.count == 1)
    }

    @Test func theDriverMatchesStepOnTheDeepChart() throws {
        var yaml = "segue: 1\nflow: deep\nstart: n0\nscreens:\n  n0:\n    initial_state: n1\n"
        yaml += "    on:\n      next: [{ goto: n3b }]\n      back: [{ goto: n3a }]\n    states:\n"
        yaml += "      n1:\n        initial: n2\n        states:\n          n2:\n            initial: n3a\n"
        yaml += "            states:\n              n3a: {}\n              n3b: {}\n"
        let (stepped, driven) = try drive(yaml, ["next", "next", "back", "next"])
        #expect(driven == stepped)
        #expect(driven.topInstance?.states == [0, 1, 3])
    }

    @Test func aStateWithANestedStateTheScreenLacksIsRefused() throws {
        let machine = Machine(program: try Harness.compile(Self.hooked))
        var state = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        state.layers[0].stack[0].states = [0, 4]
        #expect(throws: StateMismatch(reason: "main has no such nested state")) { try machine.check(state) }
        state.layers[0].stack[0].states = [1, 3]
        #expect(throws: Never.self) { try machine.check(state) }
    }

    @Test func aStateSetIteratesInAscendingOrderAcrossItsWord() {
        var set = StateSet([70, 3, -2, 0, 63, 64])
        #expect(Array(set) == [-2, 0, 3, 63, 64, 70])
        #expect(set.descending == [70, 64, 63, 3, 0, -2])
        #expect(set.count == 6)
        let again = set.insert(3)
        let added = set.insert(5)
        let removed = set.remove(70)
        let removedTwice = set.remove(70)
        #expect(!again && added && removed && !removedTwice)
        set.remove(-2)
        set.remove(64)
        #expect(set.outside == nil)
        #expect(Array(set) == [0, 3, 5, 63])
        #expect(set == StateSet([63, 5, 3, 0]))
        #expect(set.isWithin(64) && !set.isWithin(63) && StateSet([2]).isWithin(3) && !StateSet([3]).isWithin(3))
        #expect(!StateSet([-1]).isWithin(3) && !StateSet([70]).isWithin(70) && StateSet([70]).isWithin(71))
    }

    @Test func anInstanceEncodesItsStatesAsASortedList() throws {
        let instance = ScreenInstance(
            id: 7, screen: 2, values: [.int(1)], states: [65, 4, 1], form: FormState(), transition: .show)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(instance), as: UTF8.self)
        #expect(
            text
                == #"{"form":{"fields":[],"submitted":false},"id":7,"screen":2,"states":[1,4,65],"transition":"show","values":[1]}"#
        )
        let decoded = try JSONDecoder().decode(ScreenInstance.self, from: Data(text.utf8))
        #expect(decoded == instance)
        #expect(decoded.states == [1, 4, 65])
    }
}
