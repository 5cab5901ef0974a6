import SegueRuntime

/// Measures RMS and peak levels per ~50 ms window of interleaved samples, as a level meter shows them (P10).
///
///     var meter = LevelMeter(format: format)
///     let levels = meter.process(block, frames: count) + [meter.finish()].compactMap { $0 }
public struct LevelMeter: Sendable {
    /// Frames per window: 1/20 s, at least one frame.
    public let windowFrames: Int
    public let format: AudioFormat

    private var framesDone = 0
    private var windowStart = 0
    private var windowCount = 0
    private var sumOfSquares = 0.0
    private var peak = 0.0

    public init(format: AudioFormat, windowSeconds: Double = 0.05) {
        self.format = format
        let frames = (Double(format.sampleRate) * windowSeconds).rounded()
        windowFrames = frames.isFinite ? max(1, Int(min(frames, Double(Int32.max)))) : 1
    }

    /// Feeds `frames` interleaved frames; returns the windows they completed.
    public mutating func process(_ samples: UnsafePointer<Double>, frames: Int) -> [AudioLevel] {
        var levels: [AudioLevel] = []
        let channels = format.channels
        var frame = 0
        while frame < frames {
            let take = min(frames - frame, windowFrames - windowCount)
            var sum = sumOfSquares
            var top = peak
            for i in frame * channels..<(frame + take) * channels {
                let value = samples[i]
                sum += value * value
                let magnitude = value < 0 ? -value : value
                if magnitude > top { top = magnitude }
            }
            sumOfSquares = sum
            peak = top
            windowCount += take
            frame += take
            framesDone += take
            if windowCount == windowFrames, let level = closeWindow() { levels.append(level) }
        }
        return levels
    }

    /// The last, partial window, if any frames are left in it.
    public mutating func finish() -> AudioLevel? { closeWindow() }

    private mutating func closeWindow() -> AudioLevel? {
        guard windowCount > 0 else { return nil }
        let rms = (sumOfSquares / Double(windowCount * format.channels)).squareRoot()
        let level = AudioLevel(
            time: format.seconds(frames: windowStart), rms: min(1, rms), peak: min(1, peak))
        windowStart = framesDone
        windowCount = 0
        sumOfSquares = 0
        peak = 0
        return level
    }

    /// The levels of a whole file, one per window, read in blocks.
    public static func levels(ofFile path: String, windowSeconds: Double = 0.05) throws(AudioError) -> [AudioLevel] {
        let reader = try WAVReader(path: path)
        var meter = LevelMeter(format: reader.format, windowSeconds: windowSeconds)
        let blockFrames = AudioEditor.blockFrames
        let block = UnsafeMutablePointer<Double>.allocate(capacity: blockFrames * reader.format.channels)
        defer { block.deallocate() }
        var levels: [AudioLevel] = []
        while true {
            let count = try reader.read(into: block, frames: blockFrames)
            if count == 0 { break }
            levels += meter.process(block, frames: count)
        }
        if let last = meter.finish() { levels.append(last) }
        return levels
    }
}
