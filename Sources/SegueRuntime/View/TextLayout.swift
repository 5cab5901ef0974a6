import SegueExpression

/// How many lines texts and multiline fields take on screen, from the documented text-measure model
/// (`line_count`), so a card is as tall as its text (D6) and a field grows with what is typed (D13).
///
///     let layout = TextLayout(width: 353, textScale: 1)
///     layout.text("Спасибо!", maxLines: nil)  // (lines: 1, truncated: false)
struct TextLayout {
    /// The width text is laid out in, in points.
    var width: Double
    /// Dynamic Type's multiplier on the 17 pt body size.
    var textScale: Double

    /// The width inside a screen's margins: the device's width less its safe-area sides and both margins.
    static func contentWidth(of device: DeviceProfile, margins: Double?) -> Double {
        max(device.width - device.safeArea.left - device.safeArea.right - 2 * (margins ?? 0), 1)
    }

    private var fontSize: Double { TextMeasure.bodyFontSize * textScale }

    /// The lines a text shows (none when empty, at most `maxLines`) and whether it needs more than that.
    func text(_ text: String, maxLines: Int?) -> (lines: Int, truncated: Bool) {
        guard !text.isEmpty else { return (0, false) }
        let needed = TextMeasure.lineCount(text, width: width, fontSize: fontSize)
        guard let maxLines else { return (needed, false) }
        return (min(needed, maxLines), needed > maxLines)
    }

    /// A multiline field's height in lines: `minLines` to start; when it grows, as many as its text needs, up to
    /// `maxLines`.
    func field(_ value: String, minLines: Int, grows: Bool, maxLines: Int?) -> Int {
        guard grows else { return minLines }
        let needed = TextMeasure.lineCount(value, width: width, fontSize: fontSize)
        return min(max(minLines, needed), maxLines ?? Int.max)
    }
}
