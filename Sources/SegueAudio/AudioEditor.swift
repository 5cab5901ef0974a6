import Foundation
import SegueDiagnostics
import SegueRuntime

/// File-to-file edits — trim, gain, format conversion — streamed in blocks and saved atomically.
///
/// Each writes a temporary file beside the output and renames it into place, so the output is either the old
/// file or the complete new one, even when input and output are the same path.
///
///     try AudioEditor.trim(input: "take.wav", output: "take.wav", range: AudioTrimRange(start: 0.5, end: 2, unit: .seconds))
public enum AudioEditor {
    /// Frames per processing block: constant memory whatever the file's length.
    public static let blockFrames = 65_536

    /// What trimming `path` to `range` would produce; reads only the header.
    public static func previewTrim(path: String, range: AudioTrimRange) throws(AudioError) -> AudioTrimPreview {
        let reader = try WAVReader(path: path)
        let frames = try range.frames(sampleRate: reader.format.sampleRate, frameCount: reader.frameCount)
        return AudioTrimPreview(
            startFrame: frames.lowerBound, endFrame: frames.upperBound,
            duration: reader.format.seconds(frames: frames.count))
    }

    /// Keeps frames `[start, end)` of `input`, sample for sample, in the same format; returns the output's shape.
    @discardableResult
    public static func trim(input: String, output: String, range: AudioTrimRange, durable: Bool = false)
        throws(AudioError) -> AudioFileSummary
    {
        let reader = try WAVReader(path: input)
        let frames = try range.frames(sampleRate: reader.format.sampleRate, frameCount: reader.frameCount)
        try reader.seek(toFrame: frames.lowerBound)
        return try writeAtomically(
            output, format: reader.format, extensible: reader.header.isExtensible, durable: durable
        ) { (writer) throws(AudioError) in
            _ = try reader.copyStored(frames: frames.count, to: writer)
        }
    }

    /// Multiplies every sample by `gain` (linear, ≥ 0), clipping at full scale; the format is kept.
    @discardableResult
    public static func applyGain(input: String, output: String, gain: Double) throws(AudioError) -> AudioFileSummary {
        guard gain.isFinite, gain >= 0 else { throw .invalidGain(gain) }
        let reader = try WAVReader(path: input)
        return try transform(reader, output: output, encoding: reader.format.encoding, gain: gain)
    }

    /// Re-encodes `input` with `encoding` (rounding to the nearest value, clipping, no dither).
    @discardableResult
    public static func convert(input: String, output: String, encoding: SampleEncoding) throws(AudioError)
        -> AudioFileSummary
    {
        let reader = try WAVReader(path: input)
        return try transform(reader, output: output, encoding: encoding, gain: nil)
    }

    private static func transform(_ reader: WAVReader, output: String, encoding: SampleEncoding, gain: Double?)
        throws(AudioError) -> AudioFileSummary
    {
        var format = reader.format
        format.encoding = encoding
        let channels = format.channels
        return try writeAtomically(output, format: format, extensible: reader.header.isExtensible) {
            (writer) throws(AudioError) in
            let samples = UnsafeMutablePointer<Double>.allocate(capacity: blockFrames * channels)
            defer { samples.deallocate() }
            while true {
                let count = try reader.read(into: samples, frames: blockFrames)
                if count == 0 { break }
                if let gain { GainStage.apply(gain, to: samples, count: count * channels) }
                try writer.write(samples, frames: count)
            }
        }
    }

    /// Writes through `body` into a temporary file beside `path`, then renames it over `path`.
    static func writeAtomically(
        _ path: String, format: AudioFormat, extensible: Bool?, durable: Bool = false,
        _ body: (WAVWriter) throws(AudioError) -> Void
    ) throws(AudioError) -> AudioFileSummary {
        let temporary = temporaryPath(beside: path)
        do {
            let writer = try WAVWriter(path: temporary, format: format, extensible: extensible)
            try body(writer)
            try writer.finish(durable: durable)
            try AudioFile.rename(temporary, to: path)
            return AudioFileSummary(
                path: path, frames: writer.framesWritten, sampleRate: format.sampleRate, channels: format.channels,
                duration: format.seconds(frames: writer.framesWritten))
        } catch {
            try? AudioFile.remove(temporary)
            throw error
        }
    }

    /// A unique hidden name in the same directory as `path`, so a rename onto `path` is atomic.
    static func temporaryPath(beside path: String) -> String {
        let directory = PathName.directory(of: path)
        return "\(directory)/.\(PathName.lastComponent(of: path)).\(UUID().uuidString.prefix(8)).tmp"
    }
}
