import Foundation
import SegueDiagnostics
import Testing

@testable import SegueScenario

/// The `files:` expectation checks what a run wrote under its data directory, and a `files:` with no sound meaning
/// is refused where it is written.
@Suite struct FilesExpectationTests {
    /// Saves the form with the sample photo framed, so the run writes a crop (0600) and the board's copy (0644).
    func afterSavingAPhoto(_ expectation: String) async throws -> String? {
        try await ScenarioFixture.run(
            "donate",
            after: [
                "tap: donate", "tap: options[0]",
                "next: { call: photos.pick, ok: { path: flows/donate/quadrants.jpg, width: 3200, height: 2400 } }",
                "tap: choose_photo", "fill: { name: Анна, surname: Петрова }", "tap: save",
            ], "  - expect: { files: \(expectation) }")?.message
    }

    @Test func theCropAndTheBoardsCopyAreFoundWithTheirSizeAndMode() async throws {
        #expect(
            try await afterSavingAPhoto(
                #"{ photos/photo-1.jpg: { format: jpeg, width: 1024, height: 1024, mode: "0644", size: { at_least: 1000 } }, "photos/quadrants-*.jpg": { count: 1, mode: "0600" }, "photos/*.tmp": { exists: false } }"#
            ) == nil)
        #expect(try await afterSavingAPhoto("[photos/photo-1.jpg]") == nil)
    }

    @Test func aMissingFileAWrongModeOrSizeFailsSayingWhatIsThere() async throws {
        #expect(
            try await afterSavingAPhoto("[photos/photo-2.jpg]")?.hasPrefix(
                "expected a file photos/photo-2.jpg in the data directory; there are: photo-1.jpg, quadrants-") == true)
        #expect(
            try await afterSavingAPhoto(#"{ "photos/quadrants-*.jpg": { mode: "0644" } }"#)?.hasSuffix(
                ".mode: expected \"0644\", got \"0600\"") == true)
        #expect(
            try await afterSavingAPhoto("{ photos/photo-1.jpg: { width: 512 } }")
                == "photos/photo-1.jpg.width: expected 512, got 1024")
        #expect(
            try await afterSavingAPhoto(#"{ "photos/*.jpg": { count: 1 } }"#)?.hasPrefix(
                "expected 1 file(s) photos/*.jpg, found 2: photo-1.jpg, quadrants-") == true)
        #expect(
            try await afterSavingAPhoto("{ photos/photo-1.jpg: { exists: false } }")
                == "expected no file photos/photo-1.jpg in the data directory, found photo-1.jpg")
        #expect(
            try await afterSavingAPhoto("{ photos/photo-1.jpg: { duration: 1 } }")?.hasPrefix(
                "photos/photo-1.jpg is not a WAV file") == true)
    }

    @Test func anExportedMixdownIsCheckedByItsDuration() async throws {
        let steps = "  - tap: share\n  - expect: { files: { \"exports/mixdown-*.wav\": { count: 1, duration: %@ } } }"
        let run = { (duration: String) in
            try await ScenarioFixture.run(
                "pictone", after: ["tick: 2s", "tap: featured"], steps.replacingOccurrences(of: "%@", with: duration))?
                .message
        }
        // Four lines of sample voices, mixed one after another: 9.12 s (to 10 ms).
        #expect(try await run("9.12") == nil)
        let wrong = try await run("99")
        #expect(wrong?.contains(".duration: expected 99 s, got ") == true, "\(wrong ?? "passed")")
    }

    @Test func aPathOutsideTheDataDirectoryOrAnUnknownPropertyIsRefusedWhereItIsWritten() throws {
        for (files, message) in [
            ("[/etc/passwd]", "`/etc/passwd` must be a path inside the data directory"),
            ("{ ../outside.json: {} }", "`../outside.json` must be a path inside the data directory"),
            ("{ \"*/x.wav\": {} }", "`*/x.wav`: `*` and `?` match only in the file's name"),
            ("{ exports/a.wav: { lenght: 2 } }", "unknown file property `lenght`"),
            ("{ exports/a.wav: 2 }", "`exports/a.wav` expects a mapping"),
            ("yes", "`files` is a mapping of paths"),
        ] {
            let text = "scenario: t\nflow: ../../donate.yaml\nsteps:\n  - launch\n  - expect: { files: \(files) }\n"
            let file = SourceFile(path: ScenarioFixture.root + "/flows/scenarios/donate/t.yaml", text: text)
            do {
                _ = try ScenarioParser.parse(file)
                Issue.record("\(files) was accepted")
            } catch {
                let first = error.diagnostics.first
                #expect(first?.code == "T003")
                #expect(first?.message.hasPrefix(message) == true, "\(first?.message ?? "")")
                #expect(first?.range.start.line == 5)
            }
        }
    }
}
