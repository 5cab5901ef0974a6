import Foundation
import SegueMachine
import SegueRuntime
import Testing

@testable import SegueAudio

@Suite struct FileAudioServiceTests {
    let directory = TemporaryDirectory()
    let format = AudioFormat(sampleRate: 8000, channels: 1, encoding: .int16)

    func service(_ signal: TestSignal = .sine(frequency: 400, amplitude: 0.5), seconds: Double = 1) throws
        -> FileAudioService
    {
        try FileAudioService(
            configuration: .init(
                directory: directory.path, input: .signal(signal, format), clock: VirtualAudioClock(),
                maxTakeDuration: seconds))
    }

    func record(_ service: FileAudioService, line: String, character: String, replacing: String? = nil) async throws
        -> AudioTake
    {
        let levels = try await service.startRecording(line: line, character: character, replacing: replacing)
        for await _ in levels {}
        return try await service.stopRecording()
    }

    func takeFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path + "/takes").sorted()
    }

    @Test func recordListAndKeepTakesPerLineAndCharacter() async throws {
        let audio = try service()
        let first = try await record(audio, line: "l1", character: "Anna")
        let second = try await record(audio, line: "l1", character: "Anna")
        let other = try await record(audio, line: "l2", character: "Boris")
        #expect(first.frames == 8000 && first.duration == 1 && first.volume == 1 && first.trimStart == nil)
        #expect(try WAVReader(path: first.path).frameCount == 8000)
        #expect(try await audio.takes(line: "l1", character: "Anna").map(\.id) == [first.id, second.id])
        #expect(try await audio.takes(line: nil, character: "Boris").map(\.id) == [other.id])
        #expect(try await audio.takes(line: nil, character: nil).count == 3)
        #expect(try takeFiles() == [first.id, second.id, other.id].map { "\($0).wav" }.sorted())
    }

    @Test func overwriteSwapsTheNewAudioInUnderTheSameTake() async throws {
        let loud = try service(.sine(frequency: 400, amplitude: 0.5))
        let old = try await record(loud, line: "l1", character: "Anna")
        _ = try await loud.setVolume(take: old.id, volume: 1.5)
        let quiet = try service(.silence, seconds: 0.5)
        let new = try await record(quiet, line: "l1", character: "Anna", replacing: old.id)
        #expect(new.id == old.id)
        #expect(new.path == old.path)
        #expect(new.frames == 4000)
        #expect(new.volume == 1.5)
        #expect(try integerSamples(new.path, bits: 16) == [Int](repeating: 0, count: 4000))
        #expect(try await quiet.takes(line: "l1", character: "Anna").count == 1)
        #expect(try takeFiles() == ["\(old.id).wav"])
    }

    @Test func overwriteOnlyReplacesATakeOfTheSameLineAndCharacter() async throws {
        let audio = try service()
        let take = try await record(audio, line: "l1", character: "Anna")
        await #expect(
            throws: ServiceError(
                service: "audio", code: "invalid_state",
                message: "take \(take.id) is Anna's take of line l1, not Boris's of line l1")
        ) { _ = try await audio.startRecording(line: "l1", character: "Boris", replacing: take.id) }
        #expect(try takeFiles() == ["\(take.id).wav"])
    }

    @Test func recoveryFinishesACutOffDelete() async throws {
        let audio = try service()
        let kept = try await record(audio, line: "l1", character: "Anna")
        let gone = try await record(audio, line: "l2", character: "Anna")
        // A delete that hid the file and then died, before and after deleting the record.
        try FileManager.default.moveItem(atPath: kept.path, toPath: kept.path + ".deleting")
        try await audio.deleteTake(id: gone.id)
        try Data().write(to: URL(fileURLWithPath: gone.path + ".deleting"))
        _ = try await service().recoverInterruptedTakes()
        #expect(try takeFiles() == ["\(kept.id).wav"])
        #expect(try WAVReader(path: kept.path).frameCount == 8000)
    }

    @Test func deleteRemovesFileAndRecordTogether() async throws {
        let audio = try service()
        let take = try await record(audio, line: "l1", character: "Anna")
        try await audio.deleteTake(id: take.id)
        #expect(try await audio.takes(line: nil, character: nil).isEmpty)
        #expect(try takeFiles().isEmpty)
        await #expect(throws: ServiceError(service: "audio", code: "not_found", message: "not found: take \(take.id)"))
        {
            try await audio.deleteTake(id: take.id)
        }
    }

    @Test func volumesAreSavedAndValidated() async throws {
        let audio = try service()
        let take = try await record(audio, line: "l1", character: "Anna")
        #expect(try await audio.setVolume(take: take.id, volume: 0.25).volume == 0.25)
        try await audio.setCharacterVolume("Anna", volume: 2)
        // A new service on the same directory reads back what was saved.
        let reopened = try service()
        #expect(try await reopened.takes(line: "l1", character: nil).first?.volume == 0.25)
        #expect(try await reopened.characterVolume("Anna") == 2)
        #expect(try await reopened.characterVolume("Boris") == 1)
        await #expect(
            throws: ServiceError(
                service: "audio", code: "invalid_gain", message: "invalid gain 3.0: expected 0…2 (linear)")
        ) { _ = try await reopened.setVolume(take: take.id, volume: 3) }
    }

    @Test func trimSavesTheTrimmedFileAndRecordsTheRange() async throws {
        let audio = try service()
        let take = try await record(audio, line: "l1", character: "Anna")
        let original = try integerSamples(take.path, bits: 16)
        let range = AudioTrimRange(start: 0.1, end: 0.6, unit: .seconds)
        let preview = try await audio.previewTrim(take: take.id, range: range)
        #expect(preview == AudioTrimPreview(startFrame: 800, endFrame: 4800, duration: 0.5))
        #expect(try integerSamples(take.path, bits: 16) == original)
        let trimmed = try await audio.trim(take: take.id, range: range)
        #expect(trimmed.frames == 4000 && trimmed.duration == 0.5)
        #expect(trimmed.trimStart == 800 && trimmed.trimEnd == 4800)
        #expect(try integerSamples(take.path, bits: 16) == Array(original[800..<4800]))
        #expect(try takeFiles() == ["\(take.id).wav"])
    }

    @Test func interruptedTakeIsRecoveredAtTheNextLaunch() async throws {
        // A recording that was still running when its process died: row in state `recording`, header unfinished.
        let audio = try service(seconds: 60)
        let levels = try await audio.startRecording(line: "l9", character: "Anna", replacing: nil)
        var seen = 0
        for await _ in levels {
            seen += 1
            if seen == 10 { break }
        }
        let pending = try takeFiles()
        #expect(pending.count == 1 && pending[0].hasSuffix(".recording.wav"))
        let path = directory.path + "/takes/" + pending[0]
        // Copy the file as it is mid-recording: this is what a kill leaves behind.
        let snapshot = bytes(path)
        _ = try await audio.stopRecording()
        let take = try #require(try await audio.takes(line: "l9", character: nil).first)
        try await audio.deleteTake(id: take.id)
        write(path, snapshot)
        try reinsertPendingRow(id: String(pending[0].dropLast(".recording.wav".count)), path: path)

        let relaunched = try service()
        let recovered = try await relaunched.recoverInterruptedTakes()
        #expect(recovered.count == 1)
        let expectedFrames = (snapshot.count - 44) / 2
        #expect(recovered.first?.frames == expectedFrames)
        #expect(recovered.first?.lineID == "l9")
        #expect(try await relaunched.takes(line: "l9", character: "Anna").map(\.frames) == [expectedFrames])
        #expect(try takeFiles() == ["\(recovered[0].id).wav"])
        #expect(try await relaunched.recoverInterruptedTakes().isEmpty)
    }

    /// Puts back the `recording` row a killed process would have left.
    private func reinsertPendingRow(id: String, path: String) throws {
        let store = try TakeStore(path: directory.path + "/recordings.sqlite")
        try store.beginRecording(id: id, line: "l9", character: "Anna", path: path, replacing: nil, at: 0)
    }

    @Test func timelineAndMixdownComposeTakeAndCharacterVolumes() async throws {
        let audio = try service(.sine(frequency: 400, amplitude: 0.5), seconds: 0.5)
        let take = try await record(audio, line: "l1", character: "Anna")
        _ = try await audio.setVolume(take: take.id, volume: 0.5)
        try await audio.setCharacterVolume("Anna", volume: 1.5)
        let sample = directory.file("sample.wav")
        try SignalGenerator.writeFile(
            path: sample, signal: .sine(frequency: 400, amplitude: 0.5),
            format: AudioFormat(sampleRate: 16_000, channels: 2, encoding: .float32), frames: 16_000)
        let lines = [
            AudioLine(lineID: "l1", character: "Anna", voice: .take(id: take.id)),
            AudioLine(lineID: "l2", character: "Boris", voice: .sample(path: sample)),
        ]
        let timeline = try await audio.timeline(lines: lines, current: 0, mode: .continuous)
        #expect(timeline.clips.map(\.gain) == [0.75, 1])
        #expect(timeline.duration == 1.5)
        #expect(try await audio.timeline(lines: lines, current: 1, mode: .line).clips.map(\.lineID) == ["l2"])

        let mix = try await audio.mixdown(lines: lines, to: directory.file("mix.wav"))
        #expect(
            mix
                == AudioFileSummary(
                    path: directory.file("mix.wav"), frames: 12_000, sampleRate: 8000, channels: 1, duration: 1.5))
        let mixed = try integerSamples(mix.path, bits: 16)
        let recorded = try integerSamples(take.path, bits: 16)
        // The take at 0.75: each sample scaled and rounded once more.
        for i in 0..<4000 { #expect(abs(mixed[i] - Int((Double(recorded[i]) * 0.75).rounded())) <= 1) }
        // The 16 kHz stereo sample: resampled to 8 kHz (every other frame) and folded to mono.
        let levels = try LevelMeter.levels(ofFile: mix.path)
        #expect(levels.suffix(20).allSatisfy { abs($0.peak - 0.5) < 0.01 })
    }

    @Test func aRelativeSamplePathIsFoundUnderTheSampleDirectoryNotTheWorkingDirectory() async throws {
        try FileManager.default.createDirectory(atPath: directory.file("voices"), withIntermediateDirectories: true)
        try writeWAV(directory.file("voices/a.wav"), format, [Double](repeating: 0.1, count: 4000))
        let rooted = AudioFlowService(
            audio: try service(), exportDirectory: directory.file("exports"), sampleDirectory: directory.path)
        let outcome = await rooted.call(
            "timeline",
            arguments: [
                "lines": .list([
                    .record(["id": .string("a"), "character": .string("Ann"), "sample": .string("voices/a.wav")])
                ])
            ])
        #expect(
            outcome
                == .ok(
                    .record([
                        "durations": .list([.number(0.5)]), "lines": .list([.string("a")]),
                        "clips": .list([.string("sample")]),
                    ])))
        // Without it the same path is looked up in the working directory, where it is not.
        let unrooted = AudioFlowService(audio: try service(), exportDirectory: directory.file("exports"))
        guard
            case .error(let error) = await unrooted.call(
                "timeline",
                arguments: [
                    "lines": .list([
                        .record(["id": .string("a"), "character": .string("Ann"), "sample": .string("voices/a.wav")])
                    ])
                ])
        else {
            Issue.record("a sample outside the working directory was found")
            return
        }
        #expect(error.message.contains("voices/a.wav"))
    }
}
