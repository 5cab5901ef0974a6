import Foundation
import SegueAudio
import Testing

@Suite struct MixdownTests {
    let directory = TemporaryDirectory()

    @Test func clipsPlayOneAfterAnotherWithTheirGains() throws {
        let format = AudioFormat(sampleRate: 8000, channels: 1, encoding: .int16)
        try writeWAV(directory.file("a.wav"), format, [0.5, -0.5, 0.25])
        try writeWAV(directory.file("b.wav"), format, [0.75, -0.75])
        let summary = try Mixdown.render(
            [
                Mixdown.Item(path: directory.file("a.wav"), gain: 0.5),
                Mixdown.Item(path: directory.file("b.wav"), range: 1..<2, gain: 2),
                Mixdown.Item(path: directory.file("a.wav"), range: 0..<1),
            ], to: directory.file("mix.wav"))
        #expect(summary.frames == 5)
        // -0.75 × 2 clips at full scale rather than wrapping to a positive value.
        #expect(try integerSamples(directory.file("mix.wav"), bits: 16) == [8192, -8192, 4096, -32768, 16384])
    }

    @Test func upsamplingInterpolatesLinearlyBetweenFrames() throws {
        try writeWAV(
            directory.file("slow.wav"), AudioFormat(sampleRate: 4000, channels: 1, encoding: .float32), [0, 0.5, 1, -1])
        let target = AudioFormat(sampleRate: 8000, channels: 1, encoding: .float64)
        try Mixdown.render(
            [Mixdown.Item(path: directory.file("slow.wav"))], to: directory.file("fast.wav"), format: target)
        // Output frame k sits at input position k/2; past the last input frame the last value is held.
        #expect(try readWAV(directory.file("fast.wav")).1 == [0, 0.25, 0.5, 0.75, 1, 0, -1, -1])
    }

    @Test func downsamplingPicksPositionsExactly() throws {
        let samples = (0..<12).map { Double($0) / 16 }
        try writeWAV(
            directory.file("in.wav"), AudioFormat(sampleRate: 48_000, channels: 1, encoding: .float64), samples)
        let target = AudioFormat(sampleRate: 32_000, channels: 1, encoding: .float64)
        try Mixdown.render(
            [Mixdown.Item(path: directory.file("in.wav"))], to: directory.file("out.wav"), format: target)
        // Position k × 1.5: frames 0, 1.5, 3, 4.5, … → values (k × 1.5) / 16.
        #expect(try readWAV(directory.file("out.wav")).1 == (0..<8).map { Double($0) * 1.5 / 16 })
    }

    @Test func monoSpreadsAndStereoFoldsByAveraging() throws {
        try writeWAV(directory.file("mono.wav"), AudioFormat(sampleRate: 8000, channels: 1, encoding: .float32), [0.5])
        try writeWAV(
            directory.file("stereo.wav"), AudioFormat(sampleRate: 8000, channels: 2, encoding: .float32), [0.5, 0.25])
        try Mixdown.render(
            [Mixdown.Item(path: directory.file("stereo.wav")), Mixdown.Item(path: directory.file("mono.wav"))],
            to: directory.file("stereo-mix.wav"))
        #expect(try readWAV(directory.file("stereo-mix.wav")).1 == [0.5, 0.25, 0.5, 0.5])
        try Mixdown.render(
            [Mixdown.Item(path: directory.file("mono.wav")), Mixdown.Item(path: directory.file("stereo.wav"))],
            to: directory.file("mono-mix.wav"))
        #expect(try readWAV(directory.file("mono-mix.wav")).1 == [0.5, 0.375])
    }

    @Test func unmappableChannelsAreRefusedBeforeWriting() throws {
        let stereo = AudioFormat(sampleRate: 8000, channels: 2, encoding: .int16)
        try writeWAV(directory.file("stereo.wav"), stereo, [0, 0])
        try writeWAV(
            directory.file("six.wav"), AudioFormat(sampleRate: 8000, channels: 6, encoding: .int16), [0, 0, 0, 0, 0, 0])
        let six = directory.file("six.wav")
        #expect(
            throws: AudioError.incompatibleFormats(
                "\(six) has 6 channels and the mix has 2; only mono ↔ multichannel is mapped")
        ) {
            try Mixdown.render(
                [Mixdown.Item(path: directory.file("stereo.wav")), Mixdown.Item(path: six)],
                to: directory.file("mix.wav"))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("mix.wav")))
        #expect(throws: AudioError.invalidRange("a mixdown needs at least one clip")) {
            try Mixdown.render([], to: directory.file("mix.wav"))
        }
    }
}
