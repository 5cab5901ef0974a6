import Foundation
import SegueTestFixtures
import Testing

/// Piped sessions through both seed flows, compared byte for byte with Tests/Golden/repl/*.txt.
/// `SEGUE_UPDATE_GOLDEN=1 swift test --filter ReplGoldenTests` rewrites the files after a deliberate change.
@Suite struct ReplGoldenTests {
    @Test(arguments: ["donate", "pictone"])
    func transcriptMatchesTheGoldenFile(_ flow: String) async throws {
        let directory = ReplFixture.root + "/Tests/Golden/repl/"
        let script = try String(contentsOfFile: directory + flow + ".repl", encoding: .utf8)
        let session = try await ReplFixture.session(flow)
        let (text, failures) = await session.transcript(of: script.components(separatedBy: "\n"))
        let actual = ReplFixture.normalized(text)
        let goldenPath = directory + flow + ".txt"
        if ProcessInfo.processInfo.environment["SEGUE_UPDATE_GOLDEN"] == "1" {
            try actual.write(toFile: goldenPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: goldenPath, encoding: .utf8)
        #expect(actual == expected, "the \(flow) transcript differs from \(goldenPath)")
        // The donate script makes deliberate mistakes (a typo, a hidden button, a disabled save, undo past the
        // launch); they fail, and nothing else does.
        #expect(failures == (flow == "donate" ? 5 : 0))
    }
}
