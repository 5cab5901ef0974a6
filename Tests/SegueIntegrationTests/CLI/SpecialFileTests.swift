import Foundation
import SegueTestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A FIFO named `x.yaml` in a folder made `segue validate DIR` and `segue test DIR` wait forever for a writer; now a
/// scan passes it over with a note and a FIFO named directly (or imported) is an error that says what it is.
@Suite(.enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"))
struct SpecialFileTests {
    static let flow = "segue: 1\nflow: fifo\nstart: main\nscreens:\n  main:\n    elements: []\n"
    static let scenario = "scenario: beside a FIFO\nflow: a.yaml\nsteps:\n  - launch\n  - expect: { screen: main }\n"

    /// A fresh folder holding `files` and a FIFO `x.yaml`, removed after `body` ran with it.
    private func inFolder(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        #expect(mkfifo(folder.appendingPathComponent("x.yaml").path, 0o600) == 0)
        try body(folder)
    }

    /// Runs `segue` in `folder`, killing it after 10 s (the old readers never returned).
    private func segue(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: segueExecutable ?? "")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("segue-out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        // Woken by the exit itself; the timeout only ends a run that hangs (the FIFO these tests are about).
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + 10) == .timedOut {
            process.terminate()
            Issue.record("segue \(arguments.joined(separator: " ")) still ran after 10 s")
        }
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }

    @Test func validatePassesOverAFIFOInAFolder() throws {
        try inFolder(["a.yaml": Self.flow]) { folder in
            let result = try segue(["validate", "."], in: folder)
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("segue validate: skipped ./x.yaml: it is a FIFO, not a regular file"))
            #expect(result.output.contains("1 flow file checked: 0 errors, 0 warnings"), "\(result.output)")
            let check = try segue(["check", "."], in: folder)
            #expect(check.output.contains("segue check: skipped ./x.yaml: it is a FIFO"), "\(check.output)")
        }
    }

    @Test func aFIFONamedOrImportedIsAnErrorThatSaysWhatItIs() throws {
        let importing = Self.flow.replacingOccurrences(of: "start: main", with: "start: main\nimports: [x.yaml]")
        try inFolder(["a.yaml": importing]) { folder in
            let named = try segue(["validate", "x.yaml"], in: folder)
            #expect(named.status == 1, "\(named.output)")
            #expect(
                named.output.contains("x.yaml:1:1: error[C003]: cannot read `x.yaml`: it is a FIFO, not a regular file")
            )
            let imported = try segue(["validate", "a.yaml"], in: folder)
            #expect(imported.status == 1, "\(imported.output)")
            #expect(imported.output.contains("error[M008]: cannot import `x.yaml`: it is a FIFO, not a regular file"))
            let flowsOnly = try segue(["validate", "--flows-only", "x.yaml"], in: folder)
            #expect(flowsOnly.status == 1, "\(flowsOnly.output)")
        }
    }

    @Test func testPassesOverAFIFOInAFolderAndRefusesOneNamed() throws {
        try inFolder(["a.yaml": Self.flow, "s.yaml": Self.scenario]) { folder in
            let result = try segue(["test", "."], in: folder)
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("segue test: skipped ./x.yaml: it is a FIFO, not a regular file"))
            #expect(result.output.contains("1 passed, 0 failed"), "\(result.output)")
            let named = try segue(["test", "x.yaml"], in: folder)
            #expect(named.status != 0)
            #expect(
                named.output.contains("cannot read the scenario file: it is a FIFO, not a regular file"),
                "\(named.output)")
        }
    }
}
