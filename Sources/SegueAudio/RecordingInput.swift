/// Where a recording's samples come from.
///
///     .signal(.sine(frequency: 440, amplitude: 0.5), AudioFormat(sampleRate: 48_000, channels: 1, encoding: .int16))
///     .stream(descriptor: 0, name: "stdin", format: format)   // e.g. `arecord -t raw -f S16_LE … | segue …`
public enum RecordingInput: Sendable, Hashable {
    /// A WAV file, played in as if it were the microphone; the recording ends at its end.
    case file(path: String)
    /// Raw interleaved little-endian PCM from an open descriptor (stdin, a pipe); ends at end of stream.
    /// The stream paces itself, so no clock pacing is applied.
    case stream(descriptor: Int32, name: String, format: AudioFormat)
    /// A generated signal, endless until stopped.
    case signal(TestSignal, AudioFormat)

    /// True when the source delivers samples at its own pace (a device or pipe).
    var pacesItself: Bool {
        if case .stream = self { return true }
        return false
    }

    /// Opens the source for one recording.
    func open() throws(AudioError) -> any AudioSource {
        switch self {
        case .file(let path): return FileSource(reader: try WAVReader(path: path))
        case .stream(let descriptor, let name, let format):
            try format.validate(context: name)
            return StreamSource(file: AudioFile(borrowing: descriptor, name: name), format: format)
        case .signal(let signal, let format):
            try format.validate(context: "test signal")
            return GeneratorSource(generator: SignalGenerator(signal: signal, format: format))
        }
    }
}

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
