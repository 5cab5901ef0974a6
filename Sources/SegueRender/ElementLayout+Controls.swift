import SegueExpression
import SegueMachine
import SegueModel

extension ElementLayout {
    /// A form field: a rounded box with its text or grey placeholder, as many lines tall as a multiline field is
    /// now, the photo field's crop frame, and the rule's message in red under it once it shows.
    func field(_ element: ElementView, path: ElementPath, x: Double, y: Double, width: Double)
        -> (items: [DisplayItem], height: Double)
    {
        guard let field = element.field else { return text(element, x: x, y: y, width: width) }
        var tag = inputs.tag(for: path)
        let enabled = element.enabled && tag != nil
        let value = field.value == .null ? "" : (field.value["path"]?.stringValue ?? field.value.description)
        tag?.value = value
        if field.region != nil {
            tag?.zoom = field.value["zoom"]?.numberValue
            tag?.centerX = field.value["center_x"]?.numberValue
            tag?.centerY = field.value["center_y"]?.numberValue
        }
        tag?.placeholder = field.placeholder
        tag?.fieldKind = field.kind
        tag?.crop = field.crop
        var cursor = y
        var items: [DisplayItem] = []
        if let label = field.label {
            let run = TextRun([label], fontSize: 13, color: theme.color("secondary"))
            items.append(
                DisplayItem(
                    "field-label", frame: Rect(x: x, y: cursor, width: width, height: run.lineHeight),
                    shape: .text(run)))
            cursor += run.lineHeight + 2
        }
        let box: DisplayItem
        if field.kind == "photo" {
            box = photo(element, field, value: value, tag: tag, enabled: enabled, x: x, y: cursor, width: width)
        } else {
            let lineCount = Double(max(field.lines ?? 1, 1))
            let frame = Rect(x: x, y: cursor, width: width, height: max(lineCount * lineHeight + 22, 44))
            let textWidth = width - 2 * Self.padding
            let shown = value.isEmpty ? (field.placeholder ?? "") : value
            let layout = TextLayout(width: textWidth, textScale: textScale)
            let lines = field.lines == nil ? [shown] : layout.wrap(shown, maxLines: field.lines)
            let run = TextRun(
                lines, fontSize: fontSize,
                color: theme.color(value.isEmpty ? "placeholder" : (enabled ? "label" : "disabled")))
            let text = DisplayItem(
                value.isEmpty ? "placeholder" : "value",
                frame: Rect(
                    x: x + Self.padding, y: cursor + 11, width: textWidth, height: Double(lines.count) * run.lineHeight),
                shape: .text(run))
            box = DisplayItem(
                "field", frame: frame,
                shape: .box(
                    fill: theme.color("field"), stroke: theme.color(field.error == nil ? "separator" : "destructive"),
                    radius: 10),
                children: [text], element: element.id, enabled: enabled, input: tag)
        }
        items.append(box)
        cursor = box.frame.maxY
        if let error = field.error {
            let lines = TextLayout(width: width, textScale: 1).wrap(error, fontSize: 13)
            let run = TextRun(lines, fontSize: 13, color: theme.color("destructive"))
            let frame = Rect(x: x + 4, y: cursor + 4, width: width - 4, height: Double(lines.count) * run.lineHeight)
            items.append(DisplayItem("field-error", frame: frame, shape: .text(run)))
            cursor = frame.maxY
        }
        return (items, cursor - y)
    }

    /// The photo field: a dashed crop frame of the field's aspect, the chosen picture inside it or a placeholder.
    private func photo(
        _ element: ElementView, _ field: FieldView, value: String, tag: InputTag?, enabled: Bool, x: Double,
        y: Double, width: Double
    ) -> DisplayItem {
        let aspect = field.crop.map { $0.aspect > 0 ? $0.aspect : 1 } ?? 1
        let side = min(width, 240)
        let frameWidth = aspect >= 1 ? side : side * aspect
        let frame = Rect(x: x + (width - frameWidth) / 2, y: y, width: frameWidth, height: frameWidth / aspect)
        let picture: DisplayItem
        if !value.isEmpty, let uri = images(value) {
            // The part of the picture the user framed (pinch and pan), as it will be uploaded.
            let region = field.region ?? PhotoRegion(x: 0, y: 0, width: 1, height: 1)
            picture = DisplayItem("photo", frame: frame, shape: .framedPicture(uri: uri, region: region))
        } else {
            picture = DisplayItem(
                "placeholder", frame: frame.inset(frame.width / 2 - 28),
                shape: .symbol(name: "photo", color: theme.color("secondary")))
        }
        let outline = DisplayItem(
            "crop-frame", frame: frame, shape: .box(fill: nil, stroke: theme.color("accent"), radius: 0, dash: true))
        return DisplayItem(
            "field photo", frame: frame, shape: .box(fill: theme.color("grouped"), stroke: nil, radius: 0),
            children: [picture, outline], element: element.id, enabled: enabled, input: tag, clips: true)
    }

    /// A control with its `label:` (a slider's, a picker's) on a line above it, as a progress bar's is.
    func labelled(
        _ element: ElementView, x: Double, y: Double, width: Double,
        control: (Double) -> (items: [DisplayItem], height: Double)
    ) -> (items: [DisplayItem], height: Double) {
        guard let label = element.label, !label.isEmpty else { return control(y) }
        let color = theme.color(element.enabled ? "label" : "disabled")
        let run = TextRun([label], fontSize: fontSize, bold: false, color: color)
        let caption = DisplayItem(
            "label", frame: Rect(x: x, y: y, width: width, height: run.lineHeight), shape: .text(run))
        let below = control(y + run.lineHeight + 6)
        return ([caption] + below.items, run.lineHeight + 6 + below.height)
    }

