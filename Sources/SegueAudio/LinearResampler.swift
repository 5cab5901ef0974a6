/// Converts a `MixInput` to another sample rate by linear interpolation between neighbouring frames.
///
/// Output frame `k` sits at input position `k · inRate / outRate` (computed exactly in integers); its value is
/// the straight line between the two input frames around it. Simple and streaming, but it does not filter, so
/// downsampling can alias: good enough for voice takes, not for mastering.
final class LinearResampler {
    let input: MixInput
    let inputRate: Int
    let outputRate: Int
    /// Output frames this input yields: `floor(inputFrames · outRate / inRate)`.
    let frameCount: Int
    private let channels: Int
    private var window: [Double] = []
    private var windowBase = 0
    private var next = 0
    private var block: UnsafeMutablePointer<Double>
    private static let blockFrames = 4096

    init(input: MixInput, from inputRate: Int, to outputRate: Int) {
        self.input = input
        self.inputRate = inputRate
        self.outputRate = outputRate
        channels = input.channels
        frameCount = input.frameCount * outputRate / inputRate
        block = UnsafeMutablePointer<Double>.allocate(capacity: Self.blockFrames * input.channels)
    }

    deinit { block.deallocate() }

    private var windowFrames: Int { window.count / channels }

    func read(into target: UnsafeMutablePointer<Double>, frames: Int) throws(AudioError) -> Int {
        var produced = 0
        let last = input.frameCount - 1
        while produced < frames, next < frameCount {
            let position = next * inputRate
            let index = position / outputRate
            let fraction = Double(position % outputRate) / Double(outputRate)
            let following = min(index + 1, last)
            while following >= windowBase + windowFrames {
                let drop = min(index - windowBase, windowFrames)
                if drop > 0 {
                    window.removeFirst(drop * channels)
                    windowBase += drop
                }
                let count = try input.read(into: block, frames: Self.blockFrames)
                guard count > 0 else {
                    throw .invalidRange("\(input.reader.path) ended before its declared length")
                }
                window.append(contentsOf: UnsafeBufferPointer(start: block, count: count * channels))
            }
            let a = (index - windowBase) * channels
            let b = (following - windowBase) * channels
            for c in 0..<channels {
                target[produced * channels + c] = window[a + c] + (window[b + c] - window[a + c]) * fraction
            }
            produced += 1
            next += 1
        }
        return produced
    }
}
