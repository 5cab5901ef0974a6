import Foundation
import SegueDiagnostics
import SegueMachine
import SegueModel
import SegueScenario

/// `segue check FLOW --scenarios DIR`: the runs of a `TransitionCover` as scenario files (`FLOW-run-N.yaml`) that
/// `segue test` passes, each ending in what the run shows (the screen and the navigation stack), `covers:` left for
/// people to fill.
public enum TransitionScenarios {
    /// What was written: the files, and how many transitions they take and leave out.
    public struct Written: Sendable {
        public var files: [String]
        /// Transitions the written runs take, and those no scenario can take.
        public var covered: Int
        public var leftOut: Int
        /// Runs that could not be written.
        public var skippedRuns: Int
    }

    /// Writes one scenario per run of the cover; a run that cannot be written (it no longer replays, or takes a
    /// step a scenario has no words for) is skipped and counted.
    public static func write(
        _ exploration: Exploration, flow: Flow, program: Program, flowPath: String, to directory: String
    ) throws -> Written {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let cover = TransitionCover(graph: exploration.graph)
        let machine = Machine(program: program)
        var files: [String] = []
        var skipped = 0
        let examples = cover.runs.map { Counterexample.replay($0, flow: flow, program: program) }
        let writable = examples.compactMap { $0 }.filter(\.isWritable)
        for example in examples {
            guard let example, example.isWritable else {
                skipped += 1
                continue
            }
            let number = files.count + 1
            let text = example.scenario(
                name: "\(program.flowID): run \(number) of \(writable.count) (segue check)",
                flowPath: CounterexampleFiles.relativePath(of: flowPath, from: directory),
                comments: [
                    "Written by `segue check --scenarios`: with the other \(program.flowID)-run-*.yaml files it takes",
                    "every transition `segue check` found that a scenario can take. Fill in `covers:`.",
                ], covers: true, expect: ScenarioWriter.shown(machine.view(of: example.state)))
            let path = PathName.appending("\(program.flowID)-run-\(number).yaml", to: directory)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        return Written(files: files, covered: cover.covered, leftOut: cover.leftOut, skippedRuns: skipped)
    }
}
