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
}
