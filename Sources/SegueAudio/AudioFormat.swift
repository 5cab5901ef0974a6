import SegueDiagnostics

/// How one sample is stored in a WAV file's data chunk.
///
///     SampleEncoding.int16.bytesPerSample  // 2
public enum SampleEncoding: String, Sendable, Hashable, Codable, CaseIterable {
    /// Unsigned 8-bit integer, silence at 128 (the WAV convention for 8 bits).
    case uint8
    case int16
    /// Signed 24-bit integer, packed in 3 little-endian bytes.
    case int24
    case int32
    case float32
    case float64

    public var bytesPerSample: Int {
        switch self {
        case .uint8: 1
        case .int16: 2
        case .int24: 3
        case .int32, .float32: 4
        case .float64: 8
        }
    }

    public var bitsPerSample: Int { bytesPerSample * 8 }

    public var isFloat: Bool { self == .float32 || self == .float64 }

    /// The encoding a WAV `fmt ` chunk describes, or nil when Segue does not read it.
    public init?(bitsPerSample: Int, isFloat: Bool) {
        switch (bitsPerSample, isFloat) {
        case (8, false): self = .uint8
        case (16, false): self = .int16
        case (24, false): self = .int24
        case (32, false): self = .int32
        case (32, true): self = .float32
        case (64, true): self = .float64
        default: return nil
        }
    }

    /// Parses the names the CLI accepts: `u8`, `s16`, `s24`, `s32`, `f32`, `f64` (or the case names).
    public init?(name: String) {
        switch name.lowercased() {
        case "u8", "uint8", "8": self = .uint8
        case "s16", "int16", "16": self = .int16
        case "s24", "int24", "24": self = .int24
        case "s32", "int32", "32": self = .int32
        case "f32", "float32", "float": self = .float32
        case "f64", "float64", "double": self = .float64
        default: return nil
        }
    }

    /// The short name the CLI prints: `s16`, `f32`, …
    public var shortName: String {
        switch self {
        case .uint8: "u8"
        case .int16: "s16"
        case .int24: "s24"
        case .int32: "s32"
        case .float32: "f32"
        case .float64: "f64"
        }
    }
}

/// The shape of PCM audio: sample rate, channel count and sample encoding.
///
///     AudioFormat(sampleRate: 48_000, channels: 2, encoding: .int16).bytesPerFrame  // 4
public struct AudioFormat: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Frames per second.
    public var sampleRate: Int
    public var channels: Int
    public var encoding: SampleEncoding

    public init(sampleRate: Int, channels: Int, encoding: SampleEncoding) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.encoding = encoding
    }

    /// Bytes of one frame: one sample for every channel.
    public var bytesPerFrame: Int { channels * encoding.bytesPerSample }

    /// Checks the values a WAV header or a caller supplied, naming the first one that is wrong.
    public func validate(context: String) throws(AudioError) {
        guard channels > 0 else { throw .invalidFormat(context, "zero channels") }
        guard channels <= 64 else { throw .invalidFormat(context, "\(channels) channels (at most 64)") }
        guard sampleRate > 0 else { throw .invalidFormat(context, "sample rate \(sampleRate) Hz") }
        guard sampleRate <= 1_536_000 else {
            throw .invalidFormat(context, "sample rate \(sampleRate) Hz (at most 1536000)")
        }
    }

    /// Seconds that `frames` frames last.
    public func seconds(frames: Int) -> Double { Double(frames) / Double(sampleRate) }

    /// Frames in `seconds`, rounded to the nearest frame.
    public func frames(seconds: Double) -> Int { Int((seconds * Double(sampleRate)).rounded()) }

    public var description: String {
        "\(sampleRate) Hz, \(Plural.english(channels, "channel")), \(encoding.shortName)"
    }
}
