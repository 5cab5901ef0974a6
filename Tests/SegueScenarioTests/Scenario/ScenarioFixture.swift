import Foundation
import SegueDiagnostics

@testable import SegueScenario

/// Runs a few scenario steps as if written beside a seed flow's own scenarios, for tests of what scenarios check.
enum ScenarioFixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs `steps` after `launch` and `prelude` on `flow` (`donate`, `pictone`); the failure, or nil.
    static func run(_ flow: String, after prelude: [String], _ steps: String) async throws -> ScenarioFailure? {
        let lines =
            ["scenario: test", "flow: ../../\(flow).yaml", "steps:", "  - launch"]
            + prelude.map { "  - " + $0 } + [steps]
        let file = SourceFile(path: root + "/flows/scenarios/\(flow)/test.yaml", text: lines.joined(separator: "\n"))
        let scenario = try ScenarioParser.parse(file)
        return await ScenarioRunner(root: root).run(scenario).failure
    }
}
