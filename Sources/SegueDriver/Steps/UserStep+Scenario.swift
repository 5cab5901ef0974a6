import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel
import SegueYAML

/// A scenario file's words for steps (docs/scenarios.md), which are also what `segue serve`'s page posts as JSON:
/// read from a YAML node with every problem at its line and column, written back as one value (`scenarioValue`)
/// that is a scenario's step line (`scenarioText`) and a JSON body (`json`).
///
///     UserStep.tick(.milliseconds(500)).scenarioText           // tick: "0.5s"
///     UserStep.pick(picker: "kind", option: "return flight").json  // {"pick":{"kind":"return flight"}}
extension UserStep {
    /// The step words a scenario and a post take, besides a scenario's `launch` and `expect`.
    public static let scenarioWords = [
        "restart", "tap", "fill", "clear", "submit", "slide", "pick", "pinch", "pan", "scroll_to_end", "back", "dismiss",
        "send", "tick", "next",
    ]

    /// The steps `node` says (`fill` with several fields is a step per field), or nil when its word is none of
    /// `scenarioWords` (a scenario's `launch` and `expect`, or a mistake the caller names).
    public static func read(_ node: Node) throws(ScenarioError) -> [UserStep]? {
        func fail(_ message: String, _ range: SourceRange) -> ScenarioError {
            ScenarioError(diagnostics: [.error("T003", message, at: range)])
        }
        if let word = node.scalar?.text {
            switch word {
            case "restart": return [.restart]
            case "back": return [.back]
            case "dismiss": return [.dismiss]
            default: return nil
            }
        }
        guard let entries = node.mapping, let head = entries.first else {
            throw fail("a step is `launch`, or a mapping like `tap: donate`", node.range)
        }
        let value = head.value
        let text = value.scalar?.text ?? ""
        /// A mapping of element names to what each gets, each read by `read`; `wrong` when one cannot be.
        func each<T>(_ usage: String, _ read: (Node) -> T?, _ wrong: String) throws(ScenarioError) -> [(String, T)] {
            guard let fields = value.mapping else { throw fail(usage, value.range) }
            var entries: [(String, T)] = []
            for entry in fields {
                guard let got = read(entry.value) else { throw fail(wrong, entry.value.range) }
                entries.append((entry.name, got))
            }
            return entries
        }
        func finite(_ node: Node) -> Double? { node.plainValue.numberValue.flatMap { $0.isFinite ? $0 : nil } }
        switch head.name {
        case "tap": return [.tap(text)]
        case "clear": return [.clear(field: text)]
        case "submit": return [.submit(field: text)]
        case "scroll_to_end": return [.scroll(list: text)]
        case "tick":
            // Exact: `2.8s` is 2,800,000,000 ns, as `2800ms` is; a bare YAML number counts seconds.
            let number = value.plainValue.numberValue.flatMap {
                $0 >= 0 && $0.isFinite ? ClockDuration(seconds: $0) : nil
            }
            guard let span = ClockDuration(parsing: text) ?? number else {
                throw fail("`tick` takes a duration like `3s` or `500ms`", value.range)
            }
            return [.tick(span)]
        case "fill":
            return try each("`fill` takes a mapping of fields to text", Self.fillText, "a field's text is a text")
                .map { .fill(field: $0, text: $1) }
        case "slide":
            return try each("`slide` takes a mapping of sliders to values", finite, "a slider value is a number")
                .map { .slide(slider: $0, value: $1) }
        case "pick":
            return try each("`pick` takes a mapping of pickers to options", { $0.scalar?.text }, "an option is a text")
                .map { .pick(picker: $0, option: $1) }
        case "pinch":
            return try each(
                "`pinch` takes a mapping of photo fields to zooms: `pinch: { photo: 2 }`", finite,
                "a zoom is a number, e.g. `2`"
            ).map { .pinch(field: $0, zoom: $1) }
        case "pan":
            let centre = { (node: Node) -> (Double, Double)? in
                guard let pair = node.sequence, pair.count == 2, let x = finite(pair[0]), let y = finite(pair[1])
                else { return nil }
                return (x, y)
            }
            return try each(
                "`pan` takes a mapping of photo fields to centres: `pan: { photo: [0.25, 0.25] }`", centre,
                "a centre is `[x, y]`, fractions of the picture's width and height: `[0.25, 0.25]`"
            ).map { .pan(field: $0, x: $1.0, y: $1.1) }
        case "send":
            return [.send(event: text, payload: node["with"]?.value.plainValue ?? .record([:]))]
        case "next":
            guard case .record(let spec) = value.plainValue, let call = spec["call"]?.stringValue, call.contains(".")
            else {
                throw fail("`next` names the call: `{ call: store.purchase, cancelled: true }`", value.range)
            }
            guard let result = outcomeResults.first(where: { spec[$0] != nil }),
                let outcome = scriptedOutcome(call: call, result: result, value: spec[result])
            else {
                throw fail("`next` needs `ok: value`, `error: { code, message }` or `cancelled: true`", value.range)
            }
            return [.outcome(call: call, outcome)]
        case "restart", "back", "dismiss":
            throw fail("`\(head.name)` is written alone: `- \(head.name)`", head.key.range)
        default: return nil
        }
    }

    /// A field's text: a scalar, or `{ repeat: "ab", times: 3 }` for a long one.
    private static func fillText(_ node: Node) -> String? {
        if case .record(let spec) = node.plainValue, let piece = spec["repeat"]?.stringValue,
            let times = spec["times"]?.intValue
        {
            return String(repeating: piece, count: max(0, times))
        }
        return node.scalar?.text
    }

    /// The step as a scenario writes it and a post sends it: a word (`back`) or a mapping (`{tap: donate}`).
    public var scenarioValue: Value {
        func one(_ key: String, _ value: Value) -> Value { .record([key: value]) }
        switch self {
        case .tap(let name): return one("tap", .string(name))
        case .fill(let field, let text): return one("fill", .record([field: .string(text)]))
        case .clear(let field): return one("clear", .string(field))
        case .submit(let field): return one("submit", .string(field))
        case .slide(let slider, let value): return one("slide", .record([slider: .number(value)]))
        case .pick(let picker, let option): return one("pick", .record([picker: .string(option)]))
        case .pinch(let field, let zoom): return one("pinch", .record([field: .number(zoom)]))
        case .pan(let field, let x, let y): return one("pan", .record([field: .list([.number(x), .number(y)])]))
        case .scroll(let list): return one("scroll_to_end", .string(list))
        case .back: return .string("back")
        case .dismiss: return .string("dismiss")
        case .send(let event, let payload): return .record(["send": .string(event), "with": payload])
        case .tick(let span): return one("tick", .string(span.description))
        case .outcome(let call, let outcome):
            let (result, value) = Self.scripted(outcome)
            return one("next", .record(["call": .string(call), result: value ?? (result == "ok" ? .null : .bool(true))]))
        case .restart: return .string("restart")
        }
    }

    /// The step's line in a scenario file, after `- `: `tap: "donate"`, `pick: { "kind": "return flight" }`.
    public var scenarioText: String {
        switch scenarioValue {
        case .string(let word): return word
        case .record(let fields) where fields.count == 1:
            return fields.map { "\($0.key): \(StepText.flow($0.value))" }.joined()
        case let value: return StepText.flow(value)
        }
    }

    /// The step as JSON, as `segue serve`'s page posts it.
    public var json: String { StepText.json(scenarioValue) }
}
