import Foundation
import SegueDiagnostics
import SegueMachine
import SegueRuntime

/// The embedded audio engine: takes as WAV files in a directory, their records in SQLite beside them.
///
///     let service = try FileAudioService(configuration: .init(directory: "recordings", input: .signal(.sine(frequency: 440, amplitude: 0.5), format)))
///     let levels = try await service.startRecording(line: "l1", character: "Anna", replacing: nil)
///     let take = try await service.stopRecording()
public actor FileAudioService: AudioService {
    public struct Configuration: Sendable {
        /// Holds `recordings.sqlite` and the `takes/` folder; created if missing.
        public var directory: String
        public var input: RecordingInput
        public var clock: any AudioClock
        /// Stops a take by itself after this many seconds; nil records until `stopRecording`.
        public var maxTakeDuration: Double?
        /// Plays through `paplay`/`aplay` when present; off, `play` returns at once.
        public var output: SystemAudioOutput?

        public init(
            directory: String, input: RecordingInput, clock: any AudioClock = RealTimeAudioClock(),
            maxTakeDuration: Double? = nil, output: SystemAudioOutput? = nil
        ) {
            self.directory = directory
            self.input = input
            self.clock = clock
            self.maxTakeDuration = maxTakeDuration
            self.output = output
        }
    }

    private struct Recording {
        var id: String
        var path: String
        var replacing: String?
        var recorder: AudioRecorder
    }

    public let configuration: Configuration
    let store: TakeStore
    let takesDirectory: String
    private var recording: Recording?

    public init(configuration: Configuration) throws(AudioError) {
        self.configuration = configuration
        takesDirectory = configuration.directory + "/takes"
        do {
            // Recovery deletes stray files in takes/: a symlinked takes/ would point that outside the directory.
            try RealDirectory.create(takesDirectory, below: configuration.directory)
        } catch {
            throw .io(path: error.path, operation: "use directory", reason: error.reason)
        }
        store = try TakeStore(path: configuration.directory + "/recordings.sqlite")
    }

    // MARK: Recording

    public func startRecording(line: String, character: String, replacing takeID: String?) async throws(ServiceError)
        -> AsyncStream<AudioLevel>
    {
        do {
            return try await beginRecording(line: line, character: character, replacing: takeID)
        } catch {
            throw error.serviceError
        }
    }

    private func beginRecording(line: String, character: String, replacing takeID: String?) async throws(AudioError)
        -> AsyncStream<AudioLevel>
    {
        guard recording == nil else { throw .invalidState("a recording is already in progress") }
        if let takeID {
            let old = try store.take(id: takeID)
            guard old.lineID == line, old.character == character else {
                throw .invalidState(
                    "take \(takeID) is \(old.character)'s take of line \(old.lineID), not \(character)'s of line \(line)"
                )
            }
        }
        let id = UUID().uuidString.lowercased()
        let path = "\(takesDirectory)/\(id).recording.wav"
        try store.beginRecording(
            id: id, line: line, character: character, path: path, replacing: takeID, at: Date().timeIntervalSince1970)
        let recorder = AudioRecorder(input: configuration.input, clock: configuration.clock)
        do {
            let levels = try await recorder.start(path: path, maxDuration: configuration.maxTakeDuration)
            recording = Recording(id: id, path: path, replacing: takeID, recorder: recorder)
            return levels
        } catch {
            try? store.delete(id: id)
            try? AudioFile.remove(path)
            throw error
        }
    }

    public func inputLevel() async -> AudioLevel? {
        await recording?.recorder.currentLevel()
    }

    public func stopRecording() async throws(ServiceError) -> AudioTake {
        guard let current = recording else {
            throw AudioError.invalidState("no recording is in progress").serviceError
        }
        recording = nil
        let result: AudioRecorder.Result
        do {
            result = try await current.recorder.stop()
        } catch {
            throw error.serviceError
        }
        return try serviceCall { () throws(AudioError) in
            try publish(
                id: current.id, path: current.path, replacing: current.replacing, format: result.format,
                frames: result.frames)
        }
    }

    /// Moves a finished recording into place: as a new take, or over the take it replaces (one rename).
    private func publish(id: String, path: String, replacing: String?, format: AudioFormat, frames: Int)
        throws(AudioError) -> AudioTake
    {
        guard frames > 0 else {
            try store.delete(id: id)
            try AudioFile.remove(path)
            throw .invalidState("nothing was recorded: the input gave no audio")
        }
        let duration = format.seconds(frames: frames)
        let now = Date().timeIntervalSince1970
        if let replacing {
            let old = try store.take(id: replacing)
            try store.transaction { () throws(AudioError) in
                try store.replaceAudio(
                    id: replacing, frames: frames, sampleRate: format.sampleRate, duration: duration, at: now)
                try store.delete(id: id)
                try AudioFile.rename(path, to: old.path)
            }
            return try store.take(id: replacing)
        }
        let final = "\(takesDirectory)/\(id).wav"
        try store.transaction { () throws(AudioError) in
            try store.finishRecording(
                id: id, path: final, frames: frames, sampleRate: format.sampleRate, duration: duration)
            try AudioFile.rename(path, to: final)
        }
        return try store.take(id: id)
    }

    /// Finds takes whose recording was cut off (the process died), repairs their headers and keeps them as new
    /// takes (never over the take they were meant to replace); empty ones and stray temporary files are removed.
    @discardableResult
    public func recoverInterruptedTakes() throws(AudioError) -> [AudioTake] {
        guard recording == nil else { throw .invalidState("cannot recover while recording") }
        var recovered: [AudioTake] = []
        for pending in try store.interruptedRecordings() {
            guard AudioFile.exists(pending.path) else {
                try store.delete(id: pending.id)
                continue
            }
            let repaired: WAVRepair.Result
            do {
                repaired = try WAVRepair.repair(path: pending.path)
            } catch {
                // Not even a header survived: nothing to recover.
                try store.delete(id: pending.id)
                try AudioFile.remove(pending.path)
                continue
            }
            if repaired.frames == 0 {
                try store.delete(id: pending.id)
                try AudioFile.remove(pending.path)
                continue
            }
            recovered.append(
                try publish(
                    id: pending.id, path: pending.path, replacing: nil, format: repaired.format, frames: repaired.frames
                ))
        }
        let strays = (try? FileManager.default.contentsOfDirectory(atPath: takesDirectory)) ?? []
        let kept = Set(try store.takes().map(\.path))
        for name in strays {
            let path = "\(takesDirectory)/\(name)"
            if name.hasPrefix("."), name.hasSuffix(".tmp") {
                try AudioFile.remove(path)
            } else if name.hasSuffix(".deleting") {
                // A delete cut off between hiding the file and removing it: the record decides.
                let original = String(path.dropLast(".deleting".count))
                if kept.contains(original) {
                    try AudioFile.rename(path, to: original)
                } else {
                    try AudioFile.remove(path)
                }
            }
        }
        return recovered
    }

    // MARK: Takes

    public func takes(line: String?, character: String?) async throws(ServiceError) -> [AudioTake] {
        try serviceCall { () throws(AudioError) in try store.takes(line: line, character: character) }
    }

    public func deleteTake(id: String) async throws(ServiceError) {
        try serviceCall { () throws(AudioError) in
            let take = try store.take(id: id)
            // Hide the file first, so a failed delete can put it back and file and record stay together.
            let hidden = take.path + ".deleting"
            try AudioFile.rename(take.path, to: hidden)
            do throws(AudioError) {
                try store.delete(id: id)
            } catch {
                try? AudioFile.rename(hidden, to: take.path)
                throw error
            }
            try AudioFile.remove(hidden)
        }
    }

    public func setVolume(take id: String, volume: Double) async throws(ServiceError) -> AudioTake {
        try serviceCall { () throws(AudioError) in
            let gain = try AudioGain(linear: volume)
            _ = try store.take(id: id)
            try store.updateVolume(id: id, volume: gain.linear)
            return try store.take(id: id)
        }
    }

    public func setCharacterVolume(_ character: String, volume: Double) async throws(ServiceError) {
        try serviceCall { () throws(AudioError) in
            try store.setCharacterVolume(character, volume: try AudioGain(linear: volume).linear)
        }
    }

    public func characterVolume(_ character: String) async throws(ServiceError) -> Double {
        try serviceCall { () throws(AudioError) in try store.characterVolume(character) }
    }

    public func trim(take id: String, range: AudioTrimRange) async throws(ServiceError) -> AudioTake {
        try serviceCall { () throws(AudioError) in
            let take = try store.take(id: id)
            let preview = try AudioEditor.previewTrim(path: take.path, range: range)
            try store.transaction { () throws(AudioError) in
                try store.updateTrim(
                    id: id, start: preview.startFrame, end: preview.endFrame, frames: preview.frames,
                    duration: preview.duration)
                try AudioEditor.trim(input: take.path, output: take.path, range: range, durable: true)
            }
            return try store.take(id: id)
        }
    }

    public func previewTrim(take id: String, range: AudioTrimRange) async throws(ServiceError) -> AudioTrimPreview {
        try serviceCall { () throws(AudioError) in
            try AudioEditor.previewTrim(path: try store.take(id: id).path, range: range)
        }
    }

    // MARK: Levels, playback, mixdown

    public func meter(path: String) async throws(ServiceError) -> [AudioLevel] {
        try serviceCall { () throws(AudioError) in try LevelMeter.levels(ofFile: path) }
    }

    public func timeline(lines: [AudioLine], current: Int, mode: AudioPlaybackMode) async throws(ServiceError)
        -> AudioTimeline
    {
        try serviceCall { () throws(AudioError) in
            guard lines.indices.contains(current) else {
                throw .invalidRange("current line \(current) is outside 0..<\(lines.count)")
            }
            let selected = mode == .line ? [lines[current]] : Array(lines[current...])
            return AudioTimeline(clips: try selected.map(clip), mode: mode)
        }
    }

    public func play(_ timeline: AudioTimeline) async throws(ServiceError) {
        guard let output = configuration.output else { return }
        do {
            try await output.play(timeline)
        } catch {
            throw error.serviceError
        }
    }

    public func mixdown(lines: [AudioLine], to path: String) async throws(ServiceError) -> AudioFileSummary {
        try serviceCall { () throws(AudioError) in
            let items = try lines.map(clip).map {
                Mixdown.Item(path: $0.path, range: $0.startFrame..<($0.startFrame + $0.frameCount), gain: $0.gain)
            }
            return try Mixdown.render(items, to: path)
        }
    }

    /// A line's audio: its take (take volume × character volume) or its sample voice (character volume).
    private func clip(_ line: AudioLine) throws(AudioError) -> AudioTimeline.Clip {
        let characterGain = try store.characterVolume(line.character)
        switch line.voice {
        case .take(let id):
            let take = try store.take(id: id)
            return AudioTimeline.Clip(
                lineID: line.lineID, path: take.path, startFrame: 0, frameCount: take.frames,
                sampleRate: take.sampleRate, gain: take.volume * characterGain)
        case .sample(let path):
            let reader = try WAVReader(path: path)
            return AudioTimeline.Clip(
                lineID: line.lineID, path: path, startFrame: 0, frameCount: reader.frameCount,
                sampleRate: reader.format.sampleRate, gain: characterGain)
        }
    }

    private func serviceCall<T>(_ body: () throws(AudioError) -> T) throws(ServiceError) -> T {
        do {
            return try body()
        } catch {
            throw error.serviceError
        }
    }
}