    /// A slider: its track filled up to the thumb, which sits at the value's place between the bounds.
    func slider(_ element: ElementView, path: ElementPath, x: Double, y: Double, width: Double)
        -> (items: [DisplayItem], height: Double)
    {
        var tag = inputs.tag(for: path)
        let enabled = element.enabled && tag != nil
        let bounds = element.bounds ?? 0...1
        let value = element.text.flatMap(Double.init) ?? bounds.lowerBound
        tag?.value = element.text
        tag?.minimum = bounds.lowerBound
        tag?.maximum = bounds.upperBound
        let span = bounds.upperBound - bounds.lowerBound
        let share = span > 0 ? min(max((value - bounds.lowerBound) / span, 0), 1) : 0
        let height = 32.0
        let thumb = 28.0
        let trackWidth = width - thumb
        let trackY = y + height / 2 - 2
        let fill = theme.color(enabled ? "accent" : "disabled")
        let thumbX = x + share * trackWidth
        let children = [
            DisplayItem(
                "track", frame: Rect(x: x + thumb / 2, y: trackY, width: trackWidth, height: 4),
                shape: .box(fill: theme.color("separator"), stroke: nil, radius: 2)),
            DisplayItem(
                "track-fill", frame: Rect(x: x + thumb / 2, y: trackY, width: share * trackWidth, height: 4),
                shape: .box(fill: fill, stroke: nil, radius: 2)),
            DisplayItem(
                "thumb", frame: Rect(x: thumbX, y: y + (height - thumb) / 2, width: thumb, height: thumb),
                shape: .circle(fill: theme.color("white"), stroke: theme.color("separator"))),
        ]
        let item = DisplayItem(
            "slider", frame: Rect(x: x, y: y, width: width, height: height), children: children, element: element.id,
            enabled: enabled, input: tag)
        return ([item], height)
    }

    /// A picker as a segmented control: one segment per option, the selected one raised.
    func picker(_ element: ElementView, path: ElementPath, x: Double, y: Double, width: Double)
        -> (items: [DisplayItem], height: Double)
    {
        var tag = inputs.tag(for: path)
        let enabled = element.enabled && tag != nil
        let options = element.options ?? []
        tag?.value = element.text
        tag?.options = options
        let height = 32.0
        let frame = Rect(x: x, y: y, width: width, height: height)
        let segment = options.isEmpty ? width : width / Double(options.count)
        var children: [DisplayItem] = []
        for (index, option) in options.enumerated() {
            let cell = Rect(x: x + Double(index) * segment, y: y, width: segment, height: height)
            let selected = option == element.text
            let run = TextRun(
                [option], fontSize: 13 * textScale, bold: selected,
                color: theme.color(enabled ? "label" : "disabled"), alignment: .center)
            children.append(
                DisplayItem(
                    selected ? "segment selected" : "segment", frame: cell.inset(2),
                    shape: selected ? .box(fill: theme.color("white"), stroke: nil, radius: 7) : .none,
                    children: [
                        DisplayItem(
                            "label",
                            frame: Rect(
                                x: cell.x, y: y + (height - run.lineHeight) / 2, width: segment,
                                height: run.lineHeight), shape: .text(run))
                    ]))
        }
        let item = DisplayItem(
            "picker", frame: frame, shape: .box(fill: theme.color("grouped"), stroke: nil, radius: 9),
            children: children, element: element.id, enabled: enabled, input: tag)
        return ([item], height)
    }

    /// The level meter: its segments side by side, the lit ones green (P10).
    func meter(_ element: ElementView, x: Double, y: Double, width: Double) -> (items: [DisplayItem], height: Double) {
        let meter = element.meter ?? MeterView(level: 0, segments: 8)
        let gap = 4.0
        let bar = (width - Double(meter.segments - 1) * gap) / Double(meter.segments)
        let height = 24.0
        let children = (0..<meter.segments).map { index in
            DisplayItem(
                index < meter.bars ? "bar lit" : "bar",
                frame: Rect(x: x + Double(index) * (bar + gap), y: y, width: bar, height: height),
                shape: .box(fill: theme.color(index < meter.bars ? "success" : "separator"), stroke: nil, radius: 3))
        }
        return (
            [
                DisplayItem(
                    "meter", frame: Rect(x: x, y: y, width: width, height: height), children: children,
                    element: element.id)
            ], height
        )
    }

    /// A progress bar: its label (if any) above a track filled to its fraction, as a `UIProgressView`.
    func progress(_ element: ElementView, x: Double, y: Double, width: Double) -> (items: [DisplayItem], height: Double)
    {
        let progress = element.progress ?? ProgressView(fraction: 0, label: nil)
        var children: [DisplayItem] = []
        var trackY = y
        if let label = progress.label, !label.isEmpty {
            let run = TextRun([label], fontSize: fontSize, bold: false, color: theme.color("label"))
            children.append(
                DisplayItem("label", frame: Rect(x: x, y: y, width: width, height: run.lineHeight), shape: .text(run)))
            trackY += run.lineHeight + 6
        }
        let track = 6.0
        children.append(
            DisplayItem(
                "track", frame: Rect(x: x, y: trackY, width: width, height: track),
                shape: .box(fill: theme.color("separator"), stroke: nil, radius: track / 2)))
        children.append(
            DisplayItem(
                "track-fill", frame: Rect(x: x, y: trackY, width: progress.fraction * width, height: track),
                shape: .box(fill: theme.color("accent"), stroke: nil, radius: track / 2)))
        let height = trackY + track - y
        var item = DisplayItem(
            "progress", frame: Rect(x: x, y: y, width: width, height: height), children: children, element: element.id)
        if let problem = element.problem { item.children.append(problemNote(problem, below: item.frame)) }
        return ([item], height)
    }
}
