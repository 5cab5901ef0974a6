import Foundation
import SegueTestFixtures
import Testing

/// Whether python3 with PyYAML (which pre-commit brings) can run scripts/run-action-locally.py.
private let canRunAction: Bool = {
    guard let result = try? run("/usr/bin/env", ["python3", "-c", "import yaml"], in: repository) else { return false }
    return result.status == 0
}()

/// Runs a program and returns its exit status and everything it printed.
func run(_ program: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws
    -> (status: Int32, output: String)
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A temporary repository holding copies of flows/ and examples/ (the fixtures the scenarios load) and, when
/// asked, a flow file with an unknown screen.
func temporaryRepository(withBrokenFlow: Bool) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-repo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for folder in ["flows", "examples"] {
        try FileManager.default.copyItem(
            at: repository.appendingPathComponent(folder), to: directory.appendingPathComponent(folder))
    }
    if withBrokenFlow {
        try FileManager.default.copyItem(
            at: repository.appendingPathComponent(
                "Tests/SegueCheckTests/Corpus/invalid/c101_unknown_present_target.yaml"),
            to: directory.appendingPathComponent("flows/broken.yaml"))
    }
    return directory
}

/// action.yml's shell steps run as a GitHub runner runs them (scripts/run-action-locally.py) in a temporary repo.
@Suite(
    .enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"),
    .enabled(if: canRunAction, "python3 with PyYAML is missing: `pip install pre-commit` brings it"))
struct GitHubActionTests {
    private func runAction(in workspace: URL, _ inputs: [String: String], path: String? = nil) throws
        -> (status: Int32, steps: [String: [String: Any]])
    {
        let script = repository.appendingPathComponent("scripts/run-action-locally.py").path
        let arguments = [script, workspace.path] + inputs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let environment = path.map { ["PATH": $0] } ?? [:]
        let result = try run("/usr/bin/env", ["python3"] + arguments, in: workspace, environment: environment)
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let steps = (report?["steps"] as? [[String: Any]]) ?? []
        return (result.status, Dictionary(steps.map { ($0["id"] as? String ?? "", $0) }) { first, _ in first })
    }

    @Test func aBrokenFlowFailsWithAnnotationsAndStillUploadsSARIFAndJUnit() throws {
        let workspace = try temporaryRepository(withBrokenFlow: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let (status, steps) = try runAction(
            in: workspace, ["segue": segueExecutable ?? "", "paths": "flows/", "scenarios": "flows/scenarios/donate"])
        #expect(status == 1)
        #expect(steps["binary"]?["outcome"] as? String == "success")
        #expect(steps["validate"]?["outcome"] as? String == "failure")
        let annotations = steps["validate"]?["output"] as? String ?? ""
        #expect(
            annotations.contains("::error file=flows/broken.yaml,line=12,col=25,endLine=12,endColumn=31,title=C101::"))
        let sarif = try Data(contentsOf: workspace.appendingPathComponent("segue.sarif"))
        let log = try JSONSerialization.jsonObject(with: sarif) as? [String: Any]
        let results = (log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]
        #expect(results?.compactMap { $0["ruleId"] as? String }.contains("C101") == true)
        #expect(steps["scenarios"]?["outcome"] as? String == "success")
        let junit = try String(contentsOf: workspace.appendingPathComponent("segue-junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuite"))
        let uploads = steps.values.filter { $0["outcome"] as? String == "not run" }
        let given = Dictionary(uploads.map { ($0["uses"] as? String ?? "", $0["with"] as? [String: String] ?? [:]) }) {
            a, _ in a
        }
        #expect(given["github/codeql-action/upload-sarif@v3"]?["sarif_file"] == "segue.sarif")
        #expect(given["actions/upload-artifact@v4"]?["path"] == "segue-junit.xml")
    }

    @Test func cleanFlowsPassAndASegueOnPathIsUsed() throws {
        let workspace = try temporaryRepository(withBrokenFlow: false)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let binaries = URL(fileURLWithPath: segueExecutable ?? "").deletingLastPathComponent().path
        let path = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let (status, steps) = try runAction(in: workspace, ["paths": "flows/", "upload-sarif": "false"], path: path)
        #expect(status == 0, "\(steps)")
        #expect((steps["binary"]?["outputs"] as? [String: String])?["path"] == binaries + "/segue")
        #expect(steps["validate"]?["outcome"] as? String == "success")
        #expect(steps["scenarios"]?["outcome"] as? String == "skipped")
        #expect(steps.values.allSatisfy { $0["uses"] == nil || $0["outcome"] as? String == "skipped" })
    }

    @Test func aMissingBinaryFailsTheFirstStepWithAnAnnotation() throws {
        let workspace = try temporaryRepository(withBrokenFlow: false)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let (status, steps) = try runAction(in: workspace, ["segue": "/no/such/segue"])
        #expect(status == 1)
        #expect(
            (steps["binary"]?["output"] as? String)?.contains(
                "::error title=segue::no executable segue at /no/such/segue") == true)
        #expect(steps["validate"]?["outcome"] as? String == "skipped")
    }
}
