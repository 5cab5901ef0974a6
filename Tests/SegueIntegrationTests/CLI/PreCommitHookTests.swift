import Foundation
import SegueTestFixtures
import Testing

/// pre-commit's path, if installed (`pip install pre-commit`; .ci/run installs it).
private let preCommitExecutable: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/pre-commit" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}()

/// .pre-commit-hooks.yaml as pre-commit reads it: its manifest check, and `try-repo` on a temporary repository.
@Suite(
    .enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"),
    .enabled(if: preCommitExecutable != nil, "pre-commit is not installed: `pip install pre-commit` to run these tests")
)
struct PreCommitHookTests {
    private func preCommit(_ arguments: [String], in directory: URL, home: URL) throws -> (
        status: Int32, output: String
    ) {
        let binaries = URL(fileURLWithPath: segueExecutable ?? "").deletingLastPathComponent().path
        let path = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try run(
            preCommitExecutable ?? "/usr/bin/false", arguments, in: directory,
            environment: [
                "PATH": path, "PRE_COMMIT_HOME": home.path, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
                "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
            ])
    }

    /// A git repository with flows/ (scenarios included, which the hook must skip) and all of it staged.
    private func stagedRepository(withBrokenFlow: Bool) throws -> URL {
        let directory = try temporaryRepository(withBrokenFlow: withBrokenFlow)
        for arguments in [["init", "-q"], ["add", "-A"]] {
            let result = try run("/usr/bin/env", ["git"] + arguments, in: directory)
            #expect(result.status == 0, "\(result.output)")
        }
        return directory
    }

    @Test func theManifestIsOnePreCommitAccepts() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("pre-commit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try preCommit(["validate-manifest", ".pre-commit-hooks.yaml"], in: repository, home: home)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func theHookFailsOnABrokenFlowAndNamesTheProblem() throws {
        let workspace = try stagedRepository(withBrokenFlow: true)
        let home = workspace.appendingPathComponent(".pre-commit-home")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let result = try preCommit(
            ["try-repo", repository.path, "segue-validate-system", "--all-files"], in: workspace, home: home)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("flows/broken.yaml:12:25: error[C101]: unknown screen `detial`"))
        #expect(result.output.contains("Failed"))
    }

    @Test func theHookPassesCleanFlowsAndSkipsScenarioFiles() throws {
        let workspace = try stagedRepository(withBrokenFlow: false)
        let home = workspace.appendingPathComponent(".pre-commit-home")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let result = try preCommit(
            ["try-repo", repository.path, "segue-validate-system", "--all-files", "--verbose"], in: workspace,
            home: home)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("8 flow files checked: 0 errors, 0 warnings"))  // flows/ and examples/, as in CI
        #expect(result.output.contains("Passed"))
    }
}
