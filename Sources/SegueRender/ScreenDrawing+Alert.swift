import SegueMachine

extension ScreenDrawing {
    /// An SPAlert-style alert: a rounded square in the middle of the screen with the done checkmark or the error
    /// cross, the title and the message; tapping anywhere dismisses it when the query offers that.
    func alert(_ alert: AlertState, tagged: Bool) -> DisplayItem {
        let theme = self.theme
        let side = 250.0
        let measure = TextLayout(width: side - 32, textScale: 1)
        let title = TextRun(
            measure.wrap(alert.title, maxLines: 2, fontSize: 22), fontSize: 22, bold: true,
            color: theme.color("label"), alignment: .center)
        let message = TextRun(
            measure.wrap(alert.message ?? "", maxLines: 4, fontSize: 16), fontSize: 16,
            color: theme.color("secondary"), alignment: .center)
        let iconSide = 80.0
        let textHeight = Double(title.lines.count) * title.lineHeight + Double(message.lines.count) * message.lineHeight
        let height = max(side, 32 + iconSide + 16 + textHeight + 32)
        let box = Rect(
            x: (device.width - side) / 2, y: (device.height - height) / 2, width: side, height: height)
        let done = alert.image == "done"
        let icon = DisplayItem(
            done ? "alert-icon done" : "alert-icon error",
            frame: Rect(x: box.x + (side - iconSide) / 2, y: box.y + 32, width: iconSide, height: iconSide),
            shape: .symbol(name: done ? "checkmark" : "xmark", color: theme.color(done ? "secondary" : "destructive")))
        var y = icon.frame.maxY + 16
        let titleItem = DisplayItem(
            "alert-title",
            frame: Rect(
                x: box.x + 16, y: y, width: side - 32,
                height: Double(title.lines.count) * title.lineHeight), shape: .text(title))
        y = titleItem.frame.maxY
        var children = [icon, titleItem]
        if !message.lines.isEmpty {
            children.append(
                DisplayItem(
                    "alert-message",
                    frame: Rect(
                        x: box.x + 16, y: y, width: side - 32,
                        height: Double(message.lines.count) * message.lineHeight),
                    shape: .text(message)))
        }
        let card = DisplayItem(
            "alert-box", frame: box, shape: .box(fill: "rgba(242,242,247,0.97)", stroke: nil, radius: 12),
            children: children)
        return DisplayItem(
            "alert", frame: Rect(x: 0, y: 0, width: device.width, height: self.height), children: [card],
            input: tagged ? InputTag(.dismissAlert) : nil)
    }
}
