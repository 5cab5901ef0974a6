/// Where a WAV file's audio sits and how it is encoded, as its header describes it.
///
///     let header = try WAVHeader.read(from: file)
///     header.frameCount  // whole frames in the data chunk
public struct WAVHeader: Sendable, Hashable {
    public var format: AudioFormat
    /// Byte offset of the first sample.
    public var dataOffset: Int
    /// Bytes of audio in the data chunk.
    public var dataByteCount: Int
    /// True when the `fmt ` chunk was WAVE_FORMAT_EXTENSIBLE.
    public var isExtensible: Bool
    /// The chunks that were skipped (LIST, fact, …), summarised.
    public var skippedChunks: WAVSkippedChunks

    public var frameCount: Int { dataByteCount / format.bytesPerFrame }

    static let extensibleTag: UInt16 = 0xFFFE
    /// The 14 bytes after the format code in KSDATAFORMAT_SUBTYPE_PCM and _IEEE_FLOAT.
    static let subformatSuffix: [UInt8] = [
        0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71,
    ]

    /// Reads and checks the header of an open WAV file.
    static func read(from file: AudioFile) throws(AudioError) -> WAVHeader {
        let path = file.path
        let fileSize = try file.size()
        let riff = try file.readBytes(12, at: 0)
        guard riff.count == 12 else {
            throw .malformedHeader(path: path, problem: "the file has \(fileSize) bytes, too short for a RIFF header")
        }
        guard riff.fourCC(at: 0) == "RIFF" else {
            throw .malformedHeader(
                path: path, problem: "starts with \(riff.fourCC(at: 0).debugDescription), not \"RIFF\"")
        }
        guard riff.fourCC(at: 8) == "WAVE" else {
            throw .malformedHeader(
                path: path, problem: "RIFF type is \(riff.fourCC(at: 8).debugDescription), not \"WAVE\"")
        }
        let riffSize = Int(riff.uint32(at: 4))
        var format: (AudioFormat, Bool)?
        var skipped = WAVSkippedChunks()
        var offset = 12
        while true {
            let chunk = try file.readBytes(8, at: offset)
            guard chunk.count == 8 else {
                let problem = format == nil ? "no \"fmt \" chunk" : "no \"data\" chunk"
                throw .malformedHeader(path: path, problem: problem)
            }
            let id = chunk.fourCC(at: 0)
            let size = Int(chunk.uint32(at: 4))
            let body = offset + 8
            switch id {
            case "fmt ":
                guard size >= 16 else {
                    throw .malformedHeader(path: path, problem: "\"fmt \" chunk is \(size) bytes, at least 16 expected")
                }
                guard size <= 65_536 else {
                    throw .malformedHeader(
                        path: path, problem: "\"fmt \" chunk claims \(size) bytes, at most 65536 expected")
                }
                guard body + size <= fileSize else {
                    throw .malformedHeader(path: path, problem: "\"fmt \" chunk runs past the end of the file")
                }
                let bytes = try file.readBytes(size, at: body)
                format = try parseFormat(bytes, path: path)
            case "data":
                guard let (audioFormat, extensible) = format else {
                    throw .malformedHeader(path: path, problem: "\"data\" chunk comes before the \"fmt \" chunk")
                }
                let available = fileSize - body
                // Placeholder sizes: 0 (Segue's recorder) or 0xFFFFFFFF (streaming tools such as arecord).
                if riffSize == 0 || size == 0xFFFF_FFFF || (size == 0 && riffSize + 8 < fileSize) {
                    throw .unfinishedRecording(path: path)
                }
                if size > available {
                    throw .truncatedData(path: path, declaredBytes: size, availableBytes: available)
                }
                guard size % audioFormat.bytesPerFrame == 0 else {
                    throw .malformedHeader(
                        path: path,
                        problem:
                            "\"data\" chunk holds \(size) bytes, not a whole number of \(audioFormat.bytesPerFrame)-byte frames"
                    )
                }
                guard riffSize + 8 >= body + size else {
                    throw .malformedHeader(
                        path: path,
                        problem: "RIFF size \(riffSize) is smaller than its chunks (\(body + size - 8) bytes)")
                }
                return WAVHeader(
                    format: audioFormat, dataOffset: body, dataByteCount: size, isExtensible: extensible,
                    skippedChunks: skipped)
            default:
                skipped.add(id)
                // Chunks are padded to an even size.
                offset = body + size + (size & 1)
                continue
            }
            offset = body + size + (size & 1)
        }
    }

