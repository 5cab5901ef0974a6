import SegueModel

/// Playback of a script's lines on one screen instance: which lines play, for how long, and which one is playing.
///
/// Each line's duration comes from the audio service's timeline (its clip's real file); a timer on the machine's
/// clock ends each line, so playback moves in virtual time like every other timer.
public struct PlaybackState: Sendable, Hashable, Codable {
    /// The screen instance whose `playback:` plays.
    public var instance: Int
    public var mode: AudioPlaybackMode
    /// The indexes of the lines played, in order.
    public var lines: [Int]
    /// Each played line's duration in seconds; empty while the timeline is asked for.
    public var durations: [Double]
    /// The position in `lines` of the line playing.
    public var position: Int
    /// The `timeline` call waiting for its outcome; nil once playing.
    public var call: Int?
    /// The timer that ends the line playing.
    public var timer: Int?

    public init(instance: Int, mode: AudioPlaybackMode, lines: [Int], call: Int?) {
        self.instance = instance
        self.mode = mode
        self.lines = lines
        self.durations = []
        self.position = 0
        self.call = call
        self.timer = nil
    }

    /// The index of the line playing now, nil while waiting for the timeline.
    public var playingLine: Int? { call == nil && lines.indices.contains(position) ? lines[position] : nil }
}

/// A take being recorded through the flow's audio service (`audio.record` until `audio.stop_recording`).
public struct RecordingState: Sendable, Hashable, Codable {
    /// The screen instance that called `record`.
    public var instance: Int
    /// The index of the recorded line in the screen's `playback.lines`, when it is one of them.
    public var line: Int?
    /// The `record` call.
    public var call: Int
    /// The service answered `record`: audio is being captured.
    public var capturing: Bool

    public init(instance: Int, line: Int?, call: Int, capturing: Bool = false) {
        self.instance = instance
        self.line = line
        self.call = call
        self.capturing = capturing
    }
}

/// The audio service's two calls that bound a take: the runner follows them (`MachineState.recording`), and
/// `segue check` knows that the take `stop` answers echoes the texts `start` was given.
public enum RecordingCall: String, Sendable {
    case start = "record"
    case stop = "stop_recording"

    /// Which of the two a call of `operation` on `service` is, or nil for any other call; `services` are the
    /// program's (`Program.services`), handed over alone so that no step copies the whole program for it.
    public init?(service: String, operation: String, services: [String: ServiceDeclaration.Kind]) {
        guard services[service] == .audio else { return nil }
        self.init(rawValue: operation)
    }
}

/// How playback proceeds (seed requirement P3).
public enum AudioPlaybackMode: String, Sendable, Hashable, Codable {
    /// Only the target line plays; it becomes the current line.
    case line
    /// From the current line to the end of the lines.
    case continuous
}
