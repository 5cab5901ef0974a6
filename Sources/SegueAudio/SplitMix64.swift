/// A small, fast random sequence that is the same for the same seed on every run, so generated test inputs
/// (noise, the voice-like signal) give stable recordings and golden transcripts.
///
///     var random = SplitMix64(seed: 7)
///     random.unit()  // a Double in 0..<1
struct SplitMix64: Sendable, Hashable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<1`, from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992) }

    /// Uniform in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }
}
