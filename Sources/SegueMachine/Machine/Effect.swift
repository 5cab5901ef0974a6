import SegueExpression
import SegueModel

/// Something the machine asks the outside world to do; its answer comes back as an `Input`.
public enum Effect: Sendable, Hashable, Codable {
    /// Call `service.operation`; answer with `.outcome(call: id, …)`.
    case callService(id: Int, service: String, operation: String, arguments: [String: Value])
    /// Fire `.timerFired(id:)` when the clock reaches `deadline` (the span since launch).
    case startTimer(id: Int, deadline: ClockDuration)
    case cancelTimer(id: Int)
    case openURL(String)
    /// An output event (`emit:`) for whoever runs the flow: the host app, the REPL, a scenario.
    case emit(event: String, payload: [String: Value])
    /// Save a `persist: true` variable's new value.
    case persist(name: String, value: Value)
    /// Playback of a script's lines started at `line`, once the audio service gave their timeline: `line` mode
    /// plays one line, `continuous` from it to the end. The machine's own timers end each line.
    case play(mode: String, line: Int)
    /// Playback was stopped before its end (`stop_playback`, a new `play`, its screen went away).
    case stopPlayback
    /// The screen (or nested state) that made call `id` went away before its outcome: the service stops the work
    /// (an HTTP transfer is aborted, a service process is told) and the outcome, if one still comes, is dropped.
    case cancelCall(id: Int, service: String, operation: String)
    /// A take was recording on a screen that went away: the audio engine stops it and keeps the take (`call` is
    /// the `record` call that started it, which a real-time session lets finish first).
    case stopRecording(call: Int)
}

/// The result of one input: the new state, the effects to run, and what happened.
public struct Step: Sendable, Hashable {
    public var state: MachineState
    public var effects: [Effect]
    public var trace: [TraceEntry]

    public init(state: MachineState, effects: [Effect], trace: [TraceEntry]) {
        self.state = state
        self.effects = effects
        self.trace = trace
    }
}
