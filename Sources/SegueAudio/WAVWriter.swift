/// Writes a WAV file block by block: a placeholder header first, the sizes filled in by `finish()`.
///
/// Until `finish()` the header's sizes stay 0, so a process killed mid-recording leaves a file that
/// `WAVRepair` recognises and repairs.
///
///     let writer = try WAVWriter(path: "out.wav", format: format)
///     try writer.write(samples)
///     try writer.finish()
public final class WAVWriter {
    public let path: String
    public let format: AudioFormat
    public let isExtensible: Bool
    public private(set) var framesWritten = 0
    public private(set) var isFinished = false

    private let file: AudioFile
    private let headerSize: Int
    private var raw: UnsafeMutableRawPointer
    private var rawCapacity = 0

    /// Creates (or truncates) `path`. `extensible` defaults to WAVE_FORMAT_EXTENSIBLE for more than 2 channels.
    public init(path: String, format: AudioFormat, extensible: Bool? = nil) throws(AudioError) {
        try format.validate(context: path)
        self.path = path
        self.format = format
        isExtensible = extensible ?? (format.channels > 2)
        file = try AudioFile(path: path, mode: .create)
        var header = WAVHeader.bytes(for: format, dataByteCount: 0, extensible: isExtensible)
        // Placeholder RIFF size 0 marks the file as unfinished.
        header.replaceSubrange(4..<8, with: [0, 0, 0, 0])
        headerSize = header.count
        raw = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 16)
        try file.write(header, at: 0)
    }

    deinit { raw.deallocate() }

    private var dataBytes: Int { framesWritten * format.bytesPerFrame }

    /// Appends frames already in the file's stored encoding; `byteCount` must be whole frames.
    public func writeStored(_ bytes: UnsafeRawPointer, byteCount: Int) throws(AudioError) {
        try checkAppend(byteCount)
        try file.write(bytes, count: byteCount, at: headerSize + dataBytes)
        framesWritten += byteCount / format.bytesPerFrame
    }

    /// Appends whole frames copied straight from another file's bytes.
    func appendCopy(from source: AudioFile, at offset: Int, byteCount: Int) throws(AudioError) {
        try checkAppend(byteCount)
        try file.copy(from: source, at: offset, count: byteCount, to: headerSize + dataBytes)
        framesWritten += byteCount / format.bytesPerFrame
    }

    private func checkAppend(_ byteCount: Int) throws(AudioError) {
        guard !isFinished else { throw .invalidState("\(path): the WAV file is already finished") }
        guard byteCount % format.bytesPerFrame == 0 else {
            throw .invalidRange("\(byteCount) bytes is not a whole number of \(format.bytesPerFrame)-byte frames")
        }
        guard dataBytes + byteCount <= 0xFFFF_FFF0 - headerSize else {
            throw .invalidRange("\(path): a WAV file holds at most 4 GiB of audio")
        }
    }

    /// Encodes and appends interleaved samples (±1 full scale; integers are rounded and clipped).
    public func write(_ samples: UnsafePointer<Double>, frames: Int) throws(AudioError) {
        let bytes = frames * format.bytesPerFrame
        if bytes > rawCapacity {
            raw.deallocate()
            raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
            rawCapacity = bytes
        }
        SampleCodec.encode(samples, count: frames * format.channels, encoding: format.encoding, into: raw)
        try writeStored(raw, byteCount: bytes)
    }

    /// Encodes and appends interleaved samples; the count must be a multiple of the channel count.
    public func write(_ samples: [Double]) throws(AudioError) {
        guard samples.count % format.channels == 0 else {
            throw .invalidRange("\(samples.count) samples is not a whole number of \(format.channels)-channel frames")
        }
        let source = UnsafeMutablePointer<Double>.allocate(capacity: max(1, samples.count))
        defer { source.deallocate() }
        source.initialize(from: samples, count: samples.count)
        try write(source, frames: samples.count / format.channels)
    }

    /// Writes the final sizes (and the pad byte after odd-sized data) and closes the file; `durable` also
    /// flushes it to disk first, for a file about to replace another by rename.
    public func finish(durable: Bool = false) throws(AudioError) {
        guard !isFinished else { return }
        var end = headerSize + dataBytes
        if dataBytes & 1 == 1 {
            try file.write([0], at: end)
            end += 1
        }
        try file.truncate(to: end)
        let header = WAVHeader.bytes(for: format, dataByteCount: dataBytes, extensible: isExtensible)
        try file.write(header, at: 0)
        if durable { try file.synchronize() }
        try file.close()
        isFinished = true
    }
}
