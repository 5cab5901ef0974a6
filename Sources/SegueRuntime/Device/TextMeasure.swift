/// A deterministic model of how many lines a text takes, so layout decisions are the same headless and everywhere.
///
/// Each character advances by a fixed fraction of the font size (its *em*): a space 0.25 em, a wide character
/// (CJK ideographs, Hangul, full-width forms, emoji) 1 em, every other character 0.5 em. The font size is multiplied
/// by the device's text scale. Lines break greedily at spaces; a word longer than a line breaks between
/// characters; `\n` always starts a new line. Empty text takes no lines.
///
///     TextMeasure.lineCount("Спасибо за проект", width: 100, fontSize: 17)  // 2
public enum TextMeasure {
    /// UIKit's body text size, in points.
    public static let bodyFontSize = 17.0

    /// The advance of one character, in ems.
    public static func advance(of character: Character) -> Double {
        if character == " " { return 0.25 }
        guard let scalar = character.unicodeScalars.first else { return 0.5 }
        return isWide(scalar.value) || character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation })
            ? 1 : 0.5
    }

    /// The width of `text` on one line, in points.
    public static func width(of text: Substring, fontSize: Double) -> Double {
        text.reduce(0) { $0 + advance(of: $1) } * fontSize
    }

    /// How many lines `text` takes in `width` points at `fontSize`; 0 for empty text.
    public static func lineCount(_ text: String, width: Double, fontSize: Double = bodyFontSize) -> Int {
        guard !text.isEmpty else { return 0 }
        let space = advance(of: " ") * fontSize
        var lines = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += 1
            var used = 0.0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = self.width(of: word, fontSize: fontSize)
                let needed = used == 0 ? wordWidth : used + space + wordWidth
                if needed <= width || used == 0 && wordWidth <= width {
                    used = needed
                    continue
                }
                if used > 0 {
                    lines += 1
                    used = 0
                }
                if wordWidth <= width {
                    used = wordWidth
                    continue
                }
                for character in word {
                    let step = advance(of: character) * fontSize
                    if used > 0, used + step > width {
                        lines += 1
                        used = 0
                    }
                    used += step
                }
            }
        }
        return lines
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF,
            0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
