import Testing

@testable import SegueImport

/// Small tests of our own in the W3C suite's form (a chart that ends in `pass` or `fail`), run as
/// `segue import scxml --test` runs them: each checks one construct end to end, import to runtime.
@Suite struct SuiteRunnerTests {
    static let passing = [
        "conditions", "delayed-send", "dropped-send-id", "done-dotted-id", "done-event-type", "done-never-raised",
        "error-execution", "event-collision", "event-data-on-entry", "event-fields", "external-queue", "foreach",
        "history",
        "internal-transition", "invoke-inline", "invoke-src", "invoke-srcexpr", "invoke-typeexpr", "late-binding",
        "math-and-empty-cond", "namelist-error",
        "nested-parallel-done", "parallel-done", "raise-order", "script-assignments", "script-error", "script-src",
        "send-id-renamed", "send-outlives-state", "several-initial", "several-targets", "state-collision",
        "malformed-expression",
        "string-concat", "truthiness", "typeof-and-json", "undeclared-condition",
    ]

    @Test(arguments: passing)
    func eachConstructReachesPass(_ name: String) async {
        let outcome = await SCXMLTestRunner.run(path: Fixture.root.appendingPathComponent("suite/\(name).scxml").path)
        #expect(outcome.line == "pass \(name)")
    }

    @Test func aChartThatEntersFailFails() async {
        let outcome = await SCXMLTestRunner.run(
            path: Fixture.root.appendingPathComponent("suite/reaches-fail.scxml").path)
        #expect(outcome.line == "fail reaches-fail: entered fail")
    }

    @Test func aChartThatWaitsForeverFails() async {
        let path = Fixture.root.appendingPathComponent("suite/never-settles.scxml").path
        let outcome = await SCXMLTestRunner.run(path: path)
        #expect(outcome.line == "fail never-settles: stopped in s0 with no timer pending")
    }

    @Test func anImportErrorFailsWithItsCodeAndPosition() async {
        let path = Fixture.root.appendingPathComponent("diagnostics/unsupported.scxml").path
        let outcome = await SCXMLTestRunner.run(path: path)
        #expect(
            outcome.line
                == "fail unsupported: import: I005 at 3:19: only SCXML sessions are invoked (`type=\"scxml\"`), not `http://example.com/vxml`"
        )
    }

    @Test func theDirectoryRunsInTestNumberOrder() throws {
        let names = try SCXMLTestRunner.tests(in: Fixture.root.appendingPathComponent("suite").path)
            .map { SCXMLTestRunner.testNumber($0) }
        #expect(names == names.sorted())
        #expect(Set(names) == Set(Self.passing + ["reaches-fail", "never-settles", "invoked-child"]))
        #expect(SCXMLTestRunner.testNumber("w3c/test403a.txml") == "403a")
        #expect(SCXMLTestRunner.testNumber("w3c/test144.txml") == "144")
    }

    @Test func skippedTestsAreNotRunAndSayWhy() async throws {
        let (test, reason) = ("999", "n/a: a feature Segue leaves out")
        let outcome = await SCXMLTestRunner.run(path: "/nonexistent/test\(test).txml", skipping: [test: reason])
        #expect(outcome.line == "skip \(test): \(reason)")
    }
}
