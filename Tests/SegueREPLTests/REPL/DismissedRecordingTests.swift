import Foundation
import SegueTestFixtures
import Testing

/// A take recording on a screen that goes away is stopped and kept: the file is a finished WAV of the time that
/// was recorded, and the store lists it.
@Suite struct DismissedRecordingTests {
    /// The canonical 44-byte header's sizes: RIFF size, data size; nil when the file is not a finished PCM WAV.
    static func finishedSizes(_ data: Data) -> (riff: Int, data: Int, rate: Int)? {
        guard data.count >= 44, data.prefix(4) == Data("RIFF".utf8), data[8..<12] == Data("WAVE".utf8) else {
            return nil
        }
        func word(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(data[at + $1]) << (8 * $1) } }
        guard data[36..<40] == Data("data".utf8) else { return nil }
        return (word(4), word(40), word(24))
    }

    @Test func aRecordingWhoseScreenIsPoppedIsStoppedAndItsTakeKept() async throws {
        let session = try await ReplFixture.session("pictone")
        defer { session.embedded.removeTemporaryFiles() }
        for command in ["tick 2s", "tap featured", "tap mode", "tap lines[1].record", "tick 3s", "tick 2s"] {
            let reply = await session.execute(command)
            #expect(!reply.failed, "\(command): \(reply.text)")
        }
        let back = await session.execute("back")
        #expect(back.text.contains("• recording stopped: its screen is gone (the take is kept)"), "\(back.text)")
        let takes = session.embedded.directory + "/recordings/takes"
        let files = try FileManager.default.contentsOfDirectory(atPath: takes).filter { $0.hasSuffix(".wav") }
        #expect(files.count == 1, "\(files)")
        let data = try Data(contentsOf: URL(fileURLWithPath: takes + "/" + (files.first ?? "")))
        let sizes = try #require(Self.finishedSizes(data), "not a finished WAV")
        #expect(sizes.riff == data.count - 8)
        #expect(sizes.data == data.count - 44)
        // The countdown takes 3 s; the take records the 2 s ticked after it, mono, 16-bit.
        #expect(sizes.data == 2 * sizes.rate * 2, "\(Double(sizes.data) / 2 / Double(sizes.rate)) s")
        let listed = await session.embedded.audio?.call("takes", arguments: [:])
        guard case .ok(.list(let kept)) = listed else {
            Issue.record("no takes: \(String(describing: listed))")
            return
        }
        #expect(kept.map { $0["duration"] } == [.number(2)])
    }
}
