import Foundation
import SegueDriver
import SegueExpression
import SegueMachine
import SegueModel
import SegueScenario

/// A finding's run replayed from launch with the inputs the explorer chose, on the states as the machine makes them
/// (ids not renumbered), so it can be written as a REPL trace that loads into the broken state and as a scenario
/// that takes the same steps (`segue check --trace-out DIR`).
///
///     let example = try #require(Counterexample.replay(finding.path, flow: flow, program: program))
///     example.scenario(name: "lost purchase", flowPath: "../flows/shop.yaml")
public struct Counterexample: Sendable {
    /// The steps after launch, as the explorer named and took them.
    var steps: [InputSampler.Move]
    /// For each step that answers a call, the step that started the call (-1: the launch), else nil.
    var starters: [Int?]
    /// The state the run ends in.
    public var state: MachineState

    /// Replays `path` (launch first, as `CheckFinding.path`); nil when a step is no longer offered (the flow changed).
    public static func replay(_ path: [String], flow: Flow, program: Program) -> Counterexample? {
        let machine = Machine(program: program)
        // Every input offered, so a run found with or without `--interleave` replays.
        let moves = ExplorerMoves(
            machine: machine, outcomes: OutcomeSampler(flow: flow, program: program), interleave: true)
        let launch = machine.step(MachineState(), .launch(LaunchEnvironment()))
        var current = CheckState(machine: MachineState(), pages: []).next(
            launch.state, canonical: launch.state, effects: launch.effects, in: program)
        var startedBy: [Int: Int] = [:]
        for case .callService(let id, _, _, _) in launch.effects { startedBy[id] = -1 }
        var example = Counterexample(steps: [], starters: [], state: launch.state)
        for label in path.dropFirst() {
            let offered = moves.moves(in: current, available: machine.inputs(in: current.machine))
            guard let move = offered.first(where: { $0.label == label }) else { return nil }
            let step = machine.step(current.machine, move.input)
            if case .outcome(let call, _) = move.input {
                example.starters.append(startedBy[call])
            } else {
                example.starters.append(nil)
            }
            // A call an answer starts is scripted where the answered call was: the session answers both in one go.
            let origin = example.starters.last.flatMap { $0 } ?? example.steps.count
            for case .callService(let id, _, _, _) in step.effects { startedBy[id] = origin }
            example.steps.append(move)
            current = current.next(step.state, canonical: step.state, effects: step.effects, in: program)
        }
        example.state = current.machine
        return example
    }

    /// A REPL trace that `load` restores into the broken state (docs/check.md, "Counterexamples").
    public func replTrace(flowID: String) -> ReplTrace {
        ReplTrace(
            segueRepl: 1, flow: flowID, device: DeviceProfile.standard.name, commands: [], launch: state, final: state)
    }

    /// A scenario taking the run's steps, each call's outcome scripted with `next:` before the step that makes it.
    public func scenario(name: String, flowPath: String, notes: [String]) -> String {
        scenario(
            name: name, flowPath: flowPath,
            comments: ["Written by `segue check --trace-out`: fails until the bug is fixed."] + notes)
    }

    /// Whether every step can be written in a scenario (a picker option that is not a text cannot).
    var isWritable: Bool {
        steps.allSatisfy { move in
            if case .outcome = move.input { return true }
            return move.step != nil
        }
    }

    /// The scenario text: `comments` on top, `covers:` left empty when `covers` is set, `expect` as its last step.
    func scenario(
        name: String, flowPath: String, comments: [String], covers: Bool = false, expect: [String: Value]? = nil
    ) -> String {
        var before = [[UserStep]](repeating: [], count: steps.count + 1)
        var main = [UserStep?](repeating: nil, count: steps.count)
        for (index, move) in steps.enumerated() {
            if case .outcome = move.input {
                if let step = move.step { before[(starters[index] ?? index) + 1].append(step) }
            } else {
                main[index] = move.step
            }
        }
        var writer = ScenarioWriter(name: name, flowPath: flowPath, comments: comments, emptyCovers: covers)
        before[0].forEach { writer.step($0) }
        writer.launch()
        for index in steps.indices {
            before[index + 1].forEach { writer.step($0) }
            if let step = main[index] { writer.step(step) }
        }
        if let expect { writer.expect(expect) }
        return writer.text
    }
}
