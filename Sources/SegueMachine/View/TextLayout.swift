import SegueExpression

/// How many lines texts and multiline fields take on screen, from the documented text-measure model
/// (`line_count`), so a card is as tall as its text (D6) and a field grows with what is typed (D13); drawings
/// break their text into lines here too, so what is drawn is what was measured.
///
///     let layout = TextLayout(width: 353, textScale: 1)
///     layout.text("Спасибо!", maxLines: nil)  // (lines: 1, truncated: false)
public struct TextLayout: Sendable {
    /// The width text is laid out in, in points.
    public var width: Double
    /// Dynamic Type's multiplier on the 17 pt body size.
    public var textScale: Double

    public init(width: Double, textScale: Double) {
        self.width = width
        self.textScale = textScale
    }

    /// The width inside a screen's margins: the device's width less its safe-area sides and both margins.
    public static func contentWidth(of device: DeviceProfile, margins: Double?) -> Double {
        max(device.width - device.safeArea.left - device.safeArea.right - 2 * (margins ?? 0), 1)
    }

    /// The body text's size in points at this Dynamic Type scale.
    public var fontSize: Double { TextMeasure.bodyFontSize * textScale }

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

    /// The text broken into the lines `line_count` counts, at `fontSize` (the body size unless given); with
    /// `maxLines`, the last line shown ends in "…" when more would follow.
    ///
    ///     TextLayout(width: 120, textScale: 1).wrap("To be, or not to be, that is the question.", maxLines: 2)
    ///     // ["To be, or not to", "be, that is the…"]
    public func wrap(_ text: String, maxLines: Int? = nil, fontSize size: Double? = nil) -> [String] {
        guard !text.isEmpty else { return [] }
        let size = size ?? fontSize
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += breakParagraph(paragraph, fontSize: size)
        }
        guard let maxLines, lines.count > maxLines else { return lines }
        var shown = Array(lines.prefix(max(maxLines, 0)))
        guard var last = shown.popLast() else { return [] }
        while !last.isEmpty, advance(of: last + "…", fontSize: size) > width { last.removeLast() }
        shown.append(last.trimmingSuffixSpaces() + "…")
        return shown
    }

    /// The width of a line of text, in points.
    public func advance(of text: String, fontSize size: Double? = nil) -> Double {
        let size = size ?? fontSize
        return text.reduce(0) { $0 + TextMeasure.advance(of: $1, fontSize: size) }
    }

    /// One paragraph's lines with `TextMeasure.lineCount`'s rule: words move to the next line when they do not
    /// fit, and a word wider than the line breaks inside itself.
    private func breakParagraph(_ paragraph: Substring, fontSize size: Double) -> [String] {
        let space = TextMeasure.advance(of: " ", fontSize: size)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0.0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = advance(of: String(word), fontSize: size)
            let needed = lineWidth == 0 ? wordWidth : lineWidth + space + wordWidth
            if needed <= width {
                line += line.isEmpty ? String(word) : " " + word
                lineWidth = needed
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            var piece = ""
            var pieceWidth = 0.0
            var remaining = wordWidth
            for character in word {
                let step = TextMeasure.advance(of: character, fontSize: size)
                if remaining > width, pieceWidth + step > width, !piece.isEmpty {
                    lines.append(piece)
                    remaining -= width
                    piece = ""
                    pieceWidth = 0
                }
                piece.append(character)
                pieceWidth += step
            }
            line = piece
            lineWidth = remaining
        }
        lines.append(line)
        return lines
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
