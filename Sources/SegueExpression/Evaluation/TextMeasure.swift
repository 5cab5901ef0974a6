/// A small, deterministic model of how text wraps on an iPhone screen, so layout questions ("does this card's text
/// need more than two lines?") get the same answer headless, on every machine.
///
/// Each character has an advance width as a fraction of the font size — narrow punctuation 0.28, spaces 0.28,
/// digits and lowercase letters 0.5, uppercase letters 0.62, wide glyphs (CJK, emoji) 1.0 — and lines break
/// greedily at spaces; a word wider than the line breaks inside itself. At the default 17 pt, a 320 pt line holds
/// about 37 lowercase letters, close to San Francisco's real measure.
public enum TextMeasure {
    /// UIKit's body text size, in points.
    public static let bodyFontSize = 17.0

    /// How many lines `text` takes in a box `width` points wide; an empty text takes one line.
    ///
    ///     TextMeasure.lineCount("Спасибо!", width: 300)  // 1
    public static func lineCount(_ text: String, width: Double, fontSize: Double = bodyFontSize) -> Int {
        var lines = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += paragraphLines(paragraph, width: width, fontSize: fontSize)
        }
        return max(1, lines)
    }

    /// The advance of one character, in points.
    public static func advance(of character: Character, fontSize: Double) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        let factor: Double
        if character == " " || ".,:;'!|il".contains(character) {
            factor = 0.28
        } else if scalar.properties.isEmojiPresentation || (0x2E80...0x9FFF).contains(value)
            || (0xAC00...0xD7AF).contains(value) || (0xFF00...0xFFEF).contains(value)
        {
            factor = 1.0
        } else if character.isUppercase {
            factor = 0.62
        } else {
            factor = 0.5
        }
        return factor * fontSize
    }

    private static func paragraphLines(_ paragraph: Substring, width: Double, fontSize: Double) -> Int {
        let space = advance(of: " ", fontSize: fontSize)
        var lines = 1
        var lineWidth = 0.0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = word.reduce(0) { $0 + advance(of: $1, fontSize: fontSize) }
            let needed = lineWidth == 0 ? wordWidth : lineWidth + space + wordWidth
            if needed <= width {
                lineWidth = needed
                continue
            }
            if lineWidth > 0 {
                lines += 1
                lineWidth = 0
            }
            // A word wider than the line breaks inside itself.
            var remaining = wordWidth
            while remaining > width {
                lines += 1
                remaining -= width
            }
            lineWidth = remaining
        }
        return lines
    }
}
