/// A generated input for recording without a microphone: a sine tone, seeded noise, a voice-like signal or
/// silence.
///
///     TestSignal.sine(frequency: 440, amplitude: 0.5)
public enum TestSignal: Sendable, Hashable, Codable {
    /// `amplitude · sin(2π · frequency · n / sampleRate)` on every channel.
    case sine(frequency: Double, amplitude: Double)
    /// Uniform white noise in `±amplitude`, the same for a given seed on every run; channels differ.
    case noise(amplitude: Double, seed: UInt64)
    /// Speech-like: words of voiced syllables and pauses, peaking near `amplitude`, the same for a given seed
    /// (`VoiceSignal`); the default recording input, so a level meter moves as it would for a person reading.
    case voice(amplitude: Double, seed: UInt64)
    case silence
}
