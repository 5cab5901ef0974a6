import Foundation
import SegueDiagnostics
import SegueFrontEnd
import Testing

/// A custom service's outcomes file (`fixture:`) is read with the flow: its problems are C004 at their line and
/// column in that file, shown with its own lines; operations and `when` arguments must be the service's.
@Suite struct ServiceOutcomesFileTests {
    static let flow = """
        segue: 1
        flow: f
        start: main
        services:
          library:
            kind: custom
            fixture: library.outcomes.yaml
            operations:
              search: { parameters: { query: string }, result: "list<string>" }
        screens:
          main:
            elements:
              - text: hello
                value: Hi
        """

    /// Diagnostics of the flow with `outcomes` as its outcomes file, as `CODE line:col message` in that file.
    static func problems(_ outcomes: String) throws -> (lines: [String], rendered: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-outcomes-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(flow.utf8).write(to: directory.appendingPathComponent("flow.yaml"))
        try Data(outcomes.utf8).write(to: directory.appendingPathComponent("library.outcomes.yaml"))
        let parsed = FrontEnd().read(path: directory.appendingPathComponent("flow.yaml").path)
        let lines = parsed.diagnostics.map {
            "\(($0.range.path as NSString).lastPathComponent):\($0.range.start.line):\($0.range.start.column) "
                + "\($0.code) \($0.message)"
        }
        let rendered = DiagnosticRenderer(format: .human, sources: parsed.sources).render(parsed.diagnostics)
        return (lines, rendered)
    }

    @Test func aGoodFileHasNoProblems() throws {
        #expect(
            try Self.problems("search:\n  - when: { query: swift }\n    ok: [a]\n    after: 2s\n  - ok: []\n").lines
                == [])
    }

    @Test func aBadOutcomeIsReportedWhereItIsWrittenInTheFile() throws {
        let (lines, rendered) = try Self.problems(
            "search:\n  - ok: [a]\n    error: { code: x }\n  - after: soon\n    ok: []\n")
        #expect(
            lines == [
                "library.outcomes.yaml:3:5 C004 an outcome of `search` has exactly one of `ok`, `error`, `cancelled` (found 2)",
                "library.outcomes.yaml:4:12 C004 `after` is a duration on the flow's clock: `1.5s`, `300ms` or a number of seconds",
            ])
        #expect(rendered.contains("4 |   - after: soon\n"), "\(rendered)")
    }

    @Test func operationsAndArgumentsAreTheServicesOwn() throws {
        let lines = try Self.problems("serch:\n  - ok: []\nsearch:\n  - when: { title: x }\n    ok: []\n").lines
        #expect(
            lines == [
                "library.outcomes.yaml:1:1 C004 service `library` declares no operation `serch`; did you mean `search`?",
                "library.outcomes.yaml:4:5 C004 `when` names `title`, which is no parameter of `library.search` (parameters: query)",
            ])
    }
}
