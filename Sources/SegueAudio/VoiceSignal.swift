#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A generated stand-in for someone reading a line aloud: words of one to four syllables with pauses between,
/// each syllable a buzzy voiced tone (a pitch that glides, five harmonics) under a rise-and-fall envelope, over a
/// faint noise floor. Its level moves the way speech does, so a recording screen's meter moves (P10), and it is
/// the same for the same seed on every run.
///
///     var voice = VoiceSignal(amplitude: 0.8, seed: 1, sampleRate: 44_100)
///     let sample = voice.next()
struct VoiceSignal: Sendable {
    let amplitude: Double
    let sampleRate: Double
    private var random: SplitMix64
    private var segment = Segment(frames: 0, syllable: false, peak: 0, startPitch: 0, endPitch: 0)
    private var position = 0
    private var syllablesLeft = 0
    private var phase = 0.0

    /// One syllable or one pause.
    private struct Segment: Sendable {
        var frames: Int
        var syllable: Bool
        var peak: Double
        var startPitch: Double
        var endPitch: Double
    }

    /// The room's hiss under the voice, about −53 dBFS RMS.
    static let noiseFloor = 0.004
    /// Five harmonics at 1/k sum to at most about 1.86; this keeps the tone within ±1.
    private static let harmonicScale = 1 / 1.9

    init(amplitude: Double, seed: UInt64, sampleRate: Int) {
        self.amplitude = amplitude
        self.sampleRate = Double(max(sampleRate, 1))
        random = SplitMix64(seed: seed)
    }

    /// The next sample, in ±1.
    mutating func next() -> Double {
        if position >= segment.frames { plan() }
        let progress = Double(position) / Double(segment.frames)
        position += 1
        let hiss = Self.noiseFloor * (2 * random.unit() - 1)
        guard segment.syllable else { return hiss }
        // A quick rise and a slower fall: the peak sits about a third of the way in.
        let envelope = segment.peak * sin(Double.pi * pow(progress, 0.6))
        let pitch = segment.startPitch + (segment.endPitch - segment.startPitch) * progress
        phase += 2 * Double.pi * pitch / sampleRate
        if phase > 2 * Double.pi { phase -= 2 * Double.pi }
        var tone = 0.0
        for harmonic in 1...5 { tone += sin(Double(harmonic) * phase) / Double(harmonic) }
        return min(max(amplitude * envelope * tone * Self.harmonicScale + hiss, -1), 1)
    }

    /// The next syllable of the word, or a pause and a new word.
    private mutating func plan() {
        position = 0
        if syllablesLeft == 0 && segment.syllable {
            // Between words a short pause; now and then a breath.
            let seconds = random.unit() < 0.2 ? random.uniform(0.35...0.6) : random.uniform(0.08...0.3)
            segment = Segment(frames: frames(seconds), syllable: false, peak: 0, startPitch: 0, endPitch: 0)
            return
        }
        if syllablesLeft == 0 { syllablesLeft = 1 + Int(random.unit() * 4) }
        syllablesLeft -= 1
        let pitch = random.uniform(100...190)
        segment = Segment(
            frames: frames(random.uniform(0.14...0.3)), syllable: true, peak: random.uniform(0.3...1),
            startPitch: pitch, endPitch: pitch * random.uniform(0.85...1.1))
    }

    private func frames(_ seconds: Double) -> Int { max(1, Int(seconds * sampleRate)) }
}
