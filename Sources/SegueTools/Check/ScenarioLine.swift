import SegueRuntime

/// A move as a step line of a scenario file, kept as what it is and written out only when a counterexample or a
/// scenario file needs the text: the explorer makes millions of moves and writes a handful.
///
///     ScenarioLine.fill("name", "two words").text  // "fill: { \"name\": \"two words\" }"
enum ScenarioLine: Sendable {
    case tap(String)
    case clear(String)
    case fill(String, String)
    case slide(String, Double)
    case pick(String, String)
    case pinch(String, Double)
    case pan(String)
    case scrollToEnd(String)
    case back
    case dismiss
    case tick(ClockDuration)
    case restart
    /// A step already written (a call's `next:` outcome, worked out once per call site).
    case written(String)

    var text: String {
        switch self {
        case .tap(let name): "tap: \(ScenarioText.quoted(name))"
        case .clear(let name): "clear: \(ScenarioText.quoted(name))"
        case .fill(let name, let text): "fill: { \(ScenarioText.quoted(name)): \(ScenarioText.quoted(text)) }"
        case .slide(let name, let value): "slide: { \(ScenarioText.quoted(name)): \(value) }"
        case .pick(let name, let option): "pick: { \(ScenarioText.quoted(name)): \(ScenarioText.quoted(option)) }"
        case .pinch(let name, let zoom): "pinch: { \(ScenarioText.quoted(name)): \(zoom) }"
        case .pan(let name): "pan: { \(ScenarioText.quoted(name)): [0, 0] }"
        case .scrollToEnd(let name): "scroll_to_end: \(ScenarioText.quoted(name))"
        case .back: "back"
        case .dismiss: "dismiss"
        case .tick(let wait): "tick: \(wait)"
        case .restart: "restart"
        case .written(let text): text
        }
    }
}
