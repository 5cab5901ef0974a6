/// Repairs the header of a WAV file whose writer never finished (the process was killed mid-recording).
///
///     let frames = try WAVRepair.repair(path: "take.recording.wav")  // frames recovered
public enum WAVRepair {
    /// What a repair found and did.
    public struct Result: Sendable, Hashable {
        public var format: AudioFormat
        /// Whole frames kept.
        public var frames: Int
        /// Bytes of a partial last frame that were dropped.
        public var droppedBytes: Int
        /// False when the header was already correct and nothing was written.
        public var changed: Bool
    }

    /// Rewrites the RIFF and data sizes to match the bytes actually on disk, dropping a partial last frame.
    public static func repair(path: String) throws(AudioError) -> Result {
        let file = try AudioFile(path: path, mode: .update)
        let fileSize = try file.size()
        let scanned = try scan(file, fileSize: fileSize)
        let available = fileSize - scanned.dataOffset
        let declared = scanned.declaredDataSize
        let isPlaceholder = scanned.riffSize == 0 || declared == 0 || declared == 0xFFFF_FFFF || declared > available
        if !isPlaceholder {
            let frames = declared / scanned.format.bytesPerFrame
            try file.close()
            return Result(format: scanned.format, frames: frames, droppedBytes: 0, changed: false)
        }
        let whole = available - available % scanned.format.bytesPerFrame
        let frames = whole / scanned.format.bytesPerFrame
        var end = scanned.dataOffset + whole
        if whole & 1 == 1 {
            try file.write([0], at: end)
            end += 1
        }
        try file.truncate(to: end)
        try file.write(uint32(UInt32(end - 8)), at: 4)
        try file.write(uint32(UInt32(whole)), at: scanned.dataOffset - 4)
        try file.synchronize()
        try file.close()
        return Result(format: scanned.format, frames: frames, droppedBytes: available - whole, changed: true)
    }

    private struct Scan {
        var format: AudioFormat
        var riffSize: Int
        var dataOffset: Int
        var declaredDataSize: Int
    }

    /// Walks the chunks like `WAVHeader.read` but accepts placeholder sizes.
    private static func scan(_ file: AudioFile, fileSize: Int) throws(AudioError) -> Scan {
        let path = file.path
        let head = try file.readBytes(12, at: 0)
        guard head.count == 12, head.fourCC(at: 0) == "RIFF", head.fourCC(at: 8) == "WAVE" else {
            throw .malformedHeader(path: path, problem: "not a RIFF/WAVE file; nothing to repair")
        }
        var format: AudioFormat?
        var offset = 12
        while offset + 8 <= fileSize {
            let chunk = try file.readBytes(8, at: offset)
            let size = Int(chunk.uint32(at: 4))
            let id = chunk.fourCC(at: 0)
            if id == "data" {
                guard let format else {
                    throw .malformedHeader(path: path, problem: "\"data\" chunk comes before the \"fmt \" chunk")
                }
                return Scan(
                    format: format, riffSize: Int(head.uint32(at: 4)), dataOffset: offset + 8, declaredDataSize: size)
            }
            if id == "fmt " {
                guard size >= 16, offset + 8 + size <= fileSize else {
                    throw .malformedHeader(path: path, problem: "\"fmt \" chunk is cut short")
                }
                let bytes = try file.readBytes(size, at: offset + 8)
                format = try WAVHeader.parseFormat(bytes, path: path).0
            }
            offset += 8 + size + (size & 1)
        }
        throw .malformedHeader(path: path, problem: format == nil ? "no \"fmt \" chunk" : "no \"data\" chunk")
    }

    private static func uint32(_ value: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendUInt32(value)
        return bytes
    }
}
