import Foundation
import SegueDriver
import SegueExpression
import SegueMachine
import SegueRuntime

/// Checks one `expect:` against the driver's state and screen; each check returns a message when it fails.
struct ExpectationCheck {
    let driver: FlowDriver
    let embedded: EmbeddedServices
    /// Service calls made since the previous `expect`.
    let newCalls: [ServiceCallRecord]

    var view: ScreenView? { driver.view }

    mutating func verify(_ expectation: Expectation) async -> String? {
        let expected = expectation.value
        switch expectation.key {
        case "screen":
            return compare("screen", expected, view.map { .string($0.screen) } ?? .null)
        case "stack":
            return compare("stack", expected, .string(ScreenSummary.breadcrumb(view)))
        case "state":
            let wanted = (expected.stringValue ?? "").split(separator: ".").map(String.init)
            let active = view?.states ?? []
            return wanted.allSatisfy(active.contains)
                ? nil : "expected state \(expected), active states are [\(active.joined(separator: ", "))]"
        case "alert":
            return checkAlert(expected)
        case "elements":
            return forEachEntry(expected, "elements") { id, properties in checkElement(id, properties) }
        case "fields":
            return forEachEntry(expected, "fields") { id, properties in checkField(id, properties) }
        case "lists":
            return forEachEntry(expected, "lists") { id, properties in checkList(id, properties) }
        case "layout":
            guard let layout = view?.layout else { return "the screen has no `layout`" }
            let actual: [String: Value] = [
                "margins": layout.margins.map(Value.number) ?? .null, "scroll": .bool(layout.scroll),
                "bottom_inset": layout.bottomInset.map(Value.number) ?? .null,
                "style": layout.style.map(Value.string) ?? .null,
            ]
            return compareFields("layout", expected, actual)
        case "data":
            return forEachEntry(expected, "data") { name, value in
                guard let actual = dataValue(name) else {
                    return "no variable `\(name)` in flow data or the top screen"
                }
                return compare("data `\(name)`", value, actual)
            }
        case "calls":
            return checkCalls(expected)
        case "no_calls":
            guard expected == .bool(true) else { return nil }
            return newCalls.isEmpty
                ? nil : "expected no service calls, got \(newCalls.map(\.name).joined(separator: ", "))"
        case "takes":
            return await checkTakes(expected)
        case "files":
            return FilesCheck(directory: embedded.directory).verify(expected)
        case "uploaded":
            return UploadCheck(calls: newCalls).verify(expected)
        case "opened_url":
            return compare("opened URL", expected, driver.openedURLs.last.map(Value.string) ?? .null)
        case "emitted":
            return checkEmitted(expected)
        case "handed_back":
            return checkHandedBack(expected)
        case "ended":
            // A final state at the top of a screen's states ended the flow.
            return compare("flow ended", expected, .bool(driver.state.ended))
        case "highlighted":
            return compare("highlighted line", expected, view?.highlightedLine.map(Value.int) ?? .null)
        case "highlight_color":
            return compare("highlight colour", expected, view?.highlightColor.map(Value.string) ?? .null)
        default:
            return "`\(expectation.key)` cannot be checked yet: the runtime does not report it"
        }
    }

    // MARK: pieces

    private func checkAlert(_ expected: Value) -> String? {
        let alert = driver.state.alert
        if expected == .string("none") || expected == .null {
            return alert.map { "expected no alert, got \"\($0.title)\" (\($0.message ?? ""))" }
        }
        guard let alert else { return "expected an alert \(expected), none is shown" }
        let actual: [String: Value] = [
            "image": .string(alert.image), "title": .string(alert.title),
            "message": alert.message.map(Value.string) ?? .null,
        ]
        return compareFields("alert", expected, actual)
    }

    /// `latest[0].more` → the `more` element inside the first item of `latest`.
    private func element(_ id: String) -> ElementView? {
        guard let view, let reference = ElementReference(id) else { return nil }
        guard let top = view.element(reference.name) else { return nil }
        guard let item = reference.item else { return top }
        guard let rows = top.items, rows.indices.contains(item) else { return nil }
        guard let part = reference.part else {
            var row = top
            row.id = id
            row.text = rows[item].compactMap(\.text).joined(separator: " ")
            row.items = nil
            return row
        }
        return rows[item].first { $0.id == part }
    }

