import Foundation
import SegueAudio
import Testing

@Suite struct WAVErrorTests {
    let directory = TemporaryDirectory()

    private func readError(_ contents: [UInt8]) -> AudioError? {
        let path = directory.file("bad.wav")
        write(path, contents)
        do {
            _ = try WAVReader(path: path)
            return nil
        } catch {
            return error
        }
    }

    private var path: String { directory.file("bad.wav") }
    private let fmt16 = fmtChunk(channels: 1, rate: 8000, bits: 16)

    @Test func notRIFF() {
        let error = readError(Array("OggS0000WAVE".utf8))
        #expect(error == .malformedHeader(path: path, problem: "starts with \"OggS\", not \"RIFF\""))
        #expect(error?.description == "\(path): malformed WAV header: starts with \"OggS\", not \"RIFF\"")
    }

    @Test func notWAVE() {
        #expect(
            readError(Array("RIFF".utf8) + littleEndian32(4) + Array("AVI ".utf8))
                == .malformedHeader(path: path, problem: "RIFF type is \"AVI \", not \"WAVE\""))
    }

    @Test func tooShortForAHeader() {
        #expect(
            readError(Array("RIF".utf8))
                == .malformedHeader(path: path, problem: "the file has 3 bytes, too short for a RIFF header"))
    }

    @Test func zeroChannels() {
        let fmt = fmtChunk(channels: 0, rate: 8000, bits: 16, blockAlign: 0)
        #expect(
            readError(handMadeWAV(chunks: [("fmt ", fmt), ("data", [])]))
                == .malformedHeader(path: path, problem: "zero channels"))
    }

    @Test func compressedFormatIsUnsupported() {
        let fmt = fmtChunk(tag: 2, channels: 1, rate: 8000, bits: 4)
        let error = readError(handMadeWAV(chunks: [("fmt ", fmt), ("data", [0, 0])]))
        #expect(
            error == .unsupportedFormat(path: path, problem: "format code 2 (only 1 = PCM and 3 = IEEE float are read)")
        )
        #expect(error?.code == "unsupported_format")
    }

    @Test func twelveBitIsUnsupported() {
        let fmt = fmtChunk(channels: 1, rate: 8000, bits: 12, blockAlign: 2)
        #expect(
            readError(handMadeWAV(chunks: [("fmt ", fmt), ("data", [0, 0])]))
                == .unsupportedFormat(path: path, problem: "12-bit integer samples"))
    }

    @Test func wrongBlockAlign() {
        let fmt = fmtChunk(channels: 2, rate: 8000, bits: 16, blockAlign: 2)
        #expect(
            readError(handMadeWAV(chunks: [("fmt ", fmt), ("data", [0, 0, 0, 0])]))
                == .malformedHeader(
                    path: path, problem: "block align is 2, expected 4 for 8000 Hz, 2 channels, s16"))
    }

    @Test func truncatedData() {
        var file = handMadeWAV(chunks: [("fmt ", fmt16), ("data", [1, 0, 2, 0, 3, 0, 4, 0])])
        file.removeLast(3)
        let error = readError(file)
        #expect(error == .truncatedData(path: path, declaredBytes: 8, availableBytes: 5))
        #expect(
            error?.description
                == "\(path): truncated data: the header declares 8 bytes of audio but only 5 follow")
    }

    @Test func partialFrame() {
        #expect(
            readError(handMadeWAV(chunks: [("fmt ", fmt16), ("data", [1, 0, 2])]))
                == .malformedHeader(
                    path: path, problem: "\"data\" chunk holds 3 bytes, not a whole number of 2-byte frames"))
    }

    @Test func missingChunks() {
        #expect(
            readError(handMadeWAV(chunks: [("data", [0, 0])]))
                == .malformedHeader(path: path, problem: "\"data\" chunk comes before the \"fmt \" chunk"))
        #expect(
            readError(handMadeWAV(chunks: [("fmt ", fmt16)]))
                == .malformedHeader(path: path, problem: "no \"data\" chunk"))
        #expect(
            readError(handMadeWAV(chunks: [("LIST", [0, 0])]))
                == .malformedHeader(path: path, problem: "no \"fmt \" chunk"))
    }

    @Test func shortFormatChunk() {
        #expect(
            readError(handMadeWAV(chunks: [("fmt ", Array(fmt16.prefix(14))), ("data", [])]))
                == .malformedHeader(path: path, problem: "\"fmt \" chunk is 14 bytes, at least 16 expected"))
    }

    @Test func absurdFormatChunkSizeIsRefusedWithoutAllocating() {
        let file =
            Array("RIFF".utf8) + littleEndian32(100) + Array("WAVEfmt ".utf8) + littleEndian32(0x7FFF_0000) + fmt16
        #expect(
            readError(file)
                == .malformedHeader(
                    path: path, problem: "\"fmt \" chunk claims 2147418112 bytes, at most 65536 expected"))
    }

    @Test func riffSizeSmallerThanItsChunks() {
        #expect(
            readError(handMadeWAV(chunks: [("fmt ", fmt16), ("data", [0, 0, 0, 0])], riffSize: 20))
                == .malformedHeader(path: path, problem: "RIFF size 20 is smaller than its chunks (40 bytes)"))
    }

    @Test func placeholderSizesAreAnUnfinishedRecording() {
        let file = handMadeWAV(chunks: [("fmt ", fmt16), ("data", [])], riffSize: 0) + [1, 0, 2, 0]
        #expect(readError(file) == .unfinishedRecording(path: path))
    }

    @Test func missingFile() {
        let missing = directory.file("nope.wav")
        #expect(throws: AudioError.io(path: missing, operation: "open", reason: "No such file or directory")) {
            try WAVReader(path: missing)
        }
    }

    /// Corrupted and cut-short headers: each file either reads exactly the frames its header promises, or is
    /// refused with a message that names the file and what is wrong with it. Never a trap.
    @Test func garbageNeverTraps() {
        var generator = SignalGenerator(
            signal: .noise(amplitude: 1, seed: 42), format: AudioFormat(sampleRate: 8000, channels: 1, encoding: .int16)
        )
        var noise = [Double](repeating: 0, count: 64)
        let valid = handMadeWAV(chunks: [("fmt ", fmt16), ("data", [1, 0, 2, 0])])
        let fileProblems: Set<String> = [
            "malformed_header", "unsupported_format", "truncated_data", "unfinished_recording",
        ]
        var (read, refused) = (0, 0)
        for round in 0..<300 {
            noise.withUnsafeMutableBufferPointer { generator.generate(into: $0.baseAddress!, frames: 64) }
            var file = valid
            // Corrupt a few header bytes and sometimes cut the file short; every tenth file only its samples.
            let samplesOnly = round % 10 == 9
            for k in 0..<3 {
                let offset =
                    samplesOnly ? file.count - 4 + Int(abs(noise[k]) * 43) % 4 : Int(abs(noise[k]) * 43) % file.count
                file[offset] = UInt8(Int(abs(noise[k + 3]) * 255))
            }
            if round % 3 == 0, !samplesOnly { file.removeLast(Int(abs(noise[7]) * 40) % file.count) }
            write(path, file)
            do {
                let reader = try WAVReader(path: path)
                let samples = try reader.readAll()
                #expect(samples.count == reader.frameCount * reader.format.channels, "round \(round)")
                read += 1
            } catch {
                #expect(fileProblems.contains(error.code), "round \(round): \(error)")
                #expect(error.description.hasPrefix(path + ": "), "round \(round): \(error)")
                #expect(error.description.count > path.count + 10, "round \(round): \(error)")
                refused += 1
            }
        }
        // Corrupt samples are still audio; with this seed every corrupted header is refused. Both branches run.
        #expect(read == 30 && refused == 270, "read \(read), refused \(refused)")
    }
}
