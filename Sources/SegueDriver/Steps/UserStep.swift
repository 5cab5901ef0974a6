import SegueExpression
import SegueMachine
import SegueModel

/// One thing a person does to the app, in every tool's hands the same value: a REPL command line
/// (`UserStep+REPL.swift`), a scenario step or what `segue serve`'s page posts (`UserStep+Scenario.swift`, JSON being
/// YAML's flow style), each read by one reader and written back by one writer, so a step survives any trip between
/// them: a picker option with spaces, a text with quotes, a payload.
///
///     try UserStep.parse(repl: "pick kind return flight")  // .pick(picker: "kind", option: "return flight")
///     UserStep.pick(picker: "kind", option: "return flight").scenarioText  // pick: { "kind": "return flight" }
public enum UserStep: Sendable, Hashable {
    /// A button, a list's item (`options[0]`) or an element inside one (`lines[2].play`).
    case tap(String)
    /// Typing into a field, replacing its text.
    case fill(field: String, text: String)
    case clear(field: String)
    /// Pressing return in a single-line field: its `submit:` actions run with its text.
    case submit(field: String)
    case slide(slider: String, value: Double)
    case pick(picker: String, option: String)
    /// Pinch-zooming a photo field's picture (D14).
    case pinch(field: String, zoom: Double)
    /// Panning a photo field's picture so its frame is centred at (x, y), fractions of the picture.
    case pan(field: String, x: Double, y: Double)
    /// Scrolling a list near its end (its next page loads).
    case scroll(list: String)
    /// The back button or the swipe back.
    case back
    /// Swiping the top modal down.
    case dismiss
    /// An event the flow declares, raised with its payload.
    case send(event: String, payload: Value)
    /// The virtual clock moving on; timers due by then fire.
    case tick(ClockDuration)
    /// How the next call of `service.operation` ends (the REPL's `outcome`, a scenario's `next:`).
    case outcome(call: String, ServiceOutcome)
    /// The app started again from launch.
    case restart

    /// The field a `fill` or `clear` edits; nil for every other step.
    public var editedField: String? {
        switch self {
        case .fill(let field, _), .clear(let field): field
        case .tap, .submit, .slide, .pick, .pinch, .pan, .scroll, .back, .dismiss, .send, .tick, .outcome, .restart: nil
        }
    }

    /// The outcome a person scripts for a call: `ok` with its value, `cancelled`, or `error` whose record gives the
    /// `code`, the `message` and any other details; nil for another result word.
    ///
    ///     UserStep.scriptedOutcome(call: "board.add", result: "error", value: .record(["code": .string("12")]))
    public static func scriptedOutcome(call: String, result: String, value: Value?) -> ServiceOutcome? {
        switch result {
        case "ok": return .ok(value ?? .null)
        case "cancelled": return .cancelled
        case "error":
            var details = value?.recordValue ?? [:]
            let code = details.removeValue(forKey: "code")?.description ?? "error"
            let message = details.removeValue(forKey: "message")?.description ?? "scripted error"
            return .error(
                ServiceError(
                    service: String(call.prefix { $0 != "." }), code: code, message: message, details: details))
        default: return nil
        }
    }

    /// The words a scripted outcome is one of.
    public static let outcomeResults = ["ok", "error", "cancelled"]

    /// An outcome as `scriptedOutcome` reads it back: its result word and value.
    static func scripted(_ outcome: ServiceOutcome) -> (result: String, value: Value?) {
        switch outcome {
        case .ok(let value): return ("ok", value == .null ? nil : value)
        case .cancelled: return ("cancelled", nil)
        case .error(let error):
            var fields = error.details
            fields["code"] = .string(error.code)
            fields["message"] = .string(error.message)
            return ("error", .record(fields))
        }
    }
}