    private func checkElement(_ id: String, _ expected: Value) -> String? {
        guard let element = element(id) else { return "the screen shows no element `\(id)`" }
        let actual: [String: Value] = [
            "visible": .bool(element.visible), "enabled": .bool(element.enabled),
            "label": element.text.map(Value.string) ?? .null, "style": element.style.map(Value.string) ?? .null,
            "anchor": element.anchor.map(Value.string) ?? .null,
            "truncated": element.truncated.map(Value.bool) ?? .null, "lines": element.lines.map(Value.int) ?? .null,
            "bars": element.meter.map { .int($0.bars) } ?? .null,
            "problem": element.problem.map(Value.string) ?? .null, "icon": element.icon.map(Value.string) ?? .null,
        ]
        return compareFields("`\(id)`", expected, actual)
    }

    private func checkField(_ id: String, _ expected: Value) -> String? {
        guard let field = element(id)?.field else { return "the screen has no field `\(id)`" }
        let actual: [String: Value] = [
            "value": field.value, "error": field.error.map(Value.string) ?? .null,
            "placeholder": field.placeholder.map(Value.string) ?? .null, "lines": field.lines.map(Value.int) ?? .null,
        ]
        return compareFields("field `\(id)`", expected, actual)
    }

    private func checkList(_ id: String, _ expected: Value) -> String? {
        guard let list = element(id) else { return "the screen shows no list `\(id)`" }
        var component: Value = .null
        if let top = driver.state.topInstance,
            let program = driver.program.screens[top.screen].elements.first(where: { $0.name == id })
        {
            component = (program.list?.item.name ?? program.component?.name).map(Value.string) ?? .null
        }
        let actual: [String: Value] = [
            "count": .int(list.items?.count ?? 0), "columns": list.columns.map(Value.int) ?? .null,
            "cell_width": list.cellWidth.map(Value.number) ?? .null, "component": component,
            "end_marker": list.footer.map(Value.string) ?? .null, "has_more": list.hasMore.map(Value.bool) ?? .null,
        ]
        return compareFields("list `\(id)`", expected, actual)
    }

    /// Flow data, then the top screen's parameters and data; `script.title` walks into records.
    private func dataValue(_ path: String) -> Value? {
        let parts = path.split(separator: ".").map(String.init)
        guard let name = parts.first else { return nil }
        var value: Value?
        if let top = driver.state.topInstance, let slot = driver.program.screens[top.screen].slotIndex[name],
            top.values.indices.contains(slot)
        {
            value = top.values[slot]
        } else if let slot = driver.program.dataIndex[name], driver.state.data.indices.contains(slot) {
            value = driver.state.data[slot]
        }
        for field in parts.dropFirst() { value = value?[field] ?? (value == nil ? nil : .null) }
        return value
    }

    /// Each expected call must have been made, in this order; other calls may come between.
    private func checkCalls(_ expected: Value) -> String? {
        guard case .list(let wanted) = expected else { return "`calls` is a list of `{ call, with }`" }
        var index = 0
        for call in wanted {
            let name = call["call"]?.stringValue ?? ""
            let arguments = call["with"]?.recordValue ?? [:]
            guard
                let found = newCalls[index...].firstIndex(where: { made in
                    made.name == name
                        && arguments.allSatisfy { key, value in matches(value, made.arguments[key] ?? .null) }
                })
            else {
                let made = newCalls.map { "\($0.name)(\(Value.record($0.arguments).description))" }
                return "expected a call \(name) with \(Value.record(arguments)); calls made: "
                    + (made.isEmpty ? "none" : made.joined(separator: ", "))
            }
            index = found + 1
        }
        return nil
    }

    private func checkTakes(_ expected: Value) async -> String? {
        guard let audio = embedded.audio else { return "the flow has no audio service" }
        guard case .ok(.list(let takes)) = await audio.call("takes", arguments: [:]) else {
            return "the audio service could not list its takes"
        }
        guard case .list(let wanted) = expected else { return "`takes` is a list of `{ line, duration, volume }`" }
        guard wanted.count == takes.count else {
            return "expected \(wanted.count) take(s), the store has \(takes.count): \(Value.list(takes))"
        }
        for (want, take) in zip(wanted, takes) {
            if let problem = compareFields("take", want, take.recordValue ?? [:], tolerance: 0.011) { return problem }
        }
        return nil
    }

