import SegueDriver
import SegueExpression
import SegueMachine

/// A few plain lines describing the screen, for failure reports: where the user is and what they see.
public enum ScreenSummary {
    /// `main > donate (present) > donate_one_post (show)`.
    public static func breadcrumb(_ view: ScreenView?) -> String {
        guard let view else { return "" }
        // The first screen is the root however it got there (a splash may `replace` itself with home).
        return view.breadcrumb.enumerated().map { index, entry in
            index == 0 ? entry.screen : "\(entry.screen) (\(entry.transition.rawValue))"
        }.joined(separator: " > ")
    }

    static func text(of driver: FlowDriver) -> String {
        guard let view = driver.view else { return "    (no screen)" }
        var lines = [
            "    screen: \(view.screen)" + (view.title.map { " — \($0)" } ?? ""), "    stack: \(breadcrumb(view))",
        ]
        if !view.states.isEmpty { lines.append("    states: \(view.states.joined(separator: ", "))") }
        if let line = view.highlightedLine {
            lines.append("    highlighted: line \(line)" + (view.highlightColor.map { " (\($0))" } ?? ""))
        }
        if let alert = driver.state.alert {
            lines.append("    alert: [\(alert.image)] \(alert.title)" + (alert.message.map { ": \($0)" } ?? ""))
        }
        for element in view.elements {
            var line = "    \(element.kind.rawValue) \(element.id)"
            if let text = element.text, !text.isEmpty { line += " \"\(text)\"" }
            if let field = element.field {
                line += " = \(field.value.literal)" + (field.error.map { " (error: \($0))" } ?? "")
            }
            if let items = element.items { line += " [\(items.count) items]" }
            if let footer = element.footerElements { line += " + footer " + footer.map(\.id).joined(separator: ", ") }
            var flags: [String] = []
            if !element.visible { flags.append("hidden") }
            if !element.enabled { flags.append("disabled") }
            if let style = element.style { flags.append("style \(style)") }
            if let lines = element.field?.lines ?? element.lines, lines > 1 { flags.append("\(lines) lines") }
            if let meter = element.meter { flags.append("\(meter.bars) of \(meter.segments) bars") }
            if !flags.isEmpty { line += " (" + flags.joined(separator: ", ") + ")" }
            if let problem = element.problem { line += " — problem: \(problem)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
