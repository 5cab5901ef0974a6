import SegueExpression
import SegueMachine
import SegueModel

/// Draws the top screen of a machine state at its device's size: status bar, navigation bar with title and back
/// button, the scrolling content, a modal as a card over its presenter (iOS 13 and later) or full screen, and the
/// alert on top. The inputs it tags are the input query's, nothing else.
///
///     let drawing = ScreenDrawing(machine: driver.machine, state: driver.state)
///     let svg = SVGWriter().write(drawing.draw())
public struct ScreenDrawing: Sendable {
    public var machine: Machine
    public var state: MachineState
    /// A picture's `data:` URI by the source a flow names (an image's `source`, a photo field's path).
    public var images: @Sendable (String) -> String?
    /// Draws the phone as tall as its content, so a scrolling screen shows everything at once (docs/screens/).
    public var fullLength: Bool

    public init(
        machine: Machine, state: MachineState, images: @escaping @Sendable (String) -> String? = { _ in nil },
        fullLength: Bool = false
    ) {
        self.machine = machine
        self.state = state
        self.images = images
        self.fullLength = fullLength
    }

    /// The phone's height as drawn: the device's, or the content's when drawn full length.
    var height: Double { tallerHeight ?? device.height }
    private var tallerHeight: Double? = nil

    static let navigationBarHeight = 44.0
    static let cardGap = 10.0

    var device: DeviceProfile { state.environment.device }
    var theme: RenderTheme { RenderTheme(machine.program.theme) }

    /// The display list of the state's top screen; a state before launch draws an empty phone.
    public func draw() -> DisplayList {
        guard fullLength, tallerHeight == nil else { return drawOnce() }
        var taller = self
        taller.tallerHeight = max(drawOnce().contentHeight, device.height)
        return taller.drawOnce()
    }

    private func drawOnce() -> DisplayList {
        var list = DisplayList(
            device: device.name, width: device.width, height: height, contentHeight: height,
            screen: machine.view(of: state)?.screen ?? "")
        let screenFrame = Rect(x: 0, y: 0, width: device.width, height: height)
        guard let view = machine.view(of: state) else {
            list.items = [
                DisplayItem(
                    "screen", frame: screenFrame, shape: .box(fill: theme.color("background"), stroke: nil, radius: 0))
            ]
            return list
        }
        let inputs = InputIndex(machine: machine, state: state)
        let modal = state.layers.count > 1
        if modal, device.osMajor >= 13 {
            // A page sheet: the presenter stays visible above and behind it, dimmed.
            var below = state
            below.layers.removeLast()
            below.alert = nil
            var presenting = ScreenDrawing(machine: machine, state: below, images: images)
            presenting.tallerHeight = tallerHeight
            let presenter = presenting.drawOnce()
            list.items += presenter.items.map { item in
                var inert = item
                inert.role += " presenter"
                return inert.withoutInputs()
            }
            list.items.append(
                DisplayItem("dim", frame: screenFrame, shape: .box(fill: "rgba(0,0,0,0.4)", stroke: nil, radius: 0)))
            let top = device.safeArea.top + Self.cardGap
            let sheet = Rect(x: 0, y: top, width: device.width, height: height - top)
            let (drawn, height) = screen(view, frame: sheet, statusBar: 0, inputs: inputs, card: true)
            list.items.append(drawn)
            list.contentHeight = height
        } else {
            let (drawn, height) = screen(
                view, frame: screenFrame, statusBar: device.safeArea.top, inputs: inputs, card: false)
            list.items.append(drawn)
            list.contentHeight = height
        }
        if let alert = view.alert { list.items.append(self.alert(alert, tagged: inputs.dismissAlert)) }
        return list
    }

