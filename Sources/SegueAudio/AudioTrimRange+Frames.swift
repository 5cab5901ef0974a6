import SegueRuntime

extension AudioTrimRange {
    /// The frames `[start, end)` this range selects in audio of `frameCount` frames at `sampleRate`.
    ///
    /// Seconds convert to the nearest frame. A range that is empty, reversed, negative or past the end is an
    /// `AudioError.invalidRange` that says which bound is wrong.
    public func frames(sampleRate: Int, frameCount: Int) throws(AudioError) -> Range<Int> {
        func toFrame(_ value: Double) -> Double {
            unit == .frames ? value : (value * Double(sampleRate)).rounded()
        }
        let unitName = unit == .frames ? "frames" : "s"
        guard start.isFinite, end?.isFinite ?? true else { throw .invalidRange("bounds must be finite numbers") }
        guard unit == .seconds || (start.rounded() == start && (end.map { $0.rounded() == $0 } ?? true)) else {
            throw .invalidRange("frame bounds must be whole numbers")
        }
        let first = toFrame(start)
        let last = end.map(toFrame) ?? Double(frameCount)
        guard first >= 0 else { throw .invalidRange("start \(start) \(unitName) is before the beginning") }
        guard last <= Double(frameCount) else {
            let length = unit == .frames ? "\(frameCount) frames" : "\(Double(frameCount) / Double(sampleRate)) s"
            throw .invalidRange("end \(end ?? 0) \(unitName) is past the end of the audio (\(length))")
        }
        guard first < last else {
            throw .invalidRange("start \(start) is not before end \(end.map { "\($0)" } ?? "of audio") (\(unitName))")
        }
        return Int(first)..<Int(last)
    }
}
