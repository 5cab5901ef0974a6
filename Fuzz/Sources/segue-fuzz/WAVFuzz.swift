import Foundation
import SegueAudio

/// Bytes as a WAV file on disk (the reader opens paths): the header, then every frame in blocks.
enum WAVFuzz {
    static let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "segue-fuzz-\(getpid()).wav"
    ).path

    static func run(_ data: Data) {
        guard FileManager.default.createFile(atPath: path, contents: data) else { return }
        guard let reader = try? WAVReader(path: path) else { return }
        _ = reader.header.skippedChunks.description
        var block = [Double](repeating: 0, count: 1024 * max(reader.format.channels, 1))
        while let count = try? reader.read(into: &block), count > 0 {}
    }
}