    /// One screen in `frame`: background, bars, content. Returns it and how tall its content is.
    private func screen(_ view: ScreenView, frame: Rect, statusBar: Double, inputs: InputIndex, card: Bool)
        -> (DisplayItem, Double)
    {
        let theme = self.theme
        let style = view.layout?.style
        let grouped = style == "grouped_inset" || style == "collection"
        var children: [DisplayItem] = []
        if statusBar > 0 { children.append(self.statusBar(width: frame.width, height: statusBar)) }
        if card, inputs.swipeToDismiss {
            let grabber = DisplayItem(
                "grabber", frame: Rect(x: frame.x + frame.width / 2 - 20, y: frame.y + 5, width: 40, height: 5),
                shape: .box(fill: theme.color("separator"), stroke: nil, radius: 2.5),
                input: InputTag(.swipeDismiss))
            children.append(grabber)
        }
        let margins = view.layout?.margins ?? 0
        let contentX = frame.x + device.safeArea.left + margins
        let contentWidth = TextLayout.contentWidth(of: device, margins: view.layout?.margins)
        let layout = ElementLayout(
            theme: theme, inputs: inputs, fontSize: TextLayout(width: 1, textScale: device.textScale).fontSize,
            textScale: device.textScale, style: style, images: images)
        let layers = state.layers
        let navigation = layers.last?.navigation ?? false
        let topAnchored = view.elements.enumerated().filter { $0.element.visible && $0.element.anchor == "top" }
        let barTop = frame.y + statusBar
        var contentTop = barTop + 8
        if navigation || view.title != nil || !topAnchored.isEmpty {
            let bar = navigationBar(
                view, frame: Rect(x: frame.x, y: barTop, width: frame.width, height: Self.navigationBarHeight),
                anchored: topAnchored, layout: layout, inputs: inputs,
                showsBack: navigation && (layers.last?.stack.count ?? 0) > 1)
            children.append(bar)
            contentTop = bar.frame.maxY + 12
        }
        let bottomAnchored = view.elements.enumerated().filter { $0.element.visible && $0.element.anchor == "bottom" }
        var contentBottom = frame.maxY - device.safeArea.bottom
        if !bottomAnchored.isEmpty {
            let barHeight = Double(bottomAnchored.count) * (ElementLayout.buttonHeight + 4) + 8
            contentBottom -= barHeight
            var y = contentBottom + 8
            for (index, element) in bottomAnchored {
                var copy = element
                copy.anchor = nil
                let drawn = layout.element(
                    copy, path: ElementPath(element: index), x: contentX, y: y, width: contentWidth)
                children += drawn.items
                y += drawn.height + 4
            }
        }
        let column = layout.column(view.elements, x: contentX, y: contentTop, width: contentWidth) {
            ElementPath(element: $0)
        }
        // What the phone would need to show it all: everything above the content, the content, its bottom inset,
        // and the toolbar and home indicator under it.
        let contentHeight =
            contentTop + column.height + (view.layout?.bottomInset ?? 0) + (frame.maxY - contentBottom)
        var content = DisplayItem(
            "content",
            frame: Rect(x: frame.x, y: contentTop, width: frame.width, height: max(contentBottom - contentTop, 0)),
            children: column.items, clips: true)
        if contentTop + column.height > contentBottom, view.layout?.scroll == true {
            // The scroll indicator says there is more below.
            let visible = (contentBottom - contentTop) / max(column.height, 1)
            content.children.append(
                DisplayItem(
                    "scroll-indicator",
                    frame: Rect(
                        x: frame.maxX - 6, y: contentTop + 4, width: 3,
                        height: max((contentBottom - contentTop - 8) * visible, 24)),
                    shape: .box(fill: "rgba(0,0,0,0.35)", stroke: nil, radius: 1.5)))
        }
        children.insert(content, at: 0)
        let background = DisplayItem(
            card ? "screen sheet" : "screen", frame: frame,
            shape: .box(fill: theme.color(grouped ? "grouped" : "background"), stroke: nil, radius: card ? 10 : 0),
            children: children, element: view.screen, clips: true)
        return (background, contentHeight)
    }

    /// The status bar's clock, as a phone shows it in screenshots.
    private func statusBar(width: Double, height: Double) -> DisplayItem {
        let run = TextRun(["9:41"], fontSize: 15, bold: true, color: theme.color("label"), alignment: .center)
        return DisplayItem(
            "status-bar", frame: Rect(x: 0, y: 0, width: width, height: height),
            children: [
                DisplayItem(
                    "clock",
                    frame: Rect(x: 16, y: max(height - run.lineHeight - 6, 2), width: 60, height: run.lineHeight),
                    shape: .text(run))
            ])
    }

    /// The navigation bar: the title in the middle, the back button on the left inside a navigation controller
    /// with a screen under the top, and the top-anchored buttons on the right.
    private func navigationBar(
        _ view: ScreenView, frame: Rect, anchored: [(offset: Int, element: ElementView)], layout: ElementLayout,
        inputs: InputIndex, showsBack: Bool
    ) -> DisplayItem {
        var children: [DisplayItem] = []
        let measure = TextLayout(width: frame.width, textScale: 1)
        var right = frame.maxX - 8
        for (index, element) in anchored.reversed() {
            let label = element.text ?? element.id
            let width = measure.advance(of: label) + 16
            right -= width
            let button = layout.button(
                element, path: ElementPath(element: index),
                frame: Rect(x: right, y: frame.y, width: width, height: frame.height))
            children.append(button)
            right -= 4
        }
        var left = frame.x + 8
        if showsBack {
            let back = machine.messages(in: state).text(.backButton)
            let enabled = inputs.back
            let run = TextRun(
                ["‹ " + back], fontSize: 17, color: theme.color(enabled ? "accent" : "disabled"))
            let width = measure.advance(of: run.lines[0]) + 8
            children.append(
                DisplayItem(
                    "back", frame: Rect(x: left, y: frame.y, width: width, height: frame.height),
                    children: [
                        DisplayItem(
                            "label",
                            frame: Rect(
                                x: left, y: frame.y + (frame.height - run.lineHeight) / 2, width: width,
                                height: run.lineHeight), shape: .text(run))
                    ], enabled: enabled, input: enabled ? InputTag(.back) : nil))
            left += width
        }
        if let title = view.title {
            // As wide as the bar leaves between its buttons, centred on the bar.
            let room = max(frame.maxX - right, left - frame.x) + 4
            let width = max(frame.width - 2 * room, 40)
            let lines = TextLayout(width: width, textScale: 1).wrap(title, maxLines: 1)
            let run = TextRun(lines, fontSize: 17, bold: true, color: theme.color("label"), alignment: .center)
            children.append(
                DisplayItem(
                    "title",
                    frame: Rect(
                        x: frame.x + room, y: frame.y + (frame.height - run.lineHeight) / 2,
                        width: width, height: run.lineHeight), shape: .text(run)))
        }
        let hairline = DisplayItem(
            "bar-line", frame: Rect(x: frame.x, y: frame.maxY, width: frame.width, height: 0.5),
            shape: .box(fill: theme.color("separator"), stroke: nil, radius: 0))
        return DisplayItem(
            "nav-bar", frame: frame, shape: .box(fill: "rgba(249,249,249,0.94)", stroke: nil, radius: 0),
            children: children + [hairline])
    }
}

extension DisplayItem {
    /// The item with no input anywhere inside it: drawn, but not clickable.
    func withoutInputs() -> DisplayItem {
        var copy = self
        copy.input = nil
        copy.children = children.map { $0.withoutInputs() }
        return copy
    }
}
