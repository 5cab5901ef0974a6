import Foundation
import SegueAudio
import Testing

@Suite struct WAVRoundTripTests {
    /// Values every encoding can hold exactly (multiples of 1/128), including full-scale negative.
    static let exactSamples: [Double] = [0, 0.5, -0.5, -1, 0.25, -0.25, 0.125, 127.0 / 128]

    @Test(arguments: SampleEncoding.allCases, [1, 2, 6])
    func roundTripKeepsEverySample(encoding: SampleEncoding, channels: Int) throws {
        let directory = TemporaryDirectory()
        let format = AudioFormat(sampleRate: 22_050, channels: channels, encoding: encoding)
        var samples: [Double] = []
        for frame in 0..<101 {
            for channel in 0..<channels {
                samples.append(Self.exactSamples[(frame + channel) % Self.exactSamples.count])
            }
        }
        let path = directory.file("round.wav")
        try writeWAV(path, format, samples)
        let reader = try WAVReader(path: path)
        #expect(reader.format == format)
        #expect(reader.frameCount == 101)
        #expect(reader.header.isExtensible == (channels > 2))
        #expect(try reader.readAll() == samples)
        // Odd data sizes (8-bit mono, 24-bit mono with an odd frame count) are padded to an even size.
        let dataBytes = 101 * format.bytesPerFrame
        #expect(bytes(path).count == reader.header.dataOffset + dataBytes + dataBytes % 2)
    }

    @Test func sixteenBitMonoHeaderIsTheCanonical44Bytes() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("mono.wav")
        try writeWAV(path, AudioFormat(sampleRate: 8000, channels: 1, encoding: .int16), [0.5, -1])
        let expected: [UInt8] =
            Array("RIFF".utf8) + littleEndian32(40) + Array("WAVEfmt ".utf8) + littleEndian32(16)
            + fmtChunk(channels: 1, rate: 8000, bits: 16) + Array("data".utf8) + littleEndian32(4)
            + [0x00, 0x40, 0x00, 0x80]
        #expect(bytes(path) == expected)
    }

    @Test func integerEncodingRoundsAndClipsInsteadOfWrapping() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("clip.wav")
        let format = AudioFormat(sampleRate: 8000, channels: 1, encoding: .int16)
        try writeWAV(path, format, [1.5, -3, 1.0, 0.5 / 32768, -0.5 / 32768, 1.4 / 32768])
        #expect(try integerSamples(path, bits: 16) == [32767, -32768, 32767, 1, -1, 1])
    }

    @Test func unknownChunksAndOddPaddingAreSkipped() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("chunks.wav")
        let data: [UInt8] = [0x01, 0x00, 0xFF, 0xFF]
        write(
            path,
            handMadeWAV(chunks: [
                ("LIST", Array("INFOISFT".utf8) + [1, 2, 3]),  // 11 bytes: one pad byte follows
                ("fmt ", fmtChunk(channels: 1, rate: 16_000, bits: 16)),
                ("fact", littleEndian32(2)),
                ("data", data),
                ("LIST", [0, 0]),
            ]))
        let reader = try WAVReader(path: path)
        #expect(reader.header.skippedChunks.ids == ["LIST", "fact"])
        #expect(reader.header.skippedChunks.description == "LIST, fact")
        #expect(try integerSamples(path, bits: 16) == [1, -1])
    }

    @Test func extensibleFloatFromHandMadeHeaderIsRead() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("ext.wav")
        let suffix: [UInt8] = [0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71]
        let fmt =
            fmtChunk(tag: 0xFFFE, channels: 1, rate: 48_000, bits: 32) + littleEndian16(22) + littleEndian16(32)
            + littleEndian32(4) + littleEndian16(3) + suffix
        write(path, handMadeWAV(chunks: [("fmt ", fmt), ("data", littleEndian32(Float(0.25).bitPattern))]))
        let (format, samples) = try readWAV(path)
        #expect(format == AudioFormat(sampleRate: 48_000, channels: 1, encoding: .float32))
        #expect(samples == [0.25])
    }

    @Test func longFileIsReadInBlocksWithTheSameSamples() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("long.wav")
        let format = AudioFormat(sampleRate: 48_000, channels: 2, encoding: .int24)
        try SignalGenerator.writeFile(
            path: path, signal: .noise(amplitude: 0.9, seed: 7), format: format, frames: 100_000)
        let reader = try WAVReader(path: path)
        var block = [Double](repeating: 0, count: 1000 * 2)
        var total = 0
        var generator = SignalGenerator(signal: .noise(amplitude: 0.9, seed: 7), format: format)
        var expected = [Double](repeating: 0, count: 1000 * 2)
        while true {
            let count = try reader.read(into: &block)
            if count == 0 { break }
            expected.withUnsafeMutableBufferPointer { generator.generate(into: $0.baseAddress!, frames: count) }
            for i in 0..<count * 2 { #expect(abs(block[i] - expected[i]) <= 0.5 / 8_388_608 + 1e-15) }
            total += count
        }
        #expect(total == 100_000)
    }
}
