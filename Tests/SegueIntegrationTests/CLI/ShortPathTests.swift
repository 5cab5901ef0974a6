import Foundation
import SegueTestFixtures
import Testing

/// One-letter file names run from their own folder: Foundation's `deletingLastPathComponent` trapped (SIGILL) on
/// `f`, so `segue validate f` on a flow with imports crashed, and `render`, `test` and a scenario's `files: [a]` too.
@Suite(.enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"))
struct ShortPathTests {
    static let flow = """
        segue: 1
        flow: short
        start: main
        imports: [l]
        screens:
          main:
            elements:
              - use: card
        """
    static let library = "segue: 1\ncomponents:\n  card:\n    elements: [{ text: t, value: Hello }]\n"

    /// A fresh folder holding `files`, removed after `body` ran with it.
    private func inFolder(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        try inTemporaryFolder(files, body)
    }

    private func segue(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        try run(segueExecutable ?? "", arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    @Test func validateReadsTheImportsOfAOneLetterFlow() throws {
        try inFolder(["f": Self.flow, "l": Self.library]) { folder in
            let result = try segue(["validate", "f"], in: folder)
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("1 flow file checked: 0 errors, 0 warnings"), "\(result.output)")
        }
    }

    @Test func aMissingImportOfAOneLetterFlowIsNamedBesideIt() throws {
        try inFolder(["f": Self.flow.replacingOccurrences(of: "[l]", with: "[m]")]) { folder in
            let result = try segue(["validate", "f"], in: folder)
            #expect(result.status == 1, "\(result.output)")
            #expect(result.output.contains("f:4:11: error[M008]: cannot import `m`"), "\(result.output)")
            #expect(result.output.contains("imports are read relative to the importing file: `m`"), "\(result.output)")
        }
    }

    @Test func testRunsAOneLetterScenarioOfAOneLetterFlowWithAOneLetterFilesPattern() throws {
        let scenario = """
            scenario: short names
            flow: f
            steps:
              - launch
              - expect: { screen: main, files: { "a": { exists: false } } }
            """
        try inFolder(["f": Self.flow, "l": Self.library, "s": scenario]) { folder in
            let result = try segue(["test", "s"], in: folder)
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("1 passed, 0 failed"), "\(result.output)")
        }
    }

    @Test func renderDrawsAOneLetterFlow() throws {
        try inFolder(["f": Self.flow, "l": Self.library]) { folder in
            let result = try segue(["render", "f", "--out", "o"], in: folder)
            #expect(result.status == 0, "\(result.output)")
            let svg = try String(contentsOf: folder.appendingPathComponent("o/main.svg"), encoding: .utf8)
            #expect(svg.contains("Hello"))
        }
    }
}
