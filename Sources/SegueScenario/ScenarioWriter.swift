import SegueDriver
import SegueExpression
import SegueMachine
import SegueRuntime

/// Writes a scenario file (docs/scenarios.md) that `ScenarioParser` reads back: the one writer behind a served
/// session's *Save as scenario* and `segue check`'s counterexamples and `--scenarios`.
///
///     var writer = ScenarioWriter(name: "bought", flowPath: "../flows/shop.yaml")
///     writer.launch()
///     writer.step(.tap("buy"))
///     writer.expect(ScenarioWriter.shown(view, alert: nil))
///     writer.text  // "scenario: \"bought\"\nflow: …\nsteps:\n  - launch\n  - tap: \"buy\"\n  - expect: { … }\n"
public struct ScenarioWriter: Sendable {
    var name: String
    var flowPath: String
    /// Lines of `#` comments on top.
    var comments: [String] = []
    var device: String?
    /// Demo entries the local board starts with (`board: N`), when any.
    var boardEntries = 0
    /// Whether to write `covers: []` for people to fill in.
    var emptyCovers = false
    private var steps: [String] = []

    public init(
        name: String, flowPath: String, comments: [String] = [], device: String? = nil, boardEntries: Int = 0,
        emptyCovers: Bool = false
    ) {
        self.name = name
        self.flowPath = flowPath
        self.comments = comments
        self.device = device
        self.boardEntries = boardEntries
        self.emptyCovers = emptyCovers
    }

    public mutating func launch() { steps.append("launch") }

    public mutating func step(_ step: UserStep) { steps.append(step.scenarioText) }

    /// An `expect:` step with these expectations (`shown(_:alert:)`).
    public mutating func expect(_ expectations: [String: Value]) {
        steps.append("expect: " + StepText.flow(.record(expectations)))
    }

    /// A call that failed or was cancelled, scripted with `next:` so the scenario takes the same branch; ok calls
    /// are left to the embedded services, which answer the same way each run.
    public mutating func scriptFailure(of call: ServiceCallRecord) {
        if case .ok = call.outcome { return }
        step(.outcome(call: call.name, call.outcome))
    }

    /// What a screen shows: its name and the navigation stack.
    public static func shown(_ view: ScreenView?) -> [String: Value] {
        guard let view else { return [:] }
        return ["screen": .string(view.screen), "stack": .string(ScreenSummary.breadcrumb(view))]
    }

    /// What a screen shows, with the alert over it (`none` when there is none).
    public static func shown(_ view: ScreenView?, alert: AlertState?) -> [String: Value] {
        var keys = shown(view)
        if let alert {
            var fields: [String: Value] = ["image": .string(alert.image), "title": .string(alert.title)]
            if let message = alert.message { fields["message"] = .string(message) }
            keys["alert"] = .record(fields)
        } else {
            keys["alert"] = .string("none")
        }
        return keys
    }

    /// The file's text.
    public var text: String {
        var lines = comments.map { "# \($0)" }
        lines += ["scenario: \(StepText.quoted(name))", "flow: \(StepText.quoted(flowPath))"]
        if let device { lines.append("device: \(StepText.quoted(device))") }
        if boardEntries > 0 { lines.append("board: \(boardEntries)") }
        if emptyCovers { lines.append("covers: []") }
        lines.append("steps:")
        lines += steps.map { "  - \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
