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
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        playerPath =
            ["paplay", "aplay"].lazy.compactMap { ChildProcess.executable(named: $0, searchPath: searchPath)?.path }
            .first
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
        // Started and waited for as every program Segue runs (`ChildProcess`); what the player prints is dropped.
        let player: ChildProcess
        do {
            player = try ChildProcess(
                executable: URL(fileURLWithPath: playerPath),
                arguments: playerPath.hasSuffix("aplay") ? ["-q", file] : [file])
        } catch {
            throw .io(path: playerPath, operation: "run", reason: "\(error)")
        }
        player.closeInput()
        _ = await player.collect()
    }
}
