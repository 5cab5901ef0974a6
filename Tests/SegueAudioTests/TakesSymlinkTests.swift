import Foundation
import SegueDiagnostics
import Testing

@testable import SegueAudio

/// A symlinked `takes/` (or `recordings/`) is refused, so cleaning never deletes files outside the data directory.
@Suite struct TakesSymlinkTests {
    let data = TemporaryDirectory()
    let elsewhere = TemporaryDirectory()
    let format = AudioFormat(sampleRate: 8000, channels: 1, encoding: .int16)
    let decoys = [".x.tmp", "old.wav.deleting", "keep.wav"]

    init() {
        for name in decoys { write(elsewhere.file(name), [1, 2, 3]) }
    }

    func engine(_ directory: String) throws -> FileAudioService {
        try FileAudioService(
            configuration: .init(directory: directory, input: .signal(.silence, format), clock: VirtualAudioClock()))
    }

    func survivingDecoys() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).sorted()
    }

    @Test func aSymlinkedTakesDirectoryIsRefusedAndItsTargetKept() async throws {
        let recordings = data.file("recordings")
        try FileManager.default.createDirectory(atPath: recordings, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: recordings + "/takes", withDestinationPath: elsewhere.path)
        #expect(throws: AudioError.self) { _ = try engine(recordings) }
        do {
            _ = try engine(recordings)
        } catch {
            #expect("\(error)".contains("recordings/takes: cannot use directory: is a symbolic link"))
        }
        #expect(try survivingDecoys() == decoys.sorted())
    }

    @Test func aSymlinkedRecordingsDirectoryInsideDataIsRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: data.file("recordings"), withDestinationPath: elsewhere.path)
        #expect(throws: RealDirectory.Failure.self) {
            try RealDirectory.create(data.file("recordings/takes"), below: data.path)
        }
        #expect(try survivingDecoys() == decoys.sorted())
        #expect(!FileManager.default.fileExists(atPath: elsewhere.file("takes")))
    }

    @Test func realDirectoriesAreCreatedAndRecoveryStillCleansThem() async throws {
        let recordings = data.file("recordings")
        let audio = try engine(recordings)
        write(recordings + "/takes/.stray.tmp", [0])
        _ = try await audio.recoverInterruptedTakes()
        #expect(try FileManager.default.contentsOfDirectory(atPath: recordings + "/takes").isEmpty)
    }
}
