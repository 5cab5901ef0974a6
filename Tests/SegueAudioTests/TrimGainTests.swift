import Foundation
import SegueAudio
import SegueRuntime
import Testing

@Suite struct TrimGainTests {
    let directory = TemporaryDirectory()
    let mono16 = AudioFormat(sampleRate: 8000, channels: 1, encoding: .int16)

    /// The sine's samples as 16-bit integers, computed independently of Segue.
    func sine(_ frames: Range<Int>) -> [Int] {
        frames.map { Int((0.5 * sin(2 * Double.pi * 1000 * Double($0) / 8000) * 32768).rounded()) }
    }

    @Test func trimmedSineHasExactlyTheExpectedSamples() throws {
        let input = directory.file("sine.wav")
        let output = directory.file("cut.wav")
        try SignalGenerator.writeFile(
            path: input, signal: .sine(frequency: 1000, amplitude: 0.5), format: mono16, frames: 8000)
        #expect(try integerSamples(input, bits: 16) == sine(0..<8000))
        let summary = try AudioEditor.trim(
            input: input, output: output, range: AudioTrimRange(start: 0.25, end: 0.5, unit: .seconds))
        #expect(summary.frames == 2000)
        #expect(try WAVReader(path: output).frameCount == 2000)
        #expect(try integerSamples(output, bits: 16) == sine(2000..<4000))
    }

    @Test func trimInFramesKeepsFormatAndIsSampleAccurate() throws {
        let input = directory.file("in.wav")
        let format = AudioFormat(sampleRate: 44_100, channels: 3, encoding: .int24)
        try SignalGenerator.writeFile(
            path: input, signal: .noise(amplitude: 0.7, seed: 3), format: format, frames: 50_000)
        let output = directory.file("out.wav")
        try AudioEditor.trim(input: input, output: output, range: AudioTrimRange(start: 1, end: 49_999, unit: .frames))
        let reader = try WAVReader(path: output)
        #expect(reader.format == format)
        #expect(reader.header.isExtensible)
        let original = try WAVReader(path: input).readAll()
        #expect(try reader.readAll() == Array(original[3..<(49_999 * 3)]))
    }

