import Foundation
import SegueExpression
import SegueMachine
import SegueRuntime

/// The audio engine as a flow sees it: the built-in `audio` operations (`record`, `stop_recording`, `takes`,
/// `delete_take`, `set_volume`, `trim`, `mixdown`, …) mapped to an `AudioService`, with takes as records.
///
///     - call: audio.record
///       with: { line: h1, character: Hamlet }
public actor AudioFlowService: FlowService {
    public nonisolated let operations = [
        "record", "stop_recording", "takes", "delete_take", "set_volume", "trim", "timeline", "play", "stop", "mixdown",
        "level",
    ]

    private let audio: any AudioService
    private let exportDirectory: String
    /// What a relative `sample` path is relative to (the project root), so no caller depends on the working
    /// directory; nil leaves relative paths to the working directory.
    private let sampleDirectory: String?
    /// The latest input level while recording (0…1 RMS), for the level meter (P10).
    public private(set) var level: Double = 0
    private var levelTask: Task<Void, Never>?
    /// The timeline playing through the engine's output, if it has one.
    private var playTask: Task<Void, Never>?

    public init(audio: any AudioService, exportDirectory: String, sampleDirectory: String? = nil) {
        self.audio = audio
        self.exportDirectory = exportDirectory
        self.sampleDirectory = sampleDirectory
    }

    /// A line's sample voice, its path resolved against `sampleDirectory` when relative.
    private func sampleVoice(_ path: String) -> AudioVoice {
        guard let sampleDirectory, !path.hasPrefix("/") else { return .sample(path: path) }
        return .sample(path: sampleDirectory + "/" + path)
    }

    public func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome {
        do {
            return .ok(try await perform(operation, arguments))
        } catch {
            return .error(error)
        }
    }

    private func perform(_ operation: String, _ arguments: [String: Value]) async throws(ServiceError) -> Value {
        switch operation {
        case "record":
            let (line, character) = try lineAndCharacter(arguments)
            let existing = try await audio.takes(line: line, character: character).last
            let levels = try await audio.startRecording(line: line, character: character, replacing: existing?.id)
            level = 0
            levelTask?.cancel()
            levelTask = Task { [weak self] in
                for await reading in levels { await self?.setLevel(reading.rms) }
            }
            return .record(["line": .string(line), "character": .string(character), "recording": .bool(true)])
        case "stop_recording":
            let take = try await audio.stopRecording()
            levelTask?.cancel()
            levelTask = nil
            level = 0
            return Self.value(of: take)
        case "takes":
            return .list(try await audio.takes(line: nil, character: nil).map(Self.value(of:)))
        case "delete_take":
            try await audio.deleteTake(id: try await take(arguments).id)
            return .null
        case "set_volume":
            let volume = try number(arguments, "volume")
            return Self.value(of: try await audio.setVolume(take: try await take(arguments).id, volume: volume))
        case "trim":
            let range = AudioTrimRange(
                start: try number(arguments, "start"), end: try number(arguments, "end"), unit: .seconds)
            return Self.value(of: try await audio.trim(take: try await take(arguments).id, range: range))
        case "level":
            // The recorder's latest block, read directly: the level stream's consumer may not have run yet.
            if let latest = await audio.inputLevel() { level = latest.rms }
            return .number(level)
        case "timeline":
            return try await timeline(arguments)
        case "play":
            return .null
        case "stop":
            playTask?.cancel()
            playTask = nil
            return .null
        case "mixdown":
            return .string(try await mixdown(arguments))
        default:
            throw ServiceError(
                service: "audio", code: "unknown_operation", message: "audio has no operation `\(operation)`")
        }
    }

    private func setLevel(_ value: Double) { level = value }

    /// The playback timeline of the lines a flow plays (`{id, character, sample, clip, volume}` each): every line's
    /// duration from its real clip, the take when `clip` is `take` and one exists, else the sample voice. The
    /// timeline also starts playing through the engine's output when it has one. Character volumes given with the
    /// lines are saved first, as for `mixdown`, so the clips carry them.
    ///
    /// Answers `{ durations: [seconds], lines: [line ids], clips: [take or sample] }`.
    private func timeline(_ arguments: [String: Value]) async throws(ServiceError) -> Value {
        guard case .list(let lines) = arguments["lines"] ?? .null, !lines.isEmpty else {
            throw invalid("`lines` must be a non-empty list of the lines to play")
        }
        let mode = AudioPlaybackMode(rawValue: arguments["mode"]?.stringValue ?? "continuous") ?? .continuous
        let takes = try await audio.takes(line: nil, character: nil)
        var audioLines: [AudioLine] = []
        var clips: [Value] = []
        for line in lines {
            guard let id = line["id"]?.stringValue, let character = line["character"]?.stringValue else {
                throw invalid("every line needs an `id` and a `character`")
            }
            if let gain = line["volume"]?.numberValue { try await audio.setCharacterVolume(character, volume: gain) }
            let take = takes.last { $0.lineID == id && $0.character == character }
            if line["clip"]?.stringValue == "take", let take {
                audioLines.append(AudioLine(lineID: id, character: character, voice: .take(id: take.id)))
                clips.append(.string("take"))
            } else if let sample = line["sample"]?.stringValue {
                audioLines.append(AudioLine(lineID: id, character: character, voice: sampleVoice(sample)))
                clips.append(.string("sample"))
            } else {
                throw invalid("line \(id) has neither a take nor a `sample` voice")
            }
        }
        let timeline = try await audio.timeline(lines: audioLines, current: 0, mode: .continuous)
        playTask?.cancel()
        let engine = audio
        let played = AudioTimeline(clips: timeline.clips, mode: mode)
        playTask = Task { try? await engine.play(played) }
        return .record([
            "durations": .list(timeline.clips.map { .number($0.duration) }),
            "lines": .list(timeline.clips.map { .string($0.lineID) }), "clips": .list(clips),
        ])
    }

    /// Renders the script: each line's take when `clips[line.id] == "take"` and one exists, else its sample voice;
    /// character volumes from `volumes` are saved first so the engine applies them with each take's own volume.
    private func mixdown(_ arguments: [String: Value]) async throws(ServiceError) -> String {
        guard case .list(let lines) = arguments["lines"] ?? .null else {
            throw invalid("`lines` must be the script's lines")
        }
        for (character, volume) in arguments["volumes"]?.recordValue ?? [:] {
            if let gain = volume.numberValue { try await audio.setCharacterVolume(character, volume: gain) }
        }
        let clips = arguments["clips"]?.recordValue ?? [:]
        let takes = try await audio.takes(line: nil, character: nil)
        var audioLines: [AudioLine] = []
        for line in lines {
            guard let id = line["id"]?.stringValue, let character = line["character"]?.stringValue else {
                throw invalid("every line needs an `id` and a `character`")
            }
            let take = takes.last { $0.lineID == id && $0.character == character }
            if clips[id]?.stringValue == "take", let take {
                audioLines.append(AudioLine(lineID: id, character: character, voice: .take(id: take.id)))
            } else if let sample = line["sample"]?.stringValue {
                audioLines.append(AudioLine(lineID: id, character: character, voice: sampleVoice(sample)))
            } else {
                throw invalid("line \(id) has neither a take nor a `sample` voice")
            }
        }
        try? FileManager.default.createDirectory(atPath: exportDirectory, withIntermediateDirectories: true)
        let path = exportDirectory + "/mixdown-\(audioLines.count)-lines.wav"
        return try await audio.mixdown(lines: audioLines, to: path).path
    }

    private func take(_ arguments: [String: Value]) async throws(ServiceError) -> AudioTake {
        let (line, character) = try lineAndCharacter(arguments)
        guard let take = try await audio.takes(line: line, character: character).last else {
            throw ServiceError(service: "audio", code: "not_found", message: "\(character) has no take of line \(line)")
        }
        return take
    }

    private func lineAndCharacter(_ arguments: [String: Value]) throws(ServiceError) -> (String, String) {
        guard let line = arguments["line"]?.stringValue, let character = arguments["character"]?.stringValue else {
            throw invalid("`line` and `character` are required strings")
        }
        return (line, character)
    }

    private func number(_ arguments: [String: Value], _ name: String) throws(ServiceError) -> Double {
        guard let value = arguments[name]?.numberValue else { throw invalid("`\(name)` must be a number") }
        return value
    }

    private func invalid(_ message: String) -> ServiceError {
        ServiceError(service: "audio", code: "invalid_argument", message: message)
    }

    /// A take as flows read it: `{id, line, character, file, duration, volume, trim_start, trim_end}`.
    public static func value(of take: AudioTake) -> Value {
        let rate = Double(max(take.sampleRate, 1))
        return .record([
            "id": .string(take.id), "line": .string(take.lineID), "character": .string(take.character),
            "file": .string(take.path), "duration": .number(take.duration), "volume": .number(take.volume),
            "trim_start": take.trimStart.map { .number(Double($0) / rate) } ?? .null,
            "trim_end": take.trimEnd.map { .number(Double($0) / rate) } ?? .null,
        ])
    }
}
