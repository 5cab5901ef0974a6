import Foundation
import SegueAudio
import Testing

/// A WAV full of junk chunks reads, and the chunks it skipped are summarised in one short line (`segue audio info`).
@Suite struct WAVSkippedChunksTests {
    let directory = TemporaryDirectory()

    @Test func aMillionJunkChunksAreCountedNotListed() throws {
        var chunks: [(String, [UInt8])] = [("fmt ", fmtChunk(channels: 1, rate: 8000, bits: 16))]
        chunks += Array(repeating: ("junk", []), count: 1_000_000)
        chunks += [("LIST", [1, 2]), ("data", [1, 0, 255, 255])]
        let path = directory.file("junk.wav")
        write(path, handMadeWAV(chunks: chunks))
        let header = try WAVReader(path: path).header
        #expect(header.skippedChunks.total == 1_000_001)
        #expect(header.skippedChunks.description == "junk ×1000000, LIST")
        #expect(header.frameCount == 2)
    }

    @Test func manyKindsNameTheFirstEightAndCountTheRest() throws {
        var chunks: [(String, [UInt8])] = [("fmt ", fmtChunk(channels: 1, rate: 8000, bits: 16))]
        chunks += (0..<20).map { (String(format: "k%03d", $0), [UInt8]()) }
        chunks += [("k000", []), ("data", [0, 0])]
        let path = directory.file("kinds.wav")
        write(path, handMadeWAV(chunks: chunks))
        let skipped = try WAVReader(path: path).header.skippedChunks
        #expect(skipped.ids == (0..<8).map { String(format: "k%03d", $0) })
        #expect(
            skipped.description
                == "k000 ×2, k001, k002, k003, k004, k005, k006, k007, and 12 more of other kinds")
    }
}
