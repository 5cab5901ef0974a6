import Foundation
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
}
