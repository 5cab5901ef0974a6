#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A volume setting, linear 0…2 (1 leaves the audio unchanged, 2 is about +6 dB), as a take or a character keeps it.
///
///     try AudioGain(decibels: -6).linear  // 0.501…
public struct AudioGain: Sendable, Hashable, Codable {
    public static let maximum = 2.0
    public static let unity = AudioGain(checked: 1)

    public let linear: Double

    /// Accepts 0…2; anything else (negative, above 2, NaN) is `AudioError.invalidGain`.
    public init(linear: Double) throws(AudioError) {
        guard linear.isFinite, linear >= 0, linear <= Self.maximum else { throw .invalidGain(linear) }
        self.linear = linear
    }

    /// Accepts decibels up to +6.02 dB (linear 2); `-infinity` is silence.
    public init(decibels: Double) throws(AudioError) {
        try self.init(linear: decibels == -.infinity ? 0 : pow(10, decibels / 20))
    }

    private init(checked linear: Double) { self.linear = linear }

    /// The gain in dB; `-infinity` for silence.
    public var decibels: Double { linear > 0 ? 20 * log10(linear) : -.infinity }

    /// A take's gain composed with its character's gain: their product, 0…4, what playback and mixdown apply.
    public static func effective(take: AudioGain, character: AudioGain) -> Double { take.linear * character.linear }
}
