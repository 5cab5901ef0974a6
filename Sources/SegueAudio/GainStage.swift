/// Applies a linear gain in place, clipping to ±1 so integer output can never wrap around.
enum GainStage {
    static func apply(_ gain: Double, to samples: UnsafeMutablePointer<Double>, count: Int) {
        for i in 0..<count {
            let value = samples[i] * gain
            samples[i] = value > 1 ? 1 : (value < -1 ? -1 : value)
        }
    }
}
