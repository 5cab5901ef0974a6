import Foundation
import Testing

@testable import SegueAudio

/// The voice-like recording input: levels that move like speech, the same on every run (P10).
@Suite struct VoiceSignalTests {
    static let format = AudioFormat(sampleRate: 44_100, channels: 1, encoding: .int16)

    /// The 50 ms RMS levels (dBFS) of `seconds` of the voice, written to a WAV file and metered from it.
    func levels(seed: UInt64 = 1, seconds: Double = 10) throws -> [Double] {
        let directory = TemporaryDirectory()
        let path = directory.file("voice.wav")
        try SignalGenerator.writeFile(
            path: path, signal: .voice(amplitude: 0.8, seed: seed), format: Self.format,
            frames: Int(seconds * Double(Self.format.sampleRate)))
        return try LevelMeter.levels(ofFile: path).map { 20 * log10($0.rms) }
    }

    @Test func itsLevelSwingsBetweenSyllablesAndPausesLikeSpeech() throws {
        let decibels = try levels()
        let loud = decibels.filter { $0 > -25 }.count
        let pauses = decibels.filter { $0 < -45 }.count
        // Mostly voiced, with a pause between words every second or so.
        #expect(Double(loud) / Double(decibels.count) > 0.4)
        #expect(Double(pauses) / Double(decibels.count) > 0.15)
        // Never clipped, never silent: the loudest syllables peak well under full scale, pauses keep a noise floor.
        let loudest = try #require(decibels.max())
        let quietest = try #require(decibels.min())
        #expect(loudest > -15 && loudest < -6)
        #expect(quietest > -56 && quietest < -50)
        // Neighbouring windows differ, as a meter's bars should.
        let moves = zip(decibels, decibels.dropFirst()).filter { abs($0 - $1) > 3 }.count
        #expect(moves > decibels.count / 5)
    }

    @Test func theSameSeedGivesTheSameSamplesAndAnotherSeedOthers() throws {
        let first = try levels(seconds: 3)
        #expect(try levels(seconds: 3) == first)
        #expect(try levels(seed: 2, seconds: 3) != first)
    }

    @Test func blocksContinueTheSignalWhereTheLastEnded() {
        var whole = SignalGenerator(signal: .voice(amplitude: 0.8, seed: 3), format: Self.format)
        var pieces = SignalGenerator(signal: .voice(amplitude: 0.8, seed: 3), format: Self.format)
        let one = UnsafeMutablePointer<Double>.allocate(capacity: 10_000)
        let two = UnsafeMutablePointer<Double>.allocate(capacity: 10_000)
        defer {
            one.deallocate()
            two.deallocate()
        }
        whole.generate(into: one, frames: 10_000)
        pieces.generate(into: two, frames: 3_333)
        pieces.generate(into: two + 3_333, frames: 6_667)
        #expect((0..<10_000).allSatisfy { one[$0] == two[$0] })
        #expect((0..<10_000).allSatisfy { abs(one[$0]) <= 1 })
    }

    @Test func everyChannelCarriesTheSameVoice() {
        let stereo = AudioFormat(sampleRate: 16_000, channels: 2, encoding: .float32)
        var generator = SignalGenerator(signal: .voice(amplitude: 0.8, seed: 1), format: stereo)
        let samples = UnsafeMutablePointer<Double>.allocate(capacity: 8_000)
        defer { samples.deallocate() }
        generator.generate(into: samples, frames: 4_000)
        #expect((0..<4_000).allSatisfy { samples[2 * $0] == samples[2 * $0 + 1] })
        #expect((0..<4_000).contains { abs(samples[2 * $0]) > 0.1 })
    }

    @Test func splitMixMatchesTheReferenceSequence() {
        // The published SplitMix64 outputs for seed 0, which `.noise` has always produced.
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }
}
