import Foundation
import SegueTestFixtures
import Testing

/// The built `segue-bench`, beside `segue`.
private let benchExecutable: String? = segueExecutable.map {
    URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("segue-bench").path
}.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }

/// `segue-bench startup` times the binaries it is given and builds nothing.
@Suite(.enabled(if: benchExecutable != nil, "segue-bench is not built next to the tests"))
struct StartupBenchmarkTests {
    @Test func itReportsTheMedianStartOfEachBinaryAsOneJSONLine() throws {
        let segue = segueExecutable ?? ""
        let result = try run(
            benchExecutable ?? "", ["startup", "--json", "--runs", "3", "--static", segue, "--dynamic", segue],
            in: repository)
        #expect(result.status == 0, "\(result.output)")
        let line = result.output.split(separator: "\n").last.map(String.init) ?? ""
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Double])
        #expect(
            Set(figures.keys) == [
                "runs", "validate_ms", "validate_cpu_ms", "help_ms", "dynamic_validate_ms", "dynamic_validate_cpu_ms",
                "dynamic_help_ms",
            ])
        #expect(figures["runs"] == 3)
        // A start of a real process takes time; a figure of zero would mean nothing was measured.
        for key in ["validate_ms", "help_ms", "dynamic_validate_ms"] { #expect((figures[key] ?? 0) > 0.1, "\(key)") }
    }

    @Test func withNoBinaryItSaysHowToBuildOneAndExitsTwo() throws {
        let result = try run(
            benchExecutable ?? "", ["startup", "--static", "/no/such/segue", "--dynamic", "/no/such/segue-too"],
            in: repository)
        #expect(result.status == 2)
        #expect(result.output.contains("no static build at /no/such/segue"))
        #expect(result.output.contains("swift build -c release --static-swift-stdlib --scratch-path .build/static"))
    }

    @Test func aBinaryThatFailsIsNotTimed() throws {
        let result = try run(
            benchExecutable ?? "",
            ["startup", "--runs", "1", "--static", segueExecutable ?? "", "--flow", "no/such.yaml"],
            in: repository)
        #expect(result.status == 2)
        #expect(result.output.contains("could not be started"))
    }

    /// Every suite reads its command line one way: an unknown option, a missing value or a bad number is exit 2 with
    /// the suite's usage, before anything is measured.
    @Test(arguments: [
        (["audio", "--minuets", "1"], "segue-bench audio: unknown option --minuets"),
        (["audio", "--runs", "0"], "segue-bench audio: --runs needs a positive whole number"),
        (["dispatch", "--shape", "ring_7"], "segue-bench dispatch: --shape needs ring_1000, ring_10000, nested_d8"),
        (["lsp", "--edits"], "segue-bench lsp: --edits needs a value"),
        (["check", "--fast"], "segue-bench check: unknown option --fast"),
        (["load", "--screens", "10"], "segue-bench load: --screens goes with --stage"),
        (["startup", "--runs", "many"], "segue-bench startup: --runs needs a positive whole number"),
    ])
    func aMisusedCommandLineNamesTheProblemAndTheUsage(arguments: [String], message: String) throws {
        let result = try run(benchExecutable ?? "", arguments, in: repository)
        #expect(result.status == 2)
        #expect(result.output.hasPrefix(message), "\(result.output)")
        #expect(result.output.contains("usage: segue-bench \(arguments[0]) [--json]"), "\(result.output)")
    }
}
