import Foundation
import SegueTestFixtures
import Testing

private let strace: String? = ["/usr/bin/strace", "/bin/strace"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// Commands that never wait start no threads: Swift concurrency's pool costs every CI step's start-up.
@Suite(
    .enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"),
    .enabled(if: strace != nil, "strace is not installed (apt-get install strace)"))
struct LazyStartupTests {
    /// The threads `segue ARGUMENTS` creates, counted from the clone system calls strace sees.
    private func threadsStarted(_ arguments: [String]) throws -> Int {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("segue-strace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let result = try run(
            strace ?? "", ["-f", "-qq", "-e", "trace=clone,clone3", "-o", log.path, segueExecutable ?? ""] + arguments,
            in: repository)
        #expect(result.status <= 1, "\(result.output)")
        let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        return calls.filter { $0.contains("clone") && !$0.contains("resumed>") }.count
    }

    @Test func validateAndHelpStartNoThreads() throws {
        #expect(try threadsStarted(["validate", "flows/donate.yaml"]) == 0)
        #expect(try threadsStarted(["validate", "--format", "sarif", "flows/"]) == 0)
        #expect(try threadsStarted(["help"]) == 0)
    }

    @Test func theCountSeesThreadsWhereACommandWaits() throws {
        // `segue test` runs scenarios on Swift concurrency: the check above would notice threads if there were any.
        #expect(try threadsStarted(["test", "flows/scenarios/donate/d01-entry-point.yaml"]) > 0)
    }
}
