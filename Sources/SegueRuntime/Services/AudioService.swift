import SegueMachine
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One recorded take of a line by a character, as the recordings store keeps it.
public struct AudioTake: Sendable, Hashable, Codable {
    public var id: String
    public var lineID: String
    public var character: String
    /// The WAV file on this machine.
    public var path: String
    public var frames: Int
    public var sampleRate: Int
    /// Seconds.
    public var duration: Double
    /// The take's own gain, linear 0…2 (1 leaves it unchanged); saved with the take (seed requirement P14).
    public var volume: Double
    /// The last trim applied, in frames of the file before that trim; nil when never trimmed.
    public var trimStart: Int?
    public var trimEnd: Int?
    /// Seconds since 1970.
    public var createdAt: Double

    public init(
        id: String, lineID: String, character: String, path: String, frames: Int, sampleRate: Int, duration: Double,
        volume: Double = 1, trimStart: Int? = nil, trimEnd: Int? = nil, createdAt: Double
    ) {
        self.id = id
        self.lineID = lineID
        self.character = character
        self.path = path
        self.frames = frames
        self.sampleRate = sampleRate
        self.duration = duration
        self.volume = volume
        self.trimStart = trimStart
        self.trimEnd = trimEnd
        self.createdAt = createdAt
    }
}

/// The part of a take to keep, `[start, end)`, in seconds or in frames; a nil end means the end of the file.
///
///     AudioTrimRange(start: 0.25, end: 1.5, unit: .seconds)
public struct AudioTrimRange: Sendable, Hashable, Codable {
    public enum Unit: String, Sendable, Hashable, Codable {
        case seconds
        case frames
    }

    public var start: Double
    public var end: Double?
    public var unit: Unit

    public init(start: Double, end: Double?, unit: Unit) {
        self.start = start
        self.end = end
        self.unit = unit
    }
}

/// What a trim would produce, computed without writing anything.
public struct AudioTrimPreview: Sendable, Hashable, Codable {
    public var startFrame: Int
    public var endFrame: Int
    public var frames: Int { endFrame - startFrame }
    public var duration: Double

    public init(startFrame: Int, endFrame: Int, duration: Double) {
        self.startFrame = startFrame
        self.endFrame = endFrame
        self.duration = duration
    }
}

/// The level of one ~50 ms window of audio, for a level meter (seed requirement P10).
public struct AudioLevel: Sendable, Hashable, Codable {
    /// Seconds from the start of the audio to the window's start.
    public var time: Double
    /// Root mean square over every sample of the window, linear 0…1.
    public var rms: Double
    /// Largest absolute sample of the window, linear 0…1.
    public var peak: Double

    public init(time: Double, rms: Double, peak: Double) {
        self.time = time
        self.rms = rms
        self.peak = peak
    }

    /// The quietest level reported, for silence (whose true level is −∞ dBFS).
    public static let floorDBFS = -120.0

    public var rmsDBFS: Double { Self.decibels(rms) }
    public var peakDBFS: Double { Self.decibels(peak) }

    static func decibels(_ linear: Double) -> Double {
        linear > 0 ? max(Self.floorDBFS, 20 * log10(linear)) : Self.floorDBFS
    }
}

/// The voice chosen for a line: a recorded take or the sample voice file (seed requirement P7).
public enum AudioVoice: Sendable, Hashable, Codable {
    case take(id: String)
    case sample(path: String)
}

/// One line of a script as playback and mixdown see it.
public struct AudioLine: Sendable, Hashable, Codable {
    public var lineID: String
    public var character: String
    public var voice: AudioVoice

    public init(lineID: String, character: String, voice: AudioVoice) {
        self.lineID = lineID
        self.character = character
        self.voice = voice
    }
}

/// A written audio file's shape.
public struct AudioFileSummary: Sendable, Hashable, Codable {
    public var path: String
    public var frames: Int
    public var sampleRate: Int
    public var channels: Int
    public var duration: Double

    public init(path: String, frames: Int, sampleRate: Int, channels: Int, duration: Double) {
        self.path = path
        self.frames = frames
        self.sampleRate = sampleRate
        self.channels = channels
        self.duration = duration
    }
}

/// A pure playback schedule: clips played one after another in virtual time, and the events a runtime's timers
/// fire as it plays (line started, line ended, end of lines).
///
///     let timeline = AudioTimeline(clips: clips, mode: .continuous)
///     timeline.position(at: 1.5)           // which line plays, and how far into it
///     timeline.events(after: 0, through: 2) // what happened in (0, 2]
public struct AudioTimeline: Sendable, Hashable, Codable {
    /// One line's audio: a range of frames of a file, played at a gain.
    public struct Clip: Sendable, Hashable, Codable {
        public var lineID: String
        public var path: String
        public var startFrame: Int
        public var frameCount: Int
        public var sampleRate: Int
        /// The effective gain: the take's volume times the character's volume, linear.
        public var gain: Double

        public init(lineID: String, path: String, startFrame: Int, frameCount: Int, sampleRate: Int, gain: Double) {
            self.lineID = lineID
            self.path = path
            self.startFrame = startFrame
            self.frameCount = frameCount
            self.sampleRate = sampleRate
            self.gain = gain
        }

