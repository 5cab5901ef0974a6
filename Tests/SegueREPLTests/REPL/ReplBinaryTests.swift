import Foundation
import SegueRuntime
import SegueTestFixtures
import Testing

/// The built `segue` binary, driven through a pipe like a script or CI job would.
@Suite(.enabled(if: ReplFixture.binary != nil, "build `segue` first (swift build) to run the binary tests"))
struct ReplBinaryTests {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    static func run(_ arguments: [String], input: String) async throws -> Run {
        let (status, output, errors) = try await ChildProcess.run(
            URL(fileURLWithPath: ReplFixture.binary ?? ""), arguments: arguments, input: Data(input.utf8),
            directory: ReplFixture.root)
        return Run(
            status: status, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self))
    }

    @Test func pipedSessionEchoesCommandsAndFailsOnAMistake() async throws {
        let run = try await Self.run(["repl", "flows/donate.yaml", "--fresh"], input: "tap donate\ntap donat\n")
        #expect(run.status == 1)
        #expect(run.output.contains("\n> tap donate\n• present main → donate\n"))
        #expect(run.output.contains("\n> tap donat\nerror: no element `donat` on donate; tappable now: options[0]"))
        #expect(!run.output.contains("\u{1B}["), "no colour without a terminal")
        #expect(run.errors.isEmpty)
    }

    @Test func cleanScriptExitsZero() async throws {
        let directory = try ReplFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "tap donate\n# a comment\nback\nquit\ntap donate\n".write(
            toFile: directory + "/s.repl", atomically: true, encoding: .utf8)
        let run = try await Self.run(
            ["repl", "flows/donate.yaml", "--fresh", "--script", directory + "/s.repl"], input: "")
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("\n> quit\n"), "nothing runs after quit")
    }

    @Test func dataDirectoryKeepsAPurchaseBetweenRuns() async throws {
        let directory = try ReplFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try await Self.run(
            ["repl", "flows/donate.yaml", "--data-dir", directory], input: "tap donate\ntap options[0]\ntap later\n")
        #expect(first.status == 0)
        let second = try await Self.run(["repl", "flows/donate.yaml", "--data-dir", directory], input: "tap donate\n")
        #expect(second.output.contains("  button add [Добавить запись] · style add\n"), "D8: paid, no entry yet")
        #expect(FileManager.default.fileExists(atPath: directory + "/flow-donate.json"))
    }

    @Test func flowWithErrorsIsRefusedWithDiagnostics() async throws {
        let directory = try ReplFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let flow = "segue: 1\nflow: broken\nstart: mian\nscreens:\n  main:\n    elements: []\n"
        try flow.write(toFile: directory + "/broken.yaml", atomically: true, encoding: .utf8)
        let run = try await Self.run(["repl", directory + "/broken.yaml"], input: "")
        #expect(run.status == 1)
        #expect(run.errors.contains("error[C"))
        #expect(run.errors.contains("`mian`"))
        #expect(run.errors.contains("segue repl: \(directory)/broken.yaml has 1 error"))
        #expect(run.output.isEmpty)
    }

    @Test func unknownOptionIsAUsageError() async throws {
        let run = try await Self.run(["repl", "flows/donate.yaml", "--fersh"], input: "")
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("segue repl: unknown option --fersh"))
    }
}
