import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueModel

/// Renders the top screen as compact, deterministic text: breadcrumb, title, one line per element, list items
/// through their components, and the alert as a box. Words for what a person sees (`hidden`, `3 items`) come from
/// the flow's message book, in its language.
///
///     ScreenPrinter(style: .plain).render(view)
///     // main › donate (present)
///     // ── donate · Поддержать ──
///     //   list options (3 items)
///     //     [0] Маленький донат · 99,00 ₽
public struct ScreenPrinter: Sendable {
    public var style: ReplStyle
    /// Paths under this directory are shown from the current folder (`ChangePrinter.showingPaths`), measured as
    /// shown (the alert box's width).
    public var dataDirectory: String?
    /// The run's texts (`Machine.messages(in:)`): the words below are in the flow's language.
    public var messages: MessageBook

    public init(style: ReplStyle, dataDirectory: String? = nil, messages: MessageBook = MessageBook()) {
        self.style = style
        self.dataDirectory = dataDirectory
        self.messages = messages
    }

    public func render(_ view: ScreenView) -> [String] {
        var lines = [breadcrumb(view.breadcrumb)]
        var header = "── " + style.bold(view.screen) + (view.title.map { " · \($0)" } ?? "")
        if !view.states.isEmpty { header += " [" + view.states.joined(separator: ", ") + "]" }
        lines.append(header + " ──")
        for element in view.elements { lines += render(element) }
        if let alert = view.alert { lines += box(alert) }
        return lines
    }

    /// `main › donate (present) › donate_one_post (show)`.
    public func breadcrumb(_ entries: [BreadcrumbEntry]) -> String {
        entries.enumerated().map { index, entry in
            index == 0 && entry.transition == .root ? entry.screen : "\(entry.screen) (\(entry.transition.rawValue))"
        }.joined(separator: " › ")
    }

    func render(_ element: ElementView) -> [String] {
        var flags: [String] = []
        if !element.visible { flags.append(messages.text(.hidden)) }
        if !element.enabled { flags.append(messages.text(.disabled)) }
        if let style = element.style { flags.append("style \(style)") }
        if let anchor = element.anchor { flags.append("anchor \(anchor)") }
        if let icon = element.icon { flags.append("icon \(icon)") }
        if let color = element.highlightColor, element.highlighted != nil { flags.append("highlight \(color)") }
        if let lines = element.lines, lines > 1 { flags.append(messages.count(.lines, lines)) }
        if element.truncated == true { flags.append("truncated") }
        if let problem = element.problem { flags.append("problem: \(problem)") }
        var head = "  \(element.kind.rawValue) \(style.bold(element.id))"
        switch element.kind {
        case .button: head += " [\(element.text ?? "")]"
        case .field: head += field(element.field)
        case .meter: head += element.meter.map { " " + meter($0) } ?? ""
        case .progress: head += element.progress.map { " " + progress($0) } ?? ""
        case .list, .lines, .component: head += " (\(count(element.items?.count ?? 0)))"
        case .text, .image, .slider, .picker:
            if let label = element.label, !label.isEmpty { head += " " + style.dim(label) }
            if let text = element.text { head += " " + quoted(text) }
        }
        if let columns = element.columns { flags.append(Plural.english(columns, "column")) }
        if let width = element.cellWidth, let height = element.cellHeight {
            flags.append("cells \(Value.number(width).description)×\(Value.number(height).description)")
        }
        if element.hasMore == true { flags.append(messages.text(.morePages)) }
        let line = head + flags.map { " · \($0)" }.joined()
        var lines = [element.visible ? line : style.dim(line)]
        guard element.visible, let items = element.items else { return lines }
        for (index, row) in items.enumerated() {
            // The script line being played or recorded (P4, P12).
            let marker = index == element.highlighted ? "▶" : " "
            let label = element.kind == .component ? "" : "[\(index)] "
            lines.append("   \(marker)" + style.cyan(label) + summary(row))
        }
        if let footer = element.footer {
            lines.append(element.kind == .lines ? "    — \(footer) —" : "    " + style.dim(footer))
        }
        for footerElement in element.footerElements ?? [] {
            lines += render(footerElement).map { "  " + $0 }
        }
        return lines
    }

