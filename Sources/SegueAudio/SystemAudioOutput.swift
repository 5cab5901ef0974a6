import Foundation
import SegueRuntime

/// Plays WAV files through the machine's speakers with `paplay` or `aplay` when either is installed.
///
/// With neither (a server, CI) playing does nothing and returns at once: headless runs use `AudioTimeline`'s
/// virtual time instead.
public struct SystemAudioOutput: Sendable {
    /// The player found on `PATH`, or nil.
    public let playerPath: String?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        playerPath =
            ["paplay", "aplay"].lazy.compactMap { name in
                directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
            }.first
    }

    public var isAvailable: Bool { playerPath != nil }

    /// Renders the timeline's clips (ranges and gains applied) to a temporary file and plays it to the end.
    public func play(_ timeline: AudioTimeline) async throws(AudioError) {
        guard let playerPath, !timeline.clips.isEmpty else { return }
        let file = NSTemporaryDirectory() + "segue-play-\(UUID().uuidString).wav"
        defer { try? AudioFile.remove(file) }
        let items = timeline.clips.map {
            Mixdown.Item(path: $0.path, range: $0.startFrame..<($0.startFrame + $0.frameCount), gain: $0.gain)
        }
        try Mixdown.render(items, to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: playerPath)
        process.arguments = playerPath.hasSuffix("aplay") ? ["-q", file] : [file]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .io(path: playerPath, operation: "run", reason: "\(error)")
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.waitUntilExit()
                done.resume()
            }
        }
    }
}
