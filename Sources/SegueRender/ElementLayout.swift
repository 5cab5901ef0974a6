import SegueMachine

/// Lays a screen's elements out top to bottom in a column, UIKit-style: texts as tall as their measured lines,
/// 44 pt buttons, fields with their error under them; lists, controls and cards in the extensions.
struct ElementLayout {
    let theme: RenderTheme
    let inputs: InputIndex
    /// The body text size at the device's Dynamic Type scale.
    let fontSize: Double
    let textScale: Double
    /// The screen's style: `grouped_inset` draws lists as inset tables, `collection` as grids.
    let style: String?
    /// A picture's `data:` URI by its source, nil when there is none.
    let images: @Sendable (String) -> String?
    /// Inside a list item or a card, where pictures are thumbnails.
    var inCell = false

    /// The layout for the elements inside an item or a card.
    var nested: ElementLayout {
        var inner = self
        inner.inCell = true
        return inner
    }

    static let spacing = 10.0
    static let padding = 12.0
    static let buttonHeight = 44.0

    var lineHeight: Double { (fontSize * 1.3).rounded() }

    /// A column of elements at `x`, `y`, `width` wide; `path` makes each element's path from its index.
    /// Returns the items and the height they take.
    func column(
        _ elements: [ElementView], x: Double, y: Double, width: Double, path: (Int) -> ElementPath
    ) -> (items: [DisplayItem], height: Double) {
        var items: [DisplayItem] = []
        var cursor = y
        var index = 0
        while index < elements.count {
            let element = elements[index]
            // Anchored elements sit in the screen's bars, not in its column.
            guard element.visible, element.anchor == nil else {
                index += 1
                continue
            }
            // Plain buttons side by side flow into a row, as a card's or a script line's controls do.
            var run: [(Int, ElementView)] = []
            var next = index
            while next < elements.count, elements[next].kind == .button, isPlain(elements[next]),
                elements[next].anchor == nil
            {
                if elements[next].visible { run.append((next, elements[next])) }
                next += 1
            }
            if run.count > 1 {
                let (row, height) = buttonRow(run, x: x, y: cursor, width: width, path: path)
                items += row
                cursor += height + Self.spacing
                index = next
                continue
            }
            let drawn = self.element(element, path: path(index), x: x, y: cursor, width: width)
            items += drawn.items
            cursor += drawn.height + Self.spacing
            index += 1
        }
        return (items, max(cursor - y - Self.spacing, 0))
    }

    /// One element at `x`, `y`: its items and height.
    func element(_ element: ElementView, path: ElementPath, x: Double, y: Double, width: Double)
        -> (items: [DisplayItem], height: Double)
    {
        switch element.kind {
        case .text: return text(element, x: x, y: y, width: width)
        case .button:
            let frame = Rect(x: x, y: y, width: width, height: Self.buttonHeight)
            return ([button(element, path: path, frame: frame)], frame.height)
        case .image:
            let height = min((width * 0.56).rounded(), inCell ? 88 : 160)
            let frame = Rect(x: x, y: y, width: width, height: height)
            return ([image(element, path: path, frame: frame)], height)
        case .field: return field(element, path: path, x: x, y: y, width: width)
        case .slider:
            return labelled(element, x: x, y: y, width: width) { slider(element, path: path, x: x, y: $0, width: width) }
        case .picker:
            return labelled(element, x: x, y: y, width: width) { picker(element, path: path, x: x, y: $0, width: width) }
        case .meter: return meter(element, x: x, y: y, width: width)
        case .progress: return progress(element, x: x, y: y, width: width)
        case .list: return list(element, path: path, x: x, y: y, width: width)
        case .lines: return lines(element, path: path, x: x, y: y, width: width)
        case .component: return card(element, path: path, x: x, y: y, width: width)
        }
    }

    /// A text broken where `line_count` breaks it, cut at its `max_lines` with "…".
    func text(_ element: ElementView, x: Double, y: Double, width: Double) -> (items: [DisplayItem], height: Double) {
        let content = element.text ?? ""
        let layout = TextLayout(width: element.measuredWidth.map { min($0, width) } ?? width, textScale: textScale)
        let lines = layout.wrap(content, maxLines: element.maxLines)
        guard !lines.isEmpty else { return ([], 0) }
        // The type scale's emphasised styles are semibold at the body size.
        let bold = ["headline", "title", "title2", "title3", "largeTitle"].contains(element.font ?? "")
        // A theme style colours a text as it does a button: its title colour, its background behind it.
        let style = theme.style(element.style)
        let run = TextRun(lines, fontSize: fontSize, bold: bold, color: style?.title ?? theme.color("label"))
        let frame = Rect(x: x, y: y, width: width, height: Double(lines.count) * run.lineHeight)
        var item = DisplayItem("text", frame: frame, shape: .text(run), element: element.id)
        if let background = style?.background {
            item = DisplayItem(
                "text", frame: frame, shape: .box(fill: background, stroke: nil, radius: 6),
                children: [DisplayItem("text-run", frame: frame, shape: .text(run))], element: element.id)
        }
        if let problem = element.problem { item.children.append(problemNote(problem, below: frame)) }
        return ([item], frame.height)
    }

