/// The one rule for text from outside (a flow's keys and texts, file names, scenario names, a server's or a
/// process's words) that Segue prints: characters that would act on a terminal or reorder what a reader sees are
/// shown escaped, as Swift writes them (`\u{1B}`), never raw.
///
///     TerminalText.escaped("\u{1B}[2Jdonate\u{202E}")   // "\u{1B}[2Jdonate\u{202E}" as 18 visible characters
///
/// The characters: C0 controls (tab and line feed are kept where the text may have several lines), DEL, C1
/// controls, the bidi embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
/// U+061C), and U+FFFE and U+FFFF, which XML cannot carry. What is left is well-formed XML 1.0 text and safe on a
/// terminal. Server data shown on a screen drops the same characters instead (`ServerText` in SegueServices).
public enum TerminalText {
    /// Whether `scalar` never reaches output raw (tab and line feed aside, which `escaped` decides).
    public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    /// `text` with every character `mustEscape` names written as `\u{HEX}`; tab and line feed are kept when
    /// `lineBreaks` is true (a message of several lines), escaped too when it is false (one line, a name).
    public static func escaped(_ text: String, lineBreaks: Bool = true) -> String {
        // Most text is clean: return it without copying.
        guard text.unicodeScalars.contains(where: { needsEscape($0, lineBreaks: lineBreaks) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, lineBreaks: lineBreaks) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// How many characters `scalar` takes once escaped (1 when it is kept), for aligning a caret under a line.
    public static func width(of scalar: Unicode.Scalar, lineBreaks: Bool = true) -> Int {
        needsEscape(scalar, lineBreaks: lineBreaks) ? 4 + String(scalar.value, radix: 16).count : 1
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, lineBreaks: Bool) -> Bool {
        if lineBreaks, scalar == "\n" || scalar == "\t" { return false }
        return mustEscape(scalar)
    }
}
