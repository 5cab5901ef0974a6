/// The names the language binds without a declaration, declared once for the checker, the compiler, the runner
/// and the docs: `item` inside a list's item, `event` in a handler, `result` in a call's `ok`.
public enum ImplicitName: String, CaseIterable, Sendable {
    case item
    case index
    case line
    case event
    case currentEvent = "current_event"
    case session
    case result
    case error
    case form
    case state
    case device
    case theme
    case screen

    /// Where the name is bound and what it holds, for the docs and hover.
    public var doc: String {
        switch self {
        case .item: return "a list's or lines' element, in its `item` component's arguments and its `tap`"
        case .index: return "the position of `item` or `line`, from 0"
        case .line: return "a script line, in `playback`'s `clip` and `volume`"
        case .event:
            return
                "the payload of the event being handled; `event.value` in a slider's, picker's or field's `change` and a field's `submit`"
        case .currentEvent:
            return
                "the event the screen's chart took last (SCXML's `_event`), bound until the next one, null before the first: \(CurrentEventField.summary)"
        case .session:
            return "the running flow: \(SessionField.summary)"
        case .result: return "the operation's result, inside a call's `ok`; the value handed back, inside `on_result`"
        case .error:
            return "\(ErrorField.summary), inside a call's `error` and `codes` and in `on_error`"
        case .form: return "the screen's form fields (written directly under its `elements:`): `form.name`"
        case .state: return "one bool per nested state of the screen, true while active: `state.recording`"
        case .device: return "the device profile: \(DeviceField.summary)"
        case .theme: return "the flow's design tokens: `theme.styles`"
        case .screen: return "the name of the screen on top, in `invariants`, `reachable` and `always_possible`"
        }
    }
}
