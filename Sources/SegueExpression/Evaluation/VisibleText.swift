/// What a person can see in a text: the one place that decides "looks blank", "invisible" and "too heavy".
///
///     VisibleText.looksBlank("\u{3164}\u{200B} ")   // true: a Hangul filler, a zero-width space, a space
///
/// Lengths are Characters everywhere (grapheme clusters, as iOS's `String.count`); a Character carries at most
/// `maximumMarksPerCharacter` combining marks, and a field at most `maximumBytes` of UTF-8.
public enum VisibleText {
    /// More marks than this on one letter is not writing but a way to make one Character kilobytes long.
    public static let maximumMarksPerCharacter = 8
    /// UTF-8 bytes per field, whatever its Character count.
    public static let maximumBytes = 16 * 1024

    /// Whitespace, controls, format characters and Unicode's default-ignorable code points (zero-width spaces,
    /// Hangul fillers, tag characters, bidi controls, variation selectors) and the blank Braille pattern.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || scalar.value == 0x2800 { return true }
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: return true
        default: return false
        }
    }

    /// Nothing a person would see: empty, or only invisible scalars.
    public static func looksBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isInvisible)
    }

    public static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Why a text is too heavy to be a field's value (the field's error says it in the flow's language).
    public enum WeightProblem: Sendable, Hashable {
        /// More UTF-8 bytes than `maximumBytes`; the limit in kilobytes.
        case tooLong(kilobytes: Int)
        /// More combining marks on one letter than `maximumMarksPerCharacter`.
        case tooManyMarks
    }

    /// The first way the text is too heavy to be a field's value, for the person typing it; nil when it is fine.
    public static func weightProblem(_ text: String) -> WeightProblem? {
        if text.utf8.count > maximumBytes { return .tooLong(kilobytes: maximumBytes / 1024) }
        for character in text where character.unicodeScalars.count(where: isMark) > maximumMarksPerCharacter {
            return .tooManyMarks
        }
        return nil
    }
}
