import Foundation
import SegueAudio
import SegueRuntime
import Testing

/// The `segue` executable built next to the test bundle, if there is one.
private let segueExecutable: String? = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("segue").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

@Suite struct ProcessKillTests {
    let directory = TemporaryDirectory()

    @Test(.enabled(if: segueExecutable != nil, "the segue executable is not built next to the tests"))
    func aRecordingKilledMidWriteIsRepairedSampleExact() async throws {
        let path = directory.file("killed.wav")
        // --meter prints a line per 50 ms block (400 frames at 8000 Hz), after the block is written.
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: segueExecutable!),
            arguments: ["audio", "record", path, "--sine", "1000", "--rate", "8000", "--meter"])
        // Wait until five blocks (4000 bytes) are on disk, then kill it without warning.
        var meterLines = 0
        for await chunk in child.output {
            if case .standardError(let bytes) = chunk { meterLines += bytes.count { $0 == 10 } }
            if meterLines >= 5 { break }
        }
        child.send(SIGKILL)
        _ = await child.exitStatus()
        #expect(child.endedBySignal)
        #expect(throws: AudioError.unfinishedRecording(path: path)) { try WAVReader(path: path) }

        let onDisk = bytes(path).count
        let result = try WAVRepair.repair(path: path)
        #expect(result.frames == (onDisk - 44) / 2)
        #expect(result.frames >= 2000)
        let expected = (0..<result.frames).map {
            Int((0.5 * sin(2 * Double.pi * 1000 * Double($0) / 8000) * 32768).rounded())
        }
        #expect(try integerSamples(path, bits: 16) == expected)
    }
}

@Suite struct SystemAudioOutputTests {
    let directory = TemporaryDirectory()

    @Test func playsTheRenderedTimelineThroughThePlayerOnThePath() async throws {
        // A stand-in `aplay` that keeps a copy of what it was asked to play.
        let player = directory.file("aplay")
        let played = directory.file("played.wav")
        try "#!/bin/sh\ncp \"$2\" '\(played)'\n".write(toFile: player, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: player)
        let output = SystemAudioOutput(environment: ["PATH": directory.path])
        #expect(output.playerPath == player)

        let format = AudioFormat(sampleRate: 8000, channels: 1, encoding: .int16)
        try writeWAV(directory.file("a.wav"), format, [0.5, 0.25, -0.5])
        let timeline = AudioTimeline(
            clips: [
                .init(
                    lineID: "l1", path: directory.file("a.wav"), startFrame: 1, frameCount: 2, sampleRate: 8000, gain: 2
                ),
                .init(
                    lineID: "l2", path: directory.file("a.wav"), startFrame: 0, frameCount: 1, sampleRate: 8000, gain: 1
                ),
            ], mode: .continuous)
        try await output.play(timeline)
        #expect(try integerSamples(played, bits: 16) == [16384, -32768, 16384])
    }

    @Test func withoutAPlayerPlayingReturnsAtOnce() async throws {
        let output = SystemAudioOutput(environment: ["PATH": directory.path])
        #expect(output.playerPath == nil)
        try await output.play(AudioTimeline(clips: [], mode: .line))
    }
}
