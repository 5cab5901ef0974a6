/// A screen's `playback:` compiled: where its lines and current line are, and how each line is voiced.
///
///     playback:
///       lines: script.lines
///       current: current_line
///       clip: "clips[line.id] == 'take' ? 'take' : 'sample'"
public struct PlaybackProgram: Sendable {
    /// The script's lines, in order.
    public var lines: Int
    /// The variable holding the current line's index.
    public var current: AssignTarget?
    /// The highlight colour of the line playing.
    public var highlight: Int?
    /// Per line (`line` and `index` bound): `take` or `sample`.
    public var clip: Int?
    /// Per line (`line` and `index` bound): the character's gain.
    public var volume: Int?
    /// Raised when continuous playback has played the last line.
    public var endEvent: Int?
}

/// A screen's `recording:` compiled: the level variable and the highlight of the line being recorded.
public struct RecordingProgram: Sendable {
    /// Seconds counted down before recording starts.
    public var countdown: Int
    /// The variable the live input level is written to (`Input.inputLevel`).
    public var level: AssignTarget?
    public var highlight: Int?
    /// How often a live clock samples the input level, in seconds.
    public var meterInterval: Double
}
