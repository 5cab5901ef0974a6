import Foundation
import SegueAudio

/// A fresh temporary directory for one test, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "segue-audio-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }
}

/// Writes `samples` (interleaved, ±1) as a WAV file.
func writeWAV(_ path: String, _ format: AudioFormat, _ samples: [Double], extensible: Bool? = nil) throws {
    let writer = try WAVWriter(path: path, format: format, extensible: extensible)
    try writer.write(samples)
    try writer.finish()
}

func readWAV(_ path: String) throws -> (AudioFormat, [Double]) {
    let reader = try WAVReader(path: path)
    return (reader.format, try reader.readAll())
}

func bytes(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }

func write(_ path: String, _ bytes: [UInt8]) { _ = FileManager.default.createFile(atPath: path, contents: Data(bytes)) }

func littleEndian32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

func littleEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

/// Builds a WAV file by hand from chunks, for headers Segue itself would never write.
func handMadeWAV(chunks: [(String, [UInt8])], riffSize: UInt32? = nil) -> [UInt8] {
    var body: [UInt8] = Array("WAVE".utf8)
    for (id, data) in chunks {
        body += Array(id.utf8) + littleEndian32(UInt32(data.count)) + data
        if data.count % 2 == 1 { body.append(0) }
    }
    return Array("RIFF".utf8) + littleEndian32(riffSize ?? UInt32(body.count)) + body
}

/// A 16-byte PCM `fmt ` chunk body.
func fmtChunk(tag: UInt16 = 1, channels: UInt16, rate: UInt32, bits: UInt16, blockAlign: UInt16? = nil) -> [UInt8] {
    let align = blockAlign ?? channels * bits / 8
    return littleEndian16(tag) + littleEndian16(channels) + littleEndian32(rate)
        + littleEndian32(rate * UInt32(channels * bits / 8)) + littleEndian16(align) + littleEndian16(bits)
}

/// The path of an installed tool, or nil.
func tool(_ name: String) -> String? {
    ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}

/// Runs a tool and returns its exit status and standard error.
@discardableResult
func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}

/// Decodes a file's samples as integers at `bits` precision, for LSB comparisons.
func integerSamples(_ path: String, bits: Int) throws -> [Int] {
    let (_, samples) = try readWAV(path)
    let scale = Double(1 << (bits - 1))
    return samples.map { Int(($0 * scale).rounded()) }
}
