import Foundation
import SegueTestFixtures
import Testing

@Suite(.enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"))
struct CommandLineTests {
    let corpus = "Tests/SegueCheckTests/Corpus/invalid/"

    @Test func validateExitsZeroOnTheSeedFlows() async throws {
        let result = try await segue(["validate", "--strict", "flows/", "examples/"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.error.contains("8 flow files checked: 0 errors, 0 warnings"))
    }

    /// `--` ends the options: after it `--help` is a file to validate, not a request for the usage.
    @Test func aDoubleDashEndsTheOptions() async throws {
        let help = try await segue(["validate", "--help"])
        #expect(help.status == 0 && help.output.hasPrefix("usage: segue validate"))
        let file = try await segue(["validate", "--", "--help"])
        #expect(file.status == 2, "\(file.output)\(file.error)")
        #expect(!file.output.hasPrefix("usage:"))
        #expect((file.output + file.error).contains("--help"))
    }

    @Test func validateReportsErrorsAtFileLineColumnAndExitsOne() async throws {
        let result = try await segue(["validate", corpus + "c101_unknown_present_target.yaml"])
        #expect(result.status == 1)
        #expect(result.output.contains(corpus + "c101_unknown_present_target.yaml:12:25: error[C101]:"))
        #expect(result.output.contains("^"))
        #expect(!result.output.contains("\u{1B}["))
    }

    @Test func theSummaryStandsOnItsOwnLineAfterTheLastCaret() async throws {
        // Many diagnostics overflow standard output's buffer; the summary on standard error must still come last.
        let result = try await segueInterleaved(["validate", corpus])
        #expect(result.status == 1)
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let summary = lines.filter { $0.contains("flow files checked:") }
        #expect(summary.count == 1)
        let pattern = #"^\d+ flow files checked: \d+ errors, \d+ warnings$"#
        #expect(summary.first?.range(of: pattern, options: .regularExpression) != nil, "\(summary)")
        #expect(lines.suffix(3) == ["", summary.first ?? "", ""])
    }

    @Test func warningsFailOnlyWithStrict() async throws {
        let file = corpus + "c301_show_without_navigation.yaml"
        #expect(try await segue(["validate", file]).status == 0)
        #expect(try await segue(["validate", "--strict", file]).status == 1)
    }

    @Test func jsonAndGitHubRenderTheSameDiagnostics() async throws {
        let file = corpus + "c101_unknown_present_target.yaml"
        let json = try await segue(["validate", "--format", "json", file])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(decoded?.first?["code"] as? String == "C101")
        let github = try await segue(["validate", "--format", "github", file])
        #expect(github.output.hasPrefix("::error file=\(file),line=12,col=25,"))
    }

    @Test func usageAndMissingFilesExitTwo() async throws {
        #expect(try await segue(["validate"]).status == 2)
        #expect(try await segue(["validate", "no/such/flow.yaml"]).status == 2)
        let unknown = try await segue(["valdate", "flows/"])
        #expect(unknown.status == 2)
        #expect(try await segue(["validate", "--formt", "json", "flows/"]).error.contains("did you mean --format?"))
        for command in ["repl", "serve", "render"] {
            let locale = try await segue([command, "flows/donate.yaml", "--locale", "fr"])
            #expect(locale.status == 2, "\(command)")
            #expect(locale.error.contains("no built-in texts in locale `fr`"), "\(command): \(locale.error)")
        }
    }

    @Test func testRunsScenariosAndCountsThem() async throws {
        let result = try await segue([
            "test", "flows/scenarios/donate/d04-purchase.yaml", "flows/scenarios/donate/d01-entry-point.yaml",
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasSuffix("2 passed, 0 failed\n"))
    }

    @Test func aFailingScenarioNamesItsLineAndExitsOne() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = directory.appendingPathComponent("wrong.yaml")
        try """
        scenario: expects the wrong screen
        flow: \(repository.path)/flows/donate.yaml
        steps:
          - launch
          - expect: { screen: donate }
        """.write(to: scenario, atomically: true, encoding: .utf8)
        let result = try await segue(["test", scenario.path])
        #expect(result.status == 1)
        #expect(result.output.contains("\(scenario.path):5:15: screen: expected \"donate\", got \"main\""))
        #expect(result.output.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func audioRecordTakesAVoiceLikeSignalThatIsTheSameOnEveryRun() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "segue-voice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var takes: [Data] = []
        for name in ["one.wav", "two.wav"] {
            let path = directory.appendingPathComponent(name).path
            let run = try await segue([
                "audio", "record", path, "--voice", "7", "--duration", "1", "--virtual", "--rate", "8000",
            ])
            #expect(run.status == 0, "\(run.error)")
            #expect(run.output == "\(path): 8000 frames, 1.000 s, 8000 Hz, 1 channel, s16\n")
            takes.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(takes[0] == takes[1])
        let wrong = try await segue(["audio", "record", directory.appendingPathComponent("x.wav").path, "--voice", "x"])
        #expect(wrong.status == 2)
        #expect(wrong.error.hasPrefix("segue audio: --voice needs a seed (a whole number), got `x`"))
    }

    @Test func transitionsFromScenariosColourTheDiagram() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "segue-coverage-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await segue(["test", "flows/scenarios/donate/d06-one-post.yaml", "--transitions", file.path])
        #expect(run.status == 0, "\(run.output)")
        let json = try String(contentsOf: file, encoding: .utf8)
        #expect(json.contains(#""from": "donate""#) && json.contains(#""to": "donate_one_post""#))
        let diagram = try await segue(["diagram", "flows/donate.yaml", "--format", "dot", "--coverage", file.path])
        #expect(diagram.status == 0, "\(diagram.error)")
        // D6 opens a short post and a long one.
        #expect(
            diagram.output.contains(
                #"s_donate -> s_donate_one_post [label="on open_entry ×2", style=solid, penwidth=3]"#))
        #expect(diagram.output.contains("color=grey70"))
    }

    @Test func schemaPrintsTheCommittedSchemaAndChecksStaleCopies() async throws {
        let printed = try await segue(["schema"])
        let committed = try String(
            contentsOf: repository.appendingPathComponent("schema/segue-flow.schema.json"), encoding: .utf8)
        #expect(printed.status == 0)
        #expect(printed.output == committed)
        let stale = FileManager.default.temporaryDirectory.appendingPathComponent("segue-stale-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: stale) }
        try Data(committed.replacingOccurrences(of: "\"grows\"", with: "\"growz\"").utf8).write(to: stale)
        let check = try await segue(["schema", "--check", stale.path])
        #expect(check.status == 1)
        #expect(check.error.contains("is out of date"))
        #expect(try await segue(["schema", "-o", stale.path]).status == 0)
        #expect(try await segue(["schema", "--check", stale.path]).status == 0)
    }

    @Test func schemaDocsRewritesStaleKeyTables() async throws {
        let docs = FileManager.default.temporaryDirectory.appendingPathComponent("segue-docs-\(UUID()).md")
        defer { try? FileManager.default.removeItem(at: docs) }
        try Data("# Alerts\n<!-- vocabulary: alert -->\n| old |\n<!-- /vocabulary -->\n".utf8).write(to: docs)
        #expect(try await segue(["schema", "--docs", docs.path, "--check"]).status == 1)
        #expect(try await segue(["schema", "--docs", docs.path]).status == 0)
        #expect(try await segue(["schema", "--docs", docs.path, "--check"]).status == 0)
        let rewritten = try String(contentsOf: docs, encoding: .utf8)
        #expect(rewritten.contains("| `image` | `done`, `error`, `heart`, `none` | the picture above the title"))
        #expect(try await segue(["schema", "--docs", "docs/flow-language.md", "--check"]).status == 0)
    }
}
