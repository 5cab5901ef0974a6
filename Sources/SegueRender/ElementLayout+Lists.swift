import SegueMachine

extension ElementLayout {
    /// A list: a grid of fixed cells when it has columns (a collection), rows in a rounded white table on a
    /// grouped-inset screen, plain rows with separators otherwise; its `empty` text when it has no items, and a
    /// "load more" strip when the query offers scrolling to its end.
    func list(_ element: ElementView, path: ElementPath, x: Double, y: Double, width: Double)
        -> (items: [DisplayItem], height: Double)
    {
        let rows = element.items ?? []
        var children: [DisplayItem] = []
        var height = 0.0
        if rows.isEmpty, let empty = element.footer {
            let run = TextRun(
                TextLayout(width: width, textScale: textScale).wrap(empty), fontSize: fontSize,
                color: theme.color("secondary"), alignment: .center)
            let frame = Rect(x: x, y: y, width: width, height: Double(run.lines.count) * run.lineHeight + 16)
            children.append(DisplayItem("empty", frame: frame, shape: .text(run)))
            height = frame.height
        } else if element.columns != nil || element.cellWidth != nil {
            (children, height) = grid(element, rows, path: path, x: x, y: y, width: width)
        } else {
            (children, height) = table(rows, path: path, x: x, y: y, width: width, inset: style == "grouped_inset")
        }
        if let tag = inputs.tag(for: path), tag.kind == .scrollEnd {
            let strip = Rect(x: x, y: y + height, width: width, height: 36)
            let run = TextRun(["…"], fontSize: fontSize, color: theme.color("secondary"), alignment: .center)
            children.append(
                DisplayItem(
                    "load-more", frame: strip,
                    shape: .none,
                    children: [DisplayItem("label", frame: strip.offset(dy: 6), shape: .text(run))], input: tag))
            height += strip.height
        }
        let frame = Rect(x: x, y: y, width: width, height: height)
        var item = DisplayItem("list", frame: frame, children: children, element: element.id)
        if let problem = element.problem { item.children.append(problemNote(problem, below: frame)) }
        return ([item], height)
    }

    /// Rows one under another, each as tall as its content, separated by hairlines.
    private func table(
        _ rows: [[ElementView]], path: ElementPath, x: Double, y: Double, width: Double, inset: Bool
    ) -> (items: [DisplayItem], height: Double) {
        var items: [DisplayItem] = []
        var cursor = y
        for (index, row) in rows.enumerated() {
            let itemPath = ElementPath(element: path.element, item: index)
            let drawn = cell(
                row, itemPath: itemPath, frame: Rect(x: x, y: cursor, width: width, height: 0), fixedHeight: nil)
            items.append(drawn)
            cursor += drawn.frame.height
            if index < rows.count - 1 {
                items.append(
                    DisplayItem(
                        "separator",
                        frame: Rect(x: x + Self.padding, y: cursor, width: width - Self.padding, height: 0.5),
                        shape: .box(fill: theme.color("separator"), stroke: nil, radius: 0)))
            }
        }
        let height = cursor - y
        guard inset, height > 0 else { return (items, height) }
        let background = DisplayItem(
            "table", frame: Rect(x: x, y: y, width: width, height: height),
            shape: .box(fill: theme.color("background"), stroke: nil, radius: 10))
        return ([background] + items, height)
    }

    /// A collection: `columns` cells a row, each `cell_width` by `cell_height`, 8 pt apart.
    private func grid(
        _ element: ElementView, _ rows: [[ElementView]], path: ElementPath, x: Double, y: Double, width: Double
    ) -> (items: [DisplayItem], height: Double) {
        let columns = max(element.columns ?? 2, 1)
        let gap = 8.0
        let cellWidth = element.cellWidth ?? (width - Double(columns - 1) * gap) / Double(columns)
        let cellHeight = element.cellHeight ?? cellWidth
        var items: [DisplayItem] = []
        for (index, row) in rows.enumerated() {
            let column = index % columns
            let line = index / columns
            let frame = Rect(
                x: x + Double(column) * (cellWidth + gap), y: y + Double(line) * (cellHeight + gap), width: cellWidth,
                height: cellHeight)
            var drawn = cell(
                row, itemPath: ElementPath(element: path.element, item: index), frame: frame, fixedHeight: cellHeight)
            drawn.shape = .box(fill: theme.color("card"), stroke: nil, radius: 10)
            drawn.clips = true
            items.append(drawn)
        }
        let lines = (rows.count + columns - 1) / columns
        return (items, lines == 0 ? 0 : Double(lines) * cellHeight + Double(lines - 1) * gap)
    }