    /// An item's key texts on one line: texts, visible buttons as `[id]`, sliders and pickers with their values.
    func summary(_ row: [ElementView]) -> String {
        let parts = row.compactMap { element -> String? in
            guard element.visible else { return nil }
            switch element.kind {
            case .text:
                return element.text.flatMap { $0.isEmpty ? nil : clip($0, truncated: element.truncated == true) }
            case .button: return "[\(element.id)]" + (element.enabled ? "" : " " + messages.text(.disabled))
            case .meter: return "\(element.id)=" + (element.meter.map(meter) ?? element.text ?? "")
            case .progress: return "\(element.id)=" + (element.progress.map(progress) ?? element.text ?? "")
            case .slider, .picker: return "\(element.id)=\(element.text ?? "")"
            case .field: return "\(element.id)=\(element.field.map { quoted($0.value.description) } ?? "")"
            case .image, .list, .lines, .component: return nil
            }
        }
        return parts.isEmpty ? style.dim(messages.text(.nothingShown)) : parts.joined(separator: " · ")
    }

    /// A framing number as people read it: `2`, `0.25`, `0.333`.
    static func short(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func field(_ field: FieldView?) -> String {
        guard let field else { return "" }
        var shape = field.kind == "text" ? [] : [field.kind]
        if let lines = field.lines { shape.append(messages.count(.lines, lines)) }
        var text = shape.isEmpty ? "" : " (" + shape.joined(separator: ", ") + ")"
        let value = field.value == .null ? "" : (field.value["path"]?.stringValue ?? field.value.description)
        text += " " + quoted(value)
        if let zoom = field.value["zoom"]?.numberValue, let x = field.value["center_x"]?.numberValue,
            let y = field.value["center_y"]?.numberValue
        {
            text += " " + style.dim("zoom \(Self.short(zoom))×, centre \(Self.short(x)), \(Self.short(y))")
        }
        if value.isEmpty, let placeholder = field.placeholder {
            text += " " + style.dim(messages.text(.placeholder) + " " + placeholder)
        }
        if let error = field.error { text += " " + style.red("✗ \(error)") }
        return text
    }

    /// `▕███     ▏ 3/8`: the lit bars, then how many of how many.
    private func meter(_ meter: MeterView) -> String {
        "▕" + meter.drawing + "▏ \(meter.bars)/\(meter.segments)"
    }

    /// `Elapsed ▕█████░░░░░░░░░░░░░░░▏ 25%`: the label, the bar in 20 cells, the percentage.
    private func progress(_ progress: ProgressView) -> String {
        (progress.label.map { $0 + " " } ?? "") + "▕" + progress.drawing(cells: 20) + "▏ " + progress.percent
    }

    private func box(_ alert: AlertState) -> [String] {
        let icon = alert.image == "done" ? "✓" : alert.image == "error" ? "✗" : alert.image
        let title = relative("\(icon) \(alert.title)")
        let body = alert.message.map { [relative($0)] } ?? []
        let width = ([title] + body).map(\.count).max() ?? 0
        let error = alert.image == "error"
        var lines = ["  ╭" + String(repeating: "─", count: width + 2) + "╮"]
        for text in [title] + body {
            let padded = text + String(repeating: " ", count: width - text.count)
            lines.append("  │ " + (text != title ? padded : error ? style.red(padded) : style.green(padded)) + " │")
        }
        lines.append("  ╰" + String(repeating: "─", count: width + 2) + "╯")
        return lines
    }

    /// Item texts stay on one line: long ones (and ones the layout truncates) end in `…`.
    private func clip(_ text: String, truncated: Bool) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        if flat.count > 60 { return String(flat.prefix(59)) + "…" }
        return truncated ? flat + " …" : flat
    }

    private func relative(_ text: String) -> String {
        ChangePrinter.showingPaths(in: text, dataDirectory: dataDirectory)
    }

    private func quoted(_ text: String) -> String { "\"\(text)\"" }

    private func count(_ number: Int) -> String { messages.count(.items, number) }
}
