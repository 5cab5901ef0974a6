import Foundation
import SegueTestFixtures
import Testing

/// `segue check` at the command line: findings as diagnostics with their runs, the formats, `--allow`, and the exit
/// status of each way it can end.
@Suite(.enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"))
struct CheckCommandTests {
    let lostPurchase = CheckFlows.path("lost-purchase")

    @Test func aFindingIsADiagnosticWithTheShortestRunAndExitsOne() async throws {
        let result = try await segue(["check", lostPurchase])
        #expect(result.status == 1, "\(result.error)")
        #expect(
            result.output.contains(
                lostPurchase
                    + ":11:18: error[S001]: invariant `purchase_kept` does not hold: a charge without its coins"))
        #expect(result.output.contains("note: 1. launch\n  note: 2. tap buy\n  note: 3. store.purchase → error\n"))
        #expect(result.error.contains(lostPurchase + ": 6 states, "))
    }

    /// The check reads a flow's `imports:` as `validate` does: types and components from a library resolve.
    @Test func aFlowWithImportsIsCheckedWithWhatItImports() async throws {
        let flow = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SegueCheckTests/Corpus/valid/imports.yaml").path
        // The corpus is the project: the flow imports `../imports/cards.yaml`, outside its own folder.
        let corpus = URL(fileURLWithPath: flow).deletingLastPathComponent().deletingLastPathComponent().path
        let result = try await segue(["check", "--root", corpus, flow])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(!result.error.contains("C115") && !result.error.contains("C105"), "\(result.error)")
        #expect(result.error.contains(flow + ": "), "\(result.error)")
        // Without it, the import is outside the flow's folder, and said so where it is written.
        let narrow = try await segue(["check", flow])
        #expect(narrow.status == 1)
        #expect(
            narrow.output.contains("error[M008]: `imports:` names `../imports/cards.yaml`, outside the project root"),
            "\(narrow.output)")
    }

    @Test func allowAcceptsAKindOnPurposeAndACleanRunExitsZero() async throws {
        let result = try await segue(["check", "--allow", "S001", lostPurchase])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.isEmpty)
        #expect(try await segue(["check", "--allow", "S999", lostPurchase]).status == 2)
    }

    @Test func jsonGitHubAndSARIFCarryTheCode() async throws {
        let json = try await segue(["check", "--format", "json", lostPurchase])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(decoded?.first?["code"] as? String == "S001")
        let github = try await segue(["check", "--format", "github", lostPurchase])
        #expect(github.output.hasPrefix("::error file=\(lostPurchase),line=11,col=18,"))
        let sarif = try await segue(["check", "--format", "sarif", lostPurchase])
        let log = try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any]
        let runs = log?["runs"] as? [[String: Any]]
        let results = runs?.first?["results"] as? [[String: Any]]
        #expect(results?.first?["ruleId"] as? String == "S001")
        #expect(sarif.status == 1)
    }

    @Test func aBoundThatStopsACleanExplorationExitsThreeAndSaysWhatGrew() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "segue-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let counter = directory.appendingPathComponent("counter.yaml")
        try """
        segue: 1
        flow: counter
        start: main
        data:
          taps: { type: int, default: 0 }
        screens:
          main:
            elements:
              - button: more
                label: More
                visible: "taps >= 0"
                tap: { set: { taps: "taps + 1" } }
        """.write(to: counter, atomically: true, encoding: .utf8)
        let result = try await segue(["check", "--scope", "none", "--max-states", "40", counter.path])
        #expect(result.status == 3, "\(result.output)\(result.error)")
        #expect(
            result.error.contains(
                "stopped by the state bound (40 states); `taps` kept growing (40 values) before every state was explored"
            ))
        // Not a terminal: no progress line, only the summary.
        #expect(!result.error.contains("\r"))
        // Within the default scope the counter stops at ±8: clean, and the summary says the scope.
        let scoped = try await segue(["check", counter.path])
        #expect(scoped.status == 0, "\(scoped.output)\(scoped.error)")
        #expect(
            scoped.error.contains(
                counter.path + ": explored within scope: lists ≤ 3 items, counters within ±8 (`taps` went past ±8)"),
            "\(scoped.error)")
        #expect(try await segue(["check", "--scope", "0", counter.path]).status == 2)
        #expect(try await segue(["check", "--max-time", "soon", counter.path]).status == 2)
        let timed = try await segue(["check", "--scope", "none", "--max-time", "0.3", counter.path])
        #expect(timed.status == 3, "\(timed.error)")
        #expect(timed.error.contains("stopped by the time bound (0.3 s, "), "\(timed.error)")
        #expect(try await segue(["check", "--max-memory", "lots", counter.path]).status == 2)
    }
}
