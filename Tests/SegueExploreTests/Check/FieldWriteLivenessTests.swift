import SegueCheck
import SegueDiagnostics
import SegueMachine
import SegueModel
import Testing

@testable import SegueExplore

/// `set: { person.name: … }` reads what `person` holds (a null there fails), so `segue check` never treats a
/// variable written by field as dead data it may store at one value.
@Suite struct FieldWriteLivenessTests {
    static func flow(rename: String) -> String {
        """
        segue: 1
        flow: t
        start: main
        types:
          Person:
            name: string
        data:
          person: { type: Person?, default: "null" }
        screens:
          main:
            elements:
              - button: fill
                label: Fill
                tap: [{ set: { person: "{name: 'A'}" } }]
              - button: rename
                label: Rename
                tap: [{ set: { \(rename) } }]
        """
    }

    static func unreadFlowData(_ text: String) throws -> [String] {
        let loaded = FlowLoader().load(SourceFile(path: "t.yaml", text: text))
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.map(\.message))")
        let flow = try #require(loaded.flow)
        let program = try Compiler.compile(flow)
        let launch = Machine(program: program).step(MachineState(), .launch(LaunchEnvironment()))
        let unread = UnreadData(
            flow: flow, outcomes: OutcomeSampler(flow: flow, program: program), launch: launch.state)
        return unread.flowSlots.map { program.data[$0].name }
    }

    @Test func dataWrittenByFieldStaysLive() throws {
        // Written whole only, nothing reads it: one stored value.
        #expect(try Self.unreadFlowData(Self.flow(rename: "person: \"{name: 'B'}\"")) == ["person"])
        // Written by field: whether it is null decides whether `rename` fails, so every value is kept.
        #expect(try Self.unreadFlowData(Self.flow(rename: "person.name: \"'B'\"")) == [])
    }
}
