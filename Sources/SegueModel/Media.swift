import SegueDiagnostics

/// A screen's playback of a script's lines (Pictone M04A, P3–P7).
///
///     playback:
///       lines: script.lines
///       current: current_line
///       highlight: theme.colors.playing
///       clip: "choice[line.id] == 'take' ? 'take' : 'sample'"
///       volume: "volumes[line.character]"
public struct Playback: Sendable {
    /// The lines played, in order.
    public var lines: ExpressionText
    /// The variable holding the current line's index.
    public var current: Name
    /// The background of the line being played (light blue, P4).
    public var highlight: ExpressionText?
    /// Per line: `take` or `sample` (P7).
    public var clip: ExpressionText?
    /// Per line: the character's gain; the take's own volume is multiplied in (P6, P14).
    public var volume: ExpressionText?
    /// Raised when the last line has played (P5).
    public var endEvent: Name?
    public var range: SourceRange
}

/// A screen's recording of takes (Pictone M05A, P8–P15).
///
///     recording:
///       countdown: 3
///       level: level
///       highlight: theme.colors.recording
public struct Recording: Sendable {
    /// Seconds counted down before recording starts (P9).
    public var countdown: Int
    /// The variable the live input level (0…1) is written to while recording (P10).
    public var level: Name?
    public var highlight: ExpressionText?
    /// How often the level is sampled, in seconds.
    public var meterInterval: Double
    public var range: SourceRange
}