    /// One item of a list: its component's elements in a padded column, tagged `select` when the item is tapped.
    func cell(_ row: [ElementView], itemPath: ElementPath, frame: Rect, fixedHeight: Double?) -> DisplayItem {
        let inner = nested.column(
            row, x: frame.x + Self.padding, y: frame.y + Self.padding, width: frame.width - 2 * Self.padding
        ) { part in
            ElementPath(element: itemPath.element, item: itemPath.item, part: part)
        }
        let height = fixedHeight ?? max(inner.height + 2 * Self.padding, Self.buttonHeight)
        return DisplayItem(
            "cell", frame: Rect(x: frame.x, y: frame.y, width: frame.width, height: height), children: inner.items,
            input: inputs.tag(for: itemPath))
    }

    /// A component used on its own: a card with its elements, tagged `tap` when the card is tapped.
    func card(_ element: ElementView, path: ElementPath, x: Double, y: Double, width: Double)
        -> (items: [DisplayItem], height: Double)
    {
        let row = element.items?.first ?? []
        let inner = nested.column(row, x: x + Self.padding, y: y + Self.padding, width: width - 2 * Self.padding) {
            part in
            ElementPath(element: path.element, part: part)
        }
        let frame = Rect(x: x, y: y, width: width, height: inner.height + 2 * Self.padding)
        let item = DisplayItem(
            "card", frame: frame, shape: .box(fill: theme.color("card"), stroke: theme.color("separator"), radius: 12),
            children: inner.items, element: element.id, input: inputs.tag(for: path))
        return ([item], frame.height)
    }

    /// A script (`lines:`): a row per line, the line being played or recorded on its highlight colour, then the
    /// end-of-lines marker and the footer's elements (the share button).
    func lines(_ element: ElementView, path: ElementPath, x: Double, y: Double, width: Double)
        -> (items: [DisplayItem], height: Double)
    {
        var children: [DisplayItem] = []
        var cursor = y
        for (index, row) in (element.items ?? []).enumerated() {
            var drawn = cell(
                row, itemPath: ElementPath(element: path.element, item: index),
                frame: Rect(x: x, y: cursor, width: width, height: 0), fixedHeight: nil)
            if index == element.highlighted {
                drawn.role = "line highlighted"
                drawn.shape = .box(
                    fill: theme.color(element.highlightColor ?? "accent"), stroke: nil, radius: 8)
            } else {
                drawn.role = "line"
            }
            children.append(drawn)
            cursor += drawn.frame.height + 4
        }
        if let marker = element.footer {
            let run = TextRun([marker], fontSize: 13, color: theme.color("secondary"), alignment: .center)
            let frame = Rect(x: x, y: cursor + 8, width: width, height: run.lineHeight)
            let rule = Rect(x: x, y: frame.y + frame.height / 2, width: width, height: 0.5)
            children.append(
                DisplayItem(
                    "end-rule", frame: rule, shape: .box(fill: theme.color("separator"), stroke: nil, radius: 0)))
            let labelWidth = TextLayout(width: width, textScale: 1).advance(of: marker, fontSize: 13) + 16
            children.append(
                DisplayItem(
                    "end-marker",
                    frame: Rect(
                        x: x + (width - labelWidth) / 2, y: frame.y, width: labelWidth,
                        height: frame.height),
                    shape: .box(
                        fill: theme.color(style == "grouped_inset" ? "grouped" : "background"), stroke: nil,
                        radius: 0),
                    children: [DisplayItem("label", frame: frame, shape: .text(run))]))
            cursor = frame.maxY + Self.spacing
        }
        if let footer = element.footerElements {
            let drawn = column(footer, x: x, y: cursor, width: width) { part in
                ElementPath(element: path.element, part: part)
            }
            children += drawn.items
            cursor += drawn.height
        }
        let frame = Rect(x: x, y: y, width: width, height: cursor - y)
        return ([DisplayItem("lines", frame: frame, children: children, element: element.id)], frame.height)
    }
}