    /// A button: filled with its theme style's colours, else the accent colour's text; greyed when disabled.
    func button(_ element: ElementView, path: ElementPath, frame: Rect) -> DisplayItem {
        let tag = inputs.tag(for: path)
        let enabled = element.enabled && tag != nil
        let style = theme.style(element.style)
        let background = style?.background
        var titleColor = style?.title ?? (background == nil ? theme.color("accent") : theme.color("white"))
        if !enabled { titleColor = theme.color("disabled") }
        var item = DisplayItem(
            "button", frame: frame,
            shape: .box(
                fill: background.map { enabled ? $0 : theme.color("grouped") }, stroke: nil,
                radius: background == nil ? 0 : 12),
            element: element.id, enabled: enabled, input: tag)
        let label = element.text ?? element.id
        var textX = frame.x
        let labelWidth = TextLayout(width: frame.width, textScale: textScale).advance(of: label)
        let iconSize = 20.0
        if let icon = element.icon {
            let start = frame.x + max((frame.width - labelWidth - iconSize - 6) / 2, 0)
            item.children.append(
                DisplayItem(
                    "icon",
                    frame: Rect(
                        x: start, y: frame.y + (frame.height - iconSize) / 2, width: iconSize,
                        height: iconSize),
                    shape: .symbol(name: icon, color: titleColor)))
            textX = start + iconSize + 6
        }
        let run = TextRun(
            [label], fontSize: fontSize, bold: background != nil, color: titleColor,
            alignment: element.icon == nil ? .center : .leading)
        let textWidth = element.icon == nil ? frame.width : labelWidth
        item.children.append(
            DisplayItem(
                "label",
                frame: Rect(
                    x: textX, y: frame.y + (frame.height - run.lineHeight) / 2, width: textWidth,
                    height: run.lineHeight), shape: .text(run)))
        return item
    }

    /// Plain buttons in one row, each as wide as its label, wrapping onto the next row when full.
    private func buttonRow(
        _ run: [(Int, ElementView)], x: Double, y: Double, width: Double, path: (Int) -> ElementPath
    ) -> (items: [DisplayItem], height: Double) {
        let measure = TextLayout(width: width, textScale: textScale)
        var items: [DisplayItem] = []
        var cursorX = x
        var cursorY = y
        for (index, element) in run {
            let label = element.text ?? element.id
            let buttonWidth = min(measure.advance(of: label) + (element.icon == nil ? 16 : 42), width)
            if cursorX > x, cursorX + buttonWidth > x + width {
                cursorX = x
                cursorY += Self.buttonHeight
            }
            let frame = Rect(x: cursorX, y: cursorY, width: buttonWidth, height: Self.buttonHeight)
            items.append(button(element, path: path(index), frame: frame))
            cursorX += buttonWidth + 8
        }
        return (items, cursorY + Self.buttonHeight - y)
    }

    /// An image: the picture when its source resolves, else its placeholder symbol on a grey box.
    func image(_ element: ElementView, path: ElementPath, frame: Rect) -> DisplayItem {
        let tag = inputs.tag(for: path)
        if let source = element.text, !source.isEmpty, ImageFiles.isConfined(source), let uri = images(source) {
            return DisplayItem("image", frame: frame, shape: .picture(uri: uri), element: element.id, input: tag)
        }
        let symbol = DisplayItem(
            "placeholder", frame: frame.inset(max(min(frame.width, frame.height) / 2 - 24, 4)),
            shape: .symbol(name: element.placeholder ?? "photo", color: theme.color("secondary")))
        return DisplayItem(
            "image", frame: frame, shape: .box(fill: theme.color("placeholder"), stroke: nil, radius: 10),
            children: [symbol], element: element.id, input: tag)
    }

    /// The message of an expression that failed, in red under the element.
    func problemNote(_ problem: String, below frame: Rect) -> DisplayItem {
        let lines = TextLayout(width: frame.width, textScale: textScale).wrap(
            "⚠ " + problem, maxLines: 2, fontSize: 12)
        let run = TextRun(lines, fontSize: 12, color: theme.color("destructive"))
        return DisplayItem(
            "problem", frame: Rect(x: frame.x, y: frame.maxY, width: frame.width, height: run.lineHeight),
            shape: .text(run))
    }

    /// A button drawn as text only, which sits in a row with its neighbours.
    private func isPlain(_ element: ElementView) -> Bool { theme.style(element.style)?.background == nil }
}