    // MARK: comparing

    private func forEachEntry(_ expected: Value, _ what: String, _ check: (String, Value) -> String?) -> String? {
        guard case .record(let entries) = expected else { return "`\(what)` is a mapping" }
        for key in entries.keys.sorted() {
            if let problem = check(key, entries[key]!) { return problem }
        }
        return nil
    }

    /// `emitted: purchase_completed` names the last output event; a mapping also checks its payload:
    /// `{ event: purchase_completed, with: { product: donate.small } }`.
    private func checkEmitted(_ expected: Value) -> String? {
        guard let last = driver.emitted.last else {
            return "expected an output event \(shown(expected)), none was emitted"
        }
        if case .string = expected { return compare("last output event", expected, .string(last.event)) }
        return compare(
            "last output event", expected, .record(["event": .string(last.event), "with": .record(last.payload)]))
    }

    /// `handed_back: { from: trim_take, to: script_details, result: {…} }` checks the last result a screen handed
    /// back to an `on_result` (each key optional); `handed_back: none` that none was ever handed back.
    private func checkHandedBack(_ expected: Value) -> String? {
        let none = expected == .string("none") || expected == .null
        guard let last = driver.handedBack.last else {
            return none ? nil : "expected a result handed back \(shown(expected)), none was"
        }
        if none { return "expected no result handed back, got \(shown(last.value)) from \(last.from) to \(last.to)" }
        let actual: [String: Value] = ["from": .string(last.from), "to": .string(last.to), "result": last.value]
        return compareFields("result handed back", expected, actual)
    }

    private func compareFields(_ what: String, _ expected: Value, _ actual: [String: Value], tolerance: Double = 1e-6)
        -> String?
    {
        guard case .record(let fields) = expected else { return "\(what): expected a mapping of properties" }
        for key in fields.keys.sorted() {
            guard let value = actual[key] else {
                return "\(what) has no property `\(key)`; it has " + actual.keys.sorted().joined(separator: ", ")
            }
            if !matches(fields[key]!, value, tolerance: tolerance) {
                return "\(what).\(key): expected \(shown(fields[key]!)), got \(shown(value))"
            }
        }
        return nil
    }

    private func compare(_ what: String, _ expected: Value, _ actual: Value) -> String? {
        matches(expected, actual) ? nil : "\(what): expected \(shown(expected)), got \(shown(actual))"
    }

    /// The value as written, with invisible characters that often differ (no-break spaces) made visible.
    private func shown(_ value: Value) -> String {
        value.literal.replacingOccurrences(of: "\u{A0}", with: "\\u00A0").replacingOccurrences(
            of: "\u{202F}", with: "\\u202F")
    }
}

/// Whether an actual value satisfies an expected one: numbers within a tolerance, records field by field (listed
/// fields only), `{ at_least: x }`, `{ at_most: x }` and `{ between: [a, b] }` matchers, other values by text.
func matches(_ expected: Value, _ actual: Value, tolerance: Double = 1e-6) -> Bool {
    if case .record(let matcher) = expected, matcher.count == 1, let number = actual.numberValue {
        if let low = matcher["at_least"]?.numberValue { return number >= low }
        if let high = matcher["at_most"]?.numberValue { return number <= high }
        if let range = matcher["between"]?.listValue, range.count == 2, let low = range[0].numberValue,
            let high = range[1].numberValue
        {
            return number >= low && number <= high
        }
    }
    switch (expected, actual) {
    case (.null, .null): return true
    case (.null, _), (_, .null): return false
    case (.record(let want), .record(let have)):
        return want.allSatisfy { key, value in matches(value, have[key] ?? .null, tolerance: tolerance) }
    case (.list(let want), .list(let have)):
        return want.count == have.count && zip(want, have).allSatisfy { matches($0, $1, tolerance: tolerance) }
    default:
        if let a = expected.numberValue, let b = actual.numberValue { return abs(a - b) <= tolerance }
        return expected.description == actual.description
    }
}
