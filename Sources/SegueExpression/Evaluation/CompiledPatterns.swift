import Foundation
import SegueDiagnostics

/// Regular expressions compiled once per pattern text, for every place a flow's pattern is compiled: `matches(…)`
/// as it runs and as it is checked, a field's `pattern` rule as it validates and as it is checked. Compiling costs
/// far more than matching, and swift-corelibs-foundation leaks what it allocated each time a pattern fails to
/// compile (the language server checks the file again on every edit).
///
///     CompiledPatterns.regex("^[A-Z]{2}$")  // compiled once, then the same object
///     CompiledPatterns.regex("[A-Z")        // nil, remembered
public enum CompiledPatterns {
    private static let known = BoundedMemo<String, NSRegularExpression?>(capacity: 1024)

    /// The pattern compiled, or nil when it does not compile.
    public static func regex(_ pattern: String) -> NSRegularExpression? {
        known.value(for: pattern) { try? NSRegularExpression(pattern: $0) }
    }

    /// Whether the pattern matches somewhere in `text` (`matches(…)`); nil when the pattern does not compile.
    public static func contains(_ pattern: String, in text: String) -> Bool? {
        guard let regex = regex(pattern) else { return nil }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether the pattern matches the whole of `text` (a field's `pattern` rule); an invalid pattern matches
    /// nothing.
    public static func matchesWhole(_ text: String, pattern: String) -> Bool {
        contains("^(?:" + pattern + ")$", in: text) ?? false
    }
}
