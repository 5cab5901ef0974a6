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
    private var random: UInt64

    public init(signal: TestSignal, format: AudioFormat) {
        self.signal = signal
        self.format = format
        if case .noise(_, let seed) = signal { random = seed } else { random = 0 }
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
            for i in 0..<frames * channels {
                // SplitMix64: small, fast and reproducible from the seed.
                random &+= 0x9E37_79B9_7F4A_7C15
                var z = random
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                let unit = Double(z >> 11) * (1.0 / 9_007_199_254_740_992)
                target[i] = amplitude * (2 * unit - 1)
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