        /// Seconds.
        public var duration: Double { sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0 }
    }

    /// Where playback is at one moment.
    public enum Position: Sendable, Hashable, Codable {
        /// Clip `index` is playing, `elapsed` seconds in (`fraction` 0…1 of it).
        case playing(index: Int, lineID: String, elapsed: Double, fraction: Double)
        /// Every clip has played.
        case finished
    }

    public enum Event: Sendable, Hashable, Codable {
        case lineStarted(index: Int, lineID: String, time: Double)
        case lineEnded(index: Int, lineID: String, time: Double)
        /// The end of the lines (seed requirement P5), after the last clip ends.
        case finished(time: Double)

        public var time: Double {
            switch self {
            case .lineStarted(_, _, let time), .lineEnded(_, _, let time), .finished(let time): time
            }
        }
    }

    public var clips: [Clip]
    public var mode: AudioPlaybackMode

    public init(clips: [Clip], mode: AudioPlaybackMode) {
        self.clips = clips
        self.mode = mode
    }

    /// Seconds from the start of the first clip to the end of the last.
    public var duration: Double { clips.reduce(0) { $0 + $1.duration } }

    /// When each clip starts, in seconds.
    public var startTimes: [Double] {
        var times: [Double] = []
        var time = 0.0
        for clip in clips {
            times.append(time)
            time += clip.duration
        }
        return times
    }

    /// What plays at `time` seconds after playback began (a clip's end belongs to the next clip).
    public func position(at time: Double) -> Position {
        var start = 0.0
        for (index, clip) in clips.enumerated() {
            let end = start + clip.duration
            if time < end {
                let elapsed = max(0, time - start)
                let fraction = clip.duration > 0 ? elapsed / clip.duration : 1
                return .playing(index: index, lineID: clip.lineID, elapsed: elapsed, fraction: fraction)
            }
            start = end
        }
        return .finished
    }

    /// Every event at a time in `(after, through]`, in order; an event at 0 belongs to `after: -1`.
    public func events(after: Double, through: Double) -> [Event] {
        var all: [Event] = []
        var time = 0.0
        for (index, clip) in clips.enumerated() {
            all.append(.lineStarted(index: index, lineID: clip.lineID, time: time))
            time += clip.duration
            all.append(.lineEnded(index: index, lineID: clip.lineID, time: time))
        }
        all.append(.finished(time: time))
        return all.filter { $0.time > after && $0.time <= through }
    }

    /// The time of the first event after `time`, for a runtime's next timer; nil once finished.
    public func nextEventTime(after time: Double) -> Double? {
        events(after: time, through: duration).first?.time
    }
}

/// The audio engine a flow's recording and playback screens use; every failure is a `ServiceError` from
/// service `audio`.
public protocol AudioService: Sendable {
    /// Starts recording a take of `line` spoken by `character`; with `replacing`, the new take replaces that
    /// take when it stops (written beside it, then swapped in by rename). Returns the live input levels.
    func startRecording(line: String, character: String, replacing takeID: String?) async throws(ServiceError)
        -> AsyncStream<AudioLevel>
    /// Stops the recording, finishes its file and stores the take.
    func stopRecording() async throws(ServiceError) -> AudioTake
    /// The stored takes, oldest first, optionally for one line and/or one character.
    func takes(line: String?, character: String?) async throws(ServiceError) -> [AudioTake]
    /// Deletes a take's file and record together.
    func deleteTake(id: String) async throws(ServiceError)
    /// Saves a take's own volume, linear 0…2.
    func setVolume(take id: String, volume: Double) async throws(ServiceError) -> AudioTake
    /// Saves a character's volume, linear 0…2 (seed requirement P6).
    func setCharacterVolume(_ character: String, volume: Double) async throws(ServiceError)
    func characterVolume(_ character: String) async throws(ServiceError) -> Double
    /// Trims a take to `range` and saves the trimmed file in its place (seed requirement P15).
    func trim(take id: String, range: AudioTrimRange) async throws(ServiceError) -> AudioTake
    /// What `trim` would produce; writes nothing.
    func previewTrim(take id: String, range: AudioTrimRange) async throws(ServiceError) -> AudioTrimPreview
    /// The levels of a file, one per ~50 ms window.
    func meter(path: String) async throws(ServiceError) -> [AudioLevel]
    /// The timeline of `lines` starting at `current`: that line only (`.line`) or it and every later one.
    func timeline(lines: [AudioLine], current: Int, mode: AudioPlaybackMode) async throws(ServiceError)
        -> AudioTimeline
    /// Plays a timeline through the machine's audio output when one exists; returns when it ends.
    func play(_ timeline: AudioTimeline) async throws(ServiceError)
    /// Renders `lines` one after another into one WAV file (the share button's export, P13).
    func mixdown(lines: [AudioLine], to path: String) async throws(ServiceError) -> AudioFileSummary
    /// The level of the latest block recorded while a take records, nil otherwise (P10).
    func inputLevel() async -> AudioLevel?
}

extension AudioService {
    /// Engines without live metering report no level.
    public func inputLevel() async -> AudioLevel? { nil }
}
