import Foundation
import SegueDiagnostics
import SegueMachine
import SegueModel

/// `segue check --trace-out DIR`: each finding with a run as a REPL trace (`FLOW-CODE-N.trace.json`, which
/// `load` restores into the broken state) and, for a broken invariant, a scenario (`FLOW-CODE-N.yaml`) that fails at
/// the step that breaks it until the bug is fixed.
public enum CounterexampleFiles {
    /// Writes the files and returns their paths; a run that no longer replays (it should always) is skipped.
    public static func write(
        _ findings: [CheckFinding], flow: Flow, program: Program, flowPath: String, to directory: String
    ) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [String] = []
        var counts: [String: Int] = [:]
        for finding in findings where !finding.path.isEmpty {
            guard let example = Counterexample.replay(finding.path, flow: flow, program: program) else { continue }
            let code = finding.code.rawValue
            counts[code, default: 0] += 1
            let base = PathName.appending("\(program.flowID)-\(code)-\(counts[code] ?? 1)", to: directory)
            let trace = base + ".trace.json"
            try example.replTrace(flowID: program.flowID).encoded().write(to: URL(fileURLWithPath: trace))
            written.append(trace)
            guard finding.code == .invariantBroken || finding.code == .propertyUnevaluable else { continue }
            let scenario = base + ".yaml"
            let text = example.scenario(
                name: "\(code): \(finding.message)", flowPath: relativePath(of: flowPath, from: directory),
                notes: finding.path.enumerated().map { "\($0.offset + 1). \($0.element)" })
            try Data(text.utf8).write(to: URL(fileURLWithPath: scenario))
            written.append(scenario)
        }
        return written
    }

    /// `path` as seen from `directory`, both taken from the current directory.
    static func relativePath(of path: String, from directory: String) -> String {
        let target = PathName.components(of: PathName.absolute(path))
        let base = PathName.components(of: PathName.absolute(directory))
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }
}
