import SegueDiagnostics
import SegueExpression
import Testing

@testable import SegueMachine

/// `initial_do:`, the initial transition's actions (SCXML's `<initial>` content): after the state's own `on_enter`,
/// before its initial child's, and only when the state is entered by default.
@Suite struct InitialActionsTests {
    static let chart = """
        segue: 1
        flow: initial
        start: main
        data:
          log: { type: list<string>, default: "[]" }
        screens:
          main:
            states:
              outer:
                on_enter: [{ set: { log: "log + ['enter outer']" } }]
                initial_do: [{ set: { log: "log + ['initial of outer']" } }]
                initial: first
                states:
                  first:
                    on_enter: [{ set: { log: "log + ['enter first']" } }]
                  second:
                    on_enter: [{ set: { log: "log + ['enter second']" } }]
                    on:
                      restart: [{ goto: outer }]
                  back:
                    history: shallow
                    default:
                      goto: second
                      do: [{ set: { log: "log + ['history default']" } }]
                on:
                  direct: [{ goto: away, do: [{ set: { log: "[]" } }] }]
                  again: [{ goto: away, do: [{ set: { log: "[]" } }] }]
              away:
                on:
                  direct: [{ goto: second }]
                  again: [{ goto: outer }]
            elements: []
        """

    static func log(after events: [String], chart: String = chart) throws -> Value? {
        let program = try Harness.compile(chart)
        let machine = Machine(program: program)
        var state = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        for name in events {
            guard let event = program.event(named: name) else { return nil }
            state = machine.step(state, .event(event, payload: .null)).state
        }
        return state.data.first
    }

    @Test func theyRunAfterTheStatesOnEnterAndBeforeItsChildsAtLaunchAndOnAGotoToIt() throws {
        let expected: Value = .list([.string("enter outer"), .string("initial of outer"), .string("enter first")])
        #expect(try Self.log(after: []) == expected)
        #expect(try Self.log(after: ["again", "again"]) == expected)
    }

    @Test func aTargetInsideTheStateIsNoDefaultEntryAndRunsNone() throws {
        #expect(try Self.log(after: ["direct", "direct"]) == .list([.string("enter outer"), .string("enter second")]))
    }

    @Test func theyRunBeforeAHistoryDefaultOfTheSameState() throws {
        let throughHistory = Self.chart.replacingOccurrences(of: "initial: first", with: "initial: back")
        #expect(
            try Self.log(after: [], chart: throughHistory)
                == .list([
                    .string("enter outer"), .string("initial of outer"), .string("history default"),
                    .string("enter second"),
                ]))
        // Left and re-entered by one transition from inside: the history remembers `second`, so only the initial
        // transition's actions run again (the entry set is computed after the exits, as SCXML's is).
        #expect(
            try Self.log(after: ["restart"], chart: throughHistory)
                == .list([
                    .string("enter outer"), .string("initial of outer"), .string("history default"),
                    .string("enter second"), .string("enter outer"), .string("initial of outer"),
                    .string("enter second"),
                ]))
    }
}