    /// Decodes a `fmt ` chunk body into a format and whether it was extensible.
    static func parseFormat(_ bytes: [UInt8], path: String) throws(AudioError) -> (AudioFormat, Bool) {
        var tag = bytes.uint16(at: 0)
        let channels = Int(bytes.uint16(at: 2))
        let sampleRate = Int(bytes.uint32(at: 4))
        let byteRate = Int(bytes.uint32(at: 8))
        let blockAlign = Int(bytes.uint16(at: 12))
        let bits = Int(bytes.uint16(at: 14))
        var extensible = false
        if tag == extensibleTag {
            guard bytes.count >= 40, bytes.uint16(at: 16) >= 22 else {
                throw .malformedHeader(
                    path: path, problem: "WAVE_FORMAT_EXTENSIBLE \"fmt \" chunk is shorter than 40 bytes")
            }
            guard Array(bytes[26..<40]) == subformatSuffix else {
                throw .unsupportedFormat(path: path, problem: "extensible sub-format is not PCM or IEEE float")
            }
            let validBits = Int(bytes.uint16(at: 18))
            guard validBits == 0 || validBits == bits else {
                throw .unsupportedFormat(path: path, problem: "\(validBits) valid bits in \(bits)-bit containers")
            }
            tag = bytes.uint16(at: 24)
            extensible = true
        }
        guard tag == 1 || tag == 3 else {
            throw .unsupportedFormat(
                path: path, problem: "format code \(tag) (only 1 = PCM and 3 = IEEE float are read)")
        }
        guard channels > 0 else { throw .malformedHeader(path: path, problem: "zero channels") }
        guard sampleRate > 0 else { throw .malformedHeader(path: path, problem: "sample rate 0 Hz") }
        guard let encoding = SampleEncoding(bitsPerSample: bits, isFloat: tag == 3) else {
            throw .unsupportedFormat(path: path, problem: "\(bits)-bit \(tag == 3 ? "float" : "integer") samples")
        }
        let format = AudioFormat(sampleRate: sampleRate, channels: channels, encoding: encoding)
        do {
            try format.validate(context: path)
        } catch {
            throw .malformedHeader(path: path, problem: "\(error)")
        }
        guard blockAlign == format.bytesPerFrame else {
            throw .malformedHeader(
                path: path, problem: "block align is \(blockAlign), expected \(format.bytesPerFrame) for \(format)")
        }
        guard byteRate == format.bytesPerFrame * sampleRate else {
            throw .malformedHeader(
                path: path, problem: "byte rate is \(byteRate), expected \(format.bytesPerFrame * sampleRate)")
        }
        return (format, extensible)
    }

    /// The header bytes Segue writes, with the data size given (0 while a recording is in progress).
    static func bytes(for format: AudioFormat, dataByteCount: Int, extensible: Bool) -> [UInt8] {
        var fmt: [UInt8] = []
        let tag: UInt16 = format.encoding.isFloat ? 3 : 1
        fmt.appendUInt16(extensible ? extensibleTag : tag)
        fmt.appendUInt16(UInt16(format.channels))
        fmt.appendUInt32(UInt32(format.sampleRate))
        fmt.appendUInt32(UInt32(format.sampleRate * format.bytesPerFrame))
        fmt.appendUInt16(UInt16(format.bytesPerFrame))
        fmt.appendUInt16(UInt16(format.encoding.bitsPerSample))
        if extensible {
            fmt.appendUInt16(22)
            fmt.appendUInt16(UInt16(format.encoding.bitsPerSample))
            fmt.appendUInt32(channelMask(format.channels))
            fmt.appendUInt16(tag)
            fmt += subformatSuffix
        } else if format.encoding.isFloat {
            fmt.appendUInt16(0)
        }
        var out: [UInt8] = Array("RIFF".utf8)
        let pad = dataByteCount & 1
        out.appendUInt32(UInt32(truncatingIfNeeded: 4 + 8 + fmt.count + 8 + dataByteCount + pad))
        out += Array("WAVEfmt ".utf8)
        out.appendUInt32(UInt32(fmt.count))
        out += fmt
        out += Array("data".utf8)
        out.appendUInt32(UInt32(truncatingIfNeeded: dataByteCount))
        return out
    }

    /// The speaker positions WAVE_FORMAT_EXTENSIBLE assigns to the first `channels` channels.
    static func channelMask(_ channels: Int) -> UInt32 {
        switch channels {
        case 1: 0x4
        case 2: 0x3
        default: channels >= 32 ? 0 : UInt32((1 << channels) - 1)
        }
    }
}

extension [UInt8] {
    func uint16(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
            | UInt32(self[offset + 3]) << 24
    }

    func fourCC(at offset: Int) -> String {
        String(
            decoding: self[offset..<offset + 4].map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    mutating func appendUInt16(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    mutating func appendUInt32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
