import SegueRuntime

/// Renders clips one after another into one WAV file, each at its own gain (the share button's export, P13).
///
///     try Mixdown.render([Mixdown.Item(path: "a.wav", gain: 0.8), Mixdown.Item(path: "b.wav")], to: "script.wav")
public enum Mixdown {
    /// One clip of the mix: a file, optionally a frame range of it, and a linear gain (take × character).
    public struct Item: Sendable, Hashable {
        public var path: String
        public var range: Range<Int>?
        public var gain: Double

        public init(path: String, range: Range<Int>? = nil, gain: Double = 1) {
            self.path = path
            self.range = range
            self.gain = gain
        }
    }

    /// Renders `items` in order into `output`, atomically. The mix's format is `format`, or the first item's;
    /// other inputs are resampled (linear interpolation) and channel-mapped (mono ↔ multichannel) to it.
    @discardableResult
    public static func render(_ items: [Item], to output: String, format: AudioFormat? = nil) throws(AudioError)
        -> AudioFileSummary
    {
        guard !items.isEmpty else { throw .invalidRange("a mixdown needs at least one clip") }
        let target: AudioFormat
        if let format { target = format } else { target = try WAVReader(path: items[0].path).format }
        try target.validate(context: output)
        // Check every input before writing anything; each is opened again, one at a time, to render it.
        for item in items { _ = try open(item, target: target) }
        let blockFrames = AudioEditor.blockFrames
        return try AudioEditor.writeAtomically(output, format: target, extensible: nil) { (writer) throws(AudioError) in
            let block = UnsafeMutablePointer<Double>.allocate(capacity: blockFrames * target.channels)
            defer { block.deallocate() }
            for item in items {
                let (input, resampler) = try open(item, target: target)
                while true {
                    let count =
                        if let resampler {
                            try resampler.read(into: block, frames: blockFrames)
                        } else {
                            try input.read(into: block, frames: blockFrames)
                        }
                    if count == 0 { break }
                    GainStage.apply(item.gain, to: block, count: count * target.channels)
                    try writer.write(block, frames: count)
                }
            }
        }
    }

    private static func open(_ item: Item, target: AudioFormat) throws(AudioError) -> (MixInput, LinearResampler?) {
        let reader = try WAVReader(path: item.path)
        guard item.gain.isFinite, item.gain >= 0 else { throw .invalidGain(item.gain) }
        let range = item.range ?? 0..<reader.frameCount
        guard range.lowerBound >= 0, range.upperBound <= reader.frameCount else {
            throw .invalidRange("frames \(range) are outside 0..<\(reader.frameCount) of \(item.path)")
        }
        let input = try MixInput(reader: reader, range: range, channels: target.channels)
        let rate = reader.format.sampleRate
        return (
            input, rate == target.sampleRate ? nil : LinearResampler(input: input, from: rate, to: target.sampleRate)
        )
    }
}
