import Foundation
import SegueCheck
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel
import SegueTestFixtures
import Testing

@testable import SegueExplore

/// Record fields nothing looks at are sampled in one shape, and screen data only an inactive nested state reads is
/// one value while the state is inactive; neither merges what a flow can tell apart (docs/check.md).
@Suite struct CheckSampleTests {
    static func load(_ text: String, path: String) throws -> (flow: Flow, program: Program) {
        let loaded = FlowLoader().load(SourceFile(path: path, text: text))
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.map(\.message))")
        let flow = try #require(loaded.flow)
        return (flow, try Compiler.compile(flow))
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func aTakesTrimNothingReadsIsSampledInOneShape() throws {
        let (flow, program) = try Self.load(try Self.text("flows/pictone.yaml"), path: "pictone.yaml")
        let sampler = OutcomeSampler(flow: flow, program: program)
        #expect(sampler.samples.unobserved.isSuperset(of: ["trim_start", "trim_end"]))
        #expect(!sampler.samples.unobserved.contains("line"))
        #expect(!sampler.samples.unobserved.contains("duration"))
        let takes = sampler.samples.values(of: "Take")
        #expect(takes.count == 1)
        guard case .record(let fields)? = takes.first else {
            Issue.record("a take is a record")
            return
        }
        #expect(fields["trim_end"] == Value.null)
    }

    @Test func aTrimTheFlowLooksAtKeepsBothShapes() throws {
        let text = try Self.text("flows/pictone.yaml")
        let trim = "visible: take_controls\n        tap: { send: trim"
        for changed in [
            // A condition reads the field by name.
            text.replacingOccurrences(
                of: trim,
                with: "visible: \"take_controls && take.trim_end == null\"\n        tap: { send: trim"),
            // A condition looks at the whole take as text.
            text.replacingOccurrences(
                of: trim,
                with: "visible: \"take_controls && string(take) != ''\"\n        tap: { send: trim"),
        ] {
            #expect(changed != text)
            let (flow, program) = try Self.load(changed, path: "pictone.yaml")
            let sampler = OutcomeSampler(flow: flow, program: program)
            #expect(!sampler.samples.unobserved.contains("trim_end"))
            #expect(sampler.samples.values(of: "Take").count == 2)
        }
    }

    @Test func aCountdownIsOneValueWhileItsStateIsInactive() throws {
        let (flow, program) = try Self.load(
            CheckFlows.text("countdown-state"), path: CheckFlows.path("countdown-state"))
        let sampler = OutcomeSampler(flow: flow, program: program)
        let launch = Machine(program: program).step(MachineState(), .launch(LaunchEnvironment()))
        let unread = UnreadData(flow: flow, outcomes: sampler, launch: launch.state)
        let main = try #require(program.screen(named: "main"))
        let counting = try #require(program.screens[main].stateIndex["counting"])
        #expect(unread.stateSlots.map { [$0.screen, $0.slot, $0.state] } == [[main, 0, counting]])
        let exploration = FlowExplorer(flow: flow, program: program).explore()
        #expect(exploration.stoppedBy == nil)
        #expect(exploration.findings.isEmpty, "\(exploration.findings.map(\.message))")
        // Idle once, whether it was stopped at 2 or 1 or counted down to 0; counting at 2 and at 1.
        #expect(exploration.graph.count == 3)
        let idle = Set(
            exploration.graph.states.compactMap { state -> Value? in
                guard let top = state.machine.topInstance, !top.states.contains(counting) else { return nil }
                return top.values[0]
            })
        #expect(idle.count == 1)
    }

    @Test func aCountdownReadOutsideItsStateOrEnteredUnsetStaysLive() throws {
        let text = CheckFlows.text("countdown-state")
        for changed in [
            // The idle screen's button shows only while some count is left.
            text.replacingOccurrences(of: "visible: state.idle", with: "visible: \"state.idle && left < 2\""),
            // `counting` is entered without setting the count first.
            text.replacingOccurrences(of: "            - set: { left: 2 }\n", with: ""),
        ] {
            #expect(changed != text)
            let (flow, program) = try Self.load(changed, path: CheckFlows.path("countdown-state"))
            let sampler = OutcomeSampler(flow: flow, program: program)
            let launch = Machine(program: program).step(MachineState(), .launch(LaunchEnvironment()))
            #expect(UnreadData(flow: flow, outcomes: sampler, launch: launch.state).stateSlots.isEmpty)
        }
        // Read outside `counting`, the count left when idle is what the user sees decide: each is its own state.
        let (flow, program) = try Self.load(
            text.replacingOccurrences(of: "visible: state.idle", with: "visible: \"state.idle && left < 2\""),
            path: CheckFlows.path("countdown-state"))
        let exploration = FlowExplorer(flow: flow, program: program).explore()
        #expect(exploration.stoppedBy == nil)
        #expect(exploration.graph.count > 3)
    }

    /// The state after taking the moves whose labels start with `labels`, one after another, from launch.
    static func walk(_ labels: [String], program: Program, moves: ExplorerMoves) throws -> CheckState {
        let machine = Machine(program: program)
        let launch = machine.step(MachineState(), .launch(LaunchEnvironment()))
        var state = CheckState(machine: MachineState(), pages: []).next(
            launch.state, canonical: launch.state, effects: launch.effects, in: program)
        for label in labels {
            let offered = moves.moves(in: state, available: machine.inputs(in: state.machine))
            let move = try #require(
                offered.first { $0.label.hasPrefix(label) }, "no `\(label)` in \(offered.map(\.label))")
            let step = machine.step(state.machine, move.input)
            state = state.next(step.state, canonical: step.state, effects: step.effects, in: program)
        }
        return state
    }

    @Test func takesTheServiceListsAreTakesOfTheScriptsLines() throws {
        let (flow, program) = try Self.load(try Self.text("flows/pictone.yaml"), path: "pictone.yaml")
        let moves = ExplorerMoves(
            machine: Machine(program: program), outcomes: OutcomeSampler(flow: flow, program: program),
            interleave: false)
        let listed = try Self.walk(
            ["wait", "tap featured", "audio.takes → ok, 1 item"], program: program, moves: moves)
        let takes = try #require(program.dataIndex["takes"])
        guard case .record(let byLine) = listed.machine.data[takes], case .record(let take)? = byLine["h1"] else {
            Issue.record("the listed take is kept under its line, h1: \(listed.machine.data[takes].literal)")
            return
        }
        #expect(Array(byLine.keys) == ["h1"])
        #expect(take["character"] == .string("Hamlet"))
        // The same take recording the first line leaves: the two ways to a take of h1 are one state.
        let recorded = try Self.walk(
            [
                "wait", "tap featured", "audio.takes → ok, 0 items", "tap mode", "tap lines[0].record", "wait",
                "wait", "wait", "audio.record → ok", "tap footer_stop", "audio.stop_recording → ok",
            ], program: program, moves: moves)
        #expect(recorded.machine.data[takes] == listed.machine.data[takes])
    }
}
