#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Produces a `TestSignal`'s samples block after block, continuing where the last block ended.
public struct SignalGenerator: Sendable {
    public let signal: TestSignal
    public let format: AudioFormat
    /// The next frame's index.
    public private(set) var frame = 0
    private var random: SplitMix64
    private var voice: VoiceSignal?

    public init(signal: TestSignal, format: AudioFormat) {
        self.signal = signal
        self.format = format
        random = SplitMix64(seed: 0)
        switch signal {
        case .noise(_, let seed): random = SplitMix64(seed: seed)
        case .voice(let amplitude, let seed):
            voice = VoiceSignal(amplitude: amplitude, seed: seed, sampleRate: format.sampleRate)
        case .sine, .silence: break
        }
    }

    /// Fills `frames` interleaved frames.
    public mutating func generate(into target: UnsafeMutablePointer<Double>, frames: Int) {
        let channels = format.channels
        switch signal {
        case .sine(let frequency, let amplitude):
            let step = 2 * Double.pi * frequency / Double(format.sampleRate)
            for i in 0..<frames {
                let value = amplitude * sin(step * Double(frame + i))
                for c in 0..<channels { target[i * channels + c] = value }
            }
        case .noise(let amplitude, _):
            for i in 0..<frames * channels { target[i] = amplitude * (2 * random.unit() - 1) }
        case .voice:
            for i in 0..<frames {
                let value = voice?.next() ?? 0
                for c in 0..<channels { target[i * channels + c] = value }
            }
        case .silence:
            for i in 0..<frames * channels { target[i] = 0 }
        }
        frame += frames
    }

    /// Writes `frames` frames of the signal to a new WAV file at `path`, in blocks.
    public static func writeFile(
        path: String, signal: TestSignal, format: AudioFormat, frames: Int, extensible: Bool? = nil
    ) throws(AudioError) {
        var generator = SignalGenerator(signal: signal, format: format)
        let writer = try WAVWriter(path: path, format: format, extensible: extensible)
        let block = UnsafeMutablePointer<Double>.allocate(capacity: AudioEditor.blockFrames * format.channels)
        defer { block.deallocate() }
        var remaining = frames
        while remaining > 0 {
            let count = min(remaining, AudioEditor.blockFrames)
            generator.generate(into: block, frames: count)
            try writer.write(block, frames: count)
            remaining -= count
        }
        try writer.finish()
    }
}
