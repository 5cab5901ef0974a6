import SegueDiagnostics
import SegueExpression

/// Text a server sent, made safe to show: no control or bidi-override characters, and a bounded length.
///
///     ServerText.sanitized("\u{1B}[2JОплачено\u{202E}")   // "[2JОплачено"
///
/// A hostile server must not be able to move the terminal's cursor, reverse how a line reads, or fill the screen.
public enum ServerText {
    /// The most Characters of server text shown; longer text ends in `…`.
    public static let maximumLength = 300

    public static func sanitized(_ text: String, limit: Int = maximumLength) -> String {
        var kept = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            if isLineBreakOrTab(scalar) {
                // A line break or tab becomes one space, so a message stays on its line.
                if !lastWasSpace { kept.append(" ") }
                lastWasSpace = true
                continue
            }
            guard !isHidden(scalar) else { continue }
            kept.append(scalar)
            lastWasSpace = scalar == " "
        }
        let clean = String(kept)
        return clean.count > limit ? String(clean.prefix(limit)) + "…" : clean
    }

    /// The data of a successful response with every string made safe to draw: the same characters dropped as from
    /// a message, but line breaks (as `\n`) and tabs kept, since a donation's text may have several lines. Lengths
    /// are the result contract's to check.
    ///
    ///     ServerText.cleanedData(.record(["name": .string("\u{1B}[31mИван\u{202E}")]))   // ["name": "[31mИван"]
    public static func cleanedData(_ value: Value) -> Value {
        switch value {
        case .string(let text): return .string(cleanedDataString(text))
        case .list(let items): return .list(items.map(cleanedData))
        case .record(let fields): return .record(fields.mapValues(cleanedData))
        case .null, .bool, .int, .number: return value
        }
    }

    /// One string as `cleanedData` leaves it: for any text another person wrote that Segue shows (a server's data,
    /// a `.storekit` file's product names).
    static func cleanedDataString(_ text: String) -> String {
        // Most data is clean: keep the string as it is without copying it.
        let needsCleaning = text.unicodeScalars.contains {
            $0 != "\n" && $0 != "\t" && (isHidden($0) || isLineBreakOrTab($0))
        }
        guard needsCleaning else { return text }
        var kept = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" || scalar == "\t" {
                if previous != "\r" || scalar != "\n" { kept.append(scalar) }
            } else if isLineBreakOrTab(scalar) {
                // CR (alone or before LF), vertical tab, form feed, NEL, U+2028 and U+2029 end a line as `\n` does.
                kept.append("\n")
            } else if !isHidden(scalar) {
                kept.append(scalar)
            }
        }
        return String(kept)
    }

    private static func isLineBreakOrTab(_ scalar: Unicode.Scalar) -> Bool {
        [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value)
    }

    /// Controls (C0, DEL, C1) and the characters that reorder or hide text: bidi embeddings, overrides, isolates
    /// and marks. The one rule for them is `TerminalText`'s; a server's text drops them rather than show escapes
    /// on the app's screen.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        TerminalText.mustEscape(scalar)
    }
}