    @Test func trimInPlaceReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let path = directory.file("take.wav")
        try writeWAV(path, mono16, [0.1, 0.2, 0.3, 0.4, 0.5])
        try AudioEditor.trim(input: path, output: path, range: AudioTrimRange(start: 1, end: 3, unit: .frames))
        #expect(try integerSamples(path, bits: 16) == [6554, 9830])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["take.wav"])
    }

    @Test func previewComputesTheResultAndWritesNothing() throws {
        let path = directory.file("take.wav")
        try SignalGenerator.writeFile(path: path, signal: .silence, format: mono16, frames: 8000)
        let before = bytes(path)
        let preview = try AudioEditor.previewTrim(
            path: path, range: AudioTrimRange(start: 0.1, end: nil, unit: .seconds))
        #expect(preview == AudioTrimPreview(startFrame: 800, endFrame: 8000, duration: 0.9))
        #expect(bytes(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["take.wav"])
    }

    @Test func badRangesSayWhichBoundIsWrong() throws {
        let path = directory.file("take.wav")
        try SignalGenerator.writeFile(path: path, signal: .silence, format: mono16, frames: 8000)
        let cases: [(AudioTrimRange, String)] = [
            (AudioTrimRange(start: -0.5, end: 0.5, unit: .seconds), "start -0.5 s is before the beginning"),
            (AudioTrimRange(start: 0, end: 2, unit: .seconds), "end 2.0 s is past the end of the audio (1.0 s)"),
            (AudioTrimRange(start: 5, end: 5, unit: .frames), "start 5.0 is not before end 5.0 (frames)"),
            (AudioTrimRange(start: 1.5, end: 5, unit: .frames), "frame bounds must be whole numbers"),
        ]
        for (range, message) in cases {
            #expect(throws: AudioError.invalidRange(message)) {
                try AudioEditor.trim(input: path, output: directory.file("o.wav"), range: range)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("o.wav")))
    }

    @Test func gainScalesRoundsAndClipsWithoutWrapAround() throws {
        let input = directory.file("in.wav")
        try writeWAV(input, mono16, [0.5, -0.5, 0.9, -0.9, 3.0 / 32768, 0])
        let output = directory.file("out.wav")
        try AudioEditor.applyGain(input: input, output: output, gain: 1.5)
        #expect(try integerSamples(output, bits: 16) == [24576, -24576, 32767, -32768, 5, 0])
        try AudioEditor.applyGain(input: input, output: output, gain: 0.5)
        #expect(try integerSamples(output, bits: 16) == [8192, -8192, 14746, -14746, 2, 0])
    }

    @Test func gainOnFloatClipsToFullScale() throws {
        let input = directory.file("in.wav")
        try writeWAV(input, AudioFormat(sampleRate: 8000, channels: 1, encoding: .float32), [0.75, -0.75, 0.25])
        let output = directory.file("out.wav")
        try AudioEditor.applyGain(input: input, output: output, gain: 2)
        #expect(try readWAV(output).1 == [1, -1, 0.5])
        #expect(throws: AudioError.invalidGain(-1)) {
            try AudioEditor.applyGain(input: input, output: output, gain: -1)
        }
    }

    @Test func gainSettingsValidateAndCompose() throws {
        #expect(throws: AudioError.invalidGain(2.5)) { try AudioGain(linear: 2.5) }
        #expect(abs(try AudioGain(decibels: -6).linear - 0.501187) < 1e-6)
        #expect(abs(try AudioGain(linear: 2).decibels - 6.0206) < 1e-4)
        let effective = AudioGain.effective(take: try AudioGain(linear: 0.5), character: try AudioGain(linear: 1.5))
        #expect(effective == 0.75)
    }

    @Test func conversionRoundsToTheNearestValue() throws {
        let input = directory.file("in.wav")
        try writeWAV(input, AudioFormat(sampleRate: 8000, channels: 1, encoding: .int24), [0.5, -1, 384.0 / 8_388_608])
        let output = directory.file("out.wav")
        try AudioEditor.convert(input: input, output: output, encoding: .int16)
        #expect(try WAVReader(path: output).format.encoding == .int16)
        // 384/256 = 1.5 LSB of 16 bits: rounds half away from zero to 2.
        #expect(try integerSamples(output, bits: 16) == [16384, -32768, 2])
    }
}

@Suite struct LevelMeterTests {
    @Test func sineLevelsMatchTheory() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("sine.wav")
        let format = AudioFormat(sampleRate: 48_000, channels: 2, encoding: .float32)
        try SignalGenerator.writeFile(
            path: path, signal: .sine(frequency: 1000, amplitude: 0.5), format: format, frames: 48_000 + 1200)
        let levels = try LevelMeter.levels(ofFile: path)
        #expect(levels.count == 21)
        #expect(levels.map(\.time).prefix(3) == [0, 0.05, 0.1])
        #expect(levels.last?.time == 1.0)
        for level in levels {
            #expect(abs(level.rms - 0.5 / 2.0.squareRoot()) < 1e-6)
            #expect(abs(level.peak - 0.5) < 1e-6)
            #expect(abs(level.rmsDBFS - -9.0309) < 1e-3)
            #expect(abs(level.peakDBFS - -6.0206) < 1e-3)
        }
    }

    @Test func silenceIsTheFloor() {
        var meter = LevelMeter(format: AudioFormat(sampleRate: 100, channels: 1, encoding: .int16))
        let zeros = [Double](repeating: 0, count: 12)
        let levels = zeros.withUnsafeBufferPointer { meter.process($0.baseAddress!, frames: 12) }
        #expect(levels == [AudioLevel(time: 0, rms: 0, peak: 0), AudioLevel(time: 0.05, rms: 0, peak: 0)])
        #expect(levels[0].rmsDBFS == -120)
        #expect(meter.finish() == AudioLevel(time: 0.1, rms: 0, peak: 0))
    }
}
