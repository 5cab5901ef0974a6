/// A block-by-block supplier of stored-format audio frames.
protocol AudioSource {
    var format: AudioFormat { get }
    /// Fills up to `frames` frames of stored bytes into `target`; 0 means the input ended.
    mutating func read(into target: UnsafeMutableRawPointer, frames: Int) throws(AudioError) -> Int
}

struct FileSource: AudioSource {
    let reader: WAVReader
    var format: AudioFormat { reader.format }

    func read(into target: UnsafeMutableRawPointer, frames: Int) throws(AudioError) -> Int {
        try reader.readStored(frames: frames, into: target)
    }
}

/// Reads a raw stream; a partial frame at the end of the stream is dropped.
struct StreamSource: AudioSource {
    let file: AudioFile
    let format: AudioFormat

    func read(into target: UnsafeMutableRawPointer, frames: Int) throws(AudioError) -> Int {
        let got = try file.readSequential(into: target, count: frames * format.bytesPerFrame)
        return got / format.bytesPerFrame
    }
}

final class GeneratorSource: AudioSource {
    var generator: SignalGenerator
    var format: AudioFormat { generator.format }
    private var samples: UnsafeMutablePointer<Double>
    private var capacity = 0

    init(generator: SignalGenerator) {
        self.generator = generator
        samples = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    }

    deinit { samples.deallocate() }

    func read(into target: UnsafeMutableRawPointer, frames: Int) throws(AudioError) -> Int {
        let count = frames * format.channels
        if capacity < count {
            samples.deallocate()
            samples = UnsafeMutablePointer<Double>.allocate(capacity: count)
            capacity = count
        }
        generator.generate(into: samples, frames: frames)
        SampleCodec.encode(samples, count: count, encoding: format.encoding, into: target)
        return frames
    }
}
