/// One input of a mixdown: a frame range of a WAV file, decoded and mapped to the mix's channel count.
///
/// Mono spreads to every output channel; multichannel folds to mono by averaging; any other channel mismatch
/// is refused, because guessing a speaker layout would be wrong more often than right.
final class MixInput {
    let reader: WAVReader
    let channels: Int
    let frameCount: Int
    private var remaining: Int
    private var block: UnsafeMutablePointer<Double>
    private var blockCapacity = 0

    init(reader: WAVReader, range: Range<Int>, channels: Int) throws(AudioError) {
        let source = reader.format.channels
        guard source == channels || source == 1 || channels == 1 else {
            throw .incompatibleFormats(
                "\(reader.path) has \(source) channels and the mix has \(channels); only mono ↔ multichannel is mapped")
        }
        self.reader = reader
        self.channels = channels
        frameCount = range.count
        remaining = range.count
        block = UnsafeMutablePointer<Double>.allocate(capacity: 1)
        try reader.seek(toFrame: range.lowerBound)
    }

    deinit { block.deallocate() }

    /// Reads up to `frames` frames in the mix's channel layout; 0 at the end of the range.
    func read(into target: UnsafeMutablePointer<Double>, frames: Int) throws(AudioError) -> Int {
        let source = reader.format.channels
        let wanted = min(frames, remaining)
        guard wanted > 0 else { return 0 }
        if source == channels {
            let count = try reader.read(into: target, frames: wanted)
            remaining -= count
            return count
        }
        if blockCapacity < wanted * source {
            block.deallocate()
            block = UnsafeMutablePointer<Double>.allocate(capacity: wanted * source)
            blockCapacity = wanted * source
        }
        let count = try reader.read(into: block, frames: wanted)
        for frame in 0..<count {
            if source == 1 {
                for c in 0..<channels { target[frame * channels + c] = block[frame] }
            } else {
                var sum = 0.0
                for c in 0..<source { sum += block[frame * source + c] }
                target[frame] = sum / Double(source)
            }
        }
        remaining -= count
        return count
    }
}
