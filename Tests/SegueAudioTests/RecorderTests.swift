import Foundation
import SegueAudio
import SegueRuntime
import Testing

@Suite struct RecorderTests {
    let directory = TemporaryDirectory()
    let format = AudioFormat(sampleRate: 16_000, channels: 1, encoding: .int16)

    @Test func virtualTimeRecordingOfASineIsInstantAndExact() async throws {
        let clock = VirtualAudioClock()
        let recorder = AudioRecorder(input: .signal(.sine(frequency: 500, amplitude: 0.5), format), clock: clock)
        let path = directory.file("take.wav")
        let levels = try await recorder.start(path: path, maxDuration: 3)
        let result = try await recorder.finish()
        // Paced by the virtual clock: it advanced by exactly the take's length, without sleeping.
        #expect(clock.now() == 3)
        #expect(result.frames == 48_000)
        #expect(result.duration == 3)
        var collected: [AudioLevel] = []
        for await level in levels { collected.append(level) }
        #expect(collected.count == 60)
        #expect(collected.allSatisfy { abs($0.peak - 0.5) < 1e-3 && abs($0.rms - 0.35355) < 1e-3 })
        let expected = (0..<48_000).map {
            Int((0.5 * sin(2 * Double.pi * 500 * Double($0) / 16_000) * 32768).rounded())
        }
        #expect(try integerSamples(path, bits: 16) == expected)
    }

    @Test func realTimeRecordingIsPacedByTheClock() async throws {
        let recorder = AudioRecorder(input: .signal(.silence, format), clock: RealTimeAudioClock())
        let started = ContinuousClock.now
        _ = try await recorder.start(path: directory.file("take.wav"), maxDuration: 0.3)
        let result = try await recorder.finish()
        #expect(result.frames == 4800)
        #expect(ContinuousClock.now - started >= .milliseconds(240))
    }

    @Test func recordingFromAFileEndsAtItsEnd() async throws {
        let source = directory.file("source.wav")
        try SignalGenerator.writeFile(
            path: source, signal: .noise(amplitude: 0.3, seed: 5), format: format, frames: 12_345)
        let recorder = AudioRecorder(input: .file(path: source), clock: VirtualAudioClock())
        _ = try await recorder.start(path: directory.file("take.wav"))
        let result = try await recorder.finish()
        #expect(result.frames == 12_345)
        #expect(bytes(directory.file("take.wav")) == bytes(source))
    }

    @Test func recordingFromARawPipeDropsAPartialLastFrame() async throws {
        let pipe = Pipe()
        let stereo = AudioFormat(sampleRate: 8000, channels: 2, encoding: .int16)
        let recorder = AudioRecorder(input: .handle(pipe.fileHandleForReading, format: stereo))
        _ = try await recorder.start(path: directory.file("take.wav"))
        // Two frames (L=1, R=-1; L=2, R=-2) and half of a third.
        pipe.fileHandleForWriting.write(Data([1, 0, 0xFF, 0xFF, 2, 0, 0xFE, 0xFF, 3, 0]))
        try pipe.fileHandleForWriting.close()
        let result = try await recorder.finish()
        #expect(result.frames == 2)
        #expect(try integerSamples(directory.file("take.wav"), bits: 16) == [1, -1, 2, -2])
    }

    @Test func stopFinishesTheHeaderOfAnEndlessRecording() async throws {
        let recorder = AudioRecorder(
            input: .signal(.noise(amplitude: 0.5, seed: 1), format), clock: RealTimeAudioClock())
        let path = directory.file("take.wav")
        // Stopped once the first block is on disk.
        let levels = try await recorder.start(path: path)
        for await _ in levels { break }
        let result = try await recorder.stop()
        #expect(result.frames > 0)
        #expect(try WAVReader(path: path).frameCount == result.frames)
        await #expect(throws: AudioError.invalidState("no recording is in progress")) { try await recorder.stop() }
    }

    @Test func aKilledRecordingIsRepairedFromTheBytesOnDisk() throws {
        let path = directory.file("cut.wav")
        // What a killed recorder leaves: placeholder sizes, samples, and half a frame.
        do {
            let writer = try WAVWriter(path: path, format: AudioFormat(sampleRate: 8000, channels: 2, encoding: .int16))
            try writer.write([0.5, -0.5, 0.25, -0.25])
        }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data([7, 0]))
        try handle.close()
        #expect(throws: AudioError.unfinishedRecording(path: path)) { try WAVReader(path: path) }
        let result = try WAVRepair.repair(path: path)
        #expect(result.frames == 2)
        #expect(result.droppedBytes == 2)
        #expect(result.changed)
        #expect(try integerSamples(path, bits: 16) == [16384, -16384, 8192, -8192])
        #expect(try WAVRepair.repair(path: path).changed == false)
    }
}
