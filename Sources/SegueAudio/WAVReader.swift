/// Reads a WAV file's audio in blocks, in constant memory however long the file is.
///
///     let reader = try WAVReader(path: "take.wav")
///     var block = [Double](repeating: 0, count: 4096 * reader.format.channels)
///     while try reader.read(into: &block) > 0 { … }
public final class WAVReader {
    public let path: String
    public let header: WAVHeader
    public var format: AudioFormat { header.format }
    public var frameCount: Int { header.frameCount }
    public var duration: Double { format.seconds(frames: frameCount) }
    /// The next frame `read` returns.
    public private(set) var position = 0

    private let file: AudioFile
    private var raw: UnsafeMutableRawPointer
    private var rawCapacity: Int

    public init(path: String) throws(AudioError) {
        self.path = path
        file = try AudioFile(path: path, mode: .read)
        header = try WAVHeader.read(from: file)
        rawCapacity = 0
        raw = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 16)
    }

    deinit { raw.deallocate() }

    /// Moves the read position to `frame` (0…frameCount).
    public func seek(toFrame frame: Int) throws(AudioError) {
        guard frame >= 0, frame <= frameCount else {
            throw .invalidRange("frame \(frame) is outside 0…\(frameCount) of \(path)")
        }
        position = frame
    }

    /// Copies up to `frames` stored frames to `target` as they are in the file; returns the frames copied.
    public func readStored(frames: Int, into target: UnsafeMutableRawPointer) throws(AudioError) -> Int {
        let count = min(frames, frameCount - position)
        guard count > 0 else { return 0 }
        let bytes = count * format.bytesPerFrame
        let got = try file.read(
            into: target, count: bytes, at: header.dataOffset + position * format.bytesPerFrame)
        guard got == bytes else {
            throw .truncatedData(
                path: path, declaredBytes: header.dataByteCount,
                availableBytes: position * format.bytesPerFrame + got)
        }
        position += count
        return count
    }

    /// Appends up to `frames` frames, as stored, to `writer` (same format) without decoding; returns the frames.
    public func copyStored(frames: Int, to writer: WAVWriter) throws(AudioError) -> Int {
        guard writer.format == format else {
            throw .incompatibleFormats("cannot copy \(format) frames into a \(writer.format) file")
        }
        let count = min(frames, frameCount - position)
        guard count > 0 else { return 0 }
        try writer.appendCopy(
            from: file, at: header.dataOffset + position * format.bytesPerFrame, byteCount: count * format.bytesPerFrame
        )
        position += count
        return count
    }

    /// Decodes as many whole frames as fit in `buffer` (interleaved, ±1 full scale); returns the frames read.
    public func read(into buffer: inout [Double]) throws(AudioError) -> Int {
        let frames = buffer.count / format.channels
        let target = UnsafeMutablePointer<Double>.allocate(capacity: max(1, frames * format.channels))
        defer { target.deallocate() }
        let count = try read(into: target, frames: frames)
        for i in 0..<count * format.channels { buffer[i] = target[i] }
        return count
    }

    /// Decodes up to `frames` frames into `target`; returns the frames read (0 at the end).
    public func read(into target: UnsafeMutablePointer<Double>, frames: Int) throws(AudioError) -> Int {
        let bytes = frames * format.bytesPerFrame
        if bytes > rawCapacity {
            raw.deallocate()
            raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
            rawCapacity = bytes
        }
        let count = try readStored(frames: frames, into: raw)
        SampleCodec.decode(raw, count: count * format.channels, encoding: format.encoding, into: target)
        return count
    }

    /// Reads the whole file into memory; for tests and short clips only.
    public func readAll() throws(AudioError) -> [Double] {
        var samples = [Double](repeating: 0, count: (frameCount - position) * format.channels)
        if samples.isEmpty { return [] }
        _ = try read(into: &samples)
        return samples
    }
}
