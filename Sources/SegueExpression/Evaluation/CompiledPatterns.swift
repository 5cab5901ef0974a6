import Foundation
import Synchronization

/// Regular expressions compiled once per pattern text, for every place a flow's pattern is compiled: `matches(…)`
/// as it runs and as it is checked, a field's `pattern` rule as it validates and as it is checked. Compiling costs
/// far more than matching, and swift-corelibs-foundation leaks what it allocated each time a pattern fails to
/// compile (the language server checks the file again on every edit). Bounded: a full memo starts over.
///
///     CompiledPatterns.regex("^[A-Z]{2}$")  // compiled once, then the same object
///     CompiledPatterns.regex("[A-Z")        // nil, remembered
public enum CompiledPatterns {
    /// At most this many patterns are remembered.
    static let capacity = 1024

    private static let known = Mutex<[String: NSRegularExpression?]>([:])

    /// The pattern compiled, or nil when it does not compile.
    public static func regex(_ pattern: String) -> NSRegularExpression? {
        if let remembered = known.withLock({ $0[pattern] }) { return remembered }
        let compiled = try? NSRegularExpression(pattern: pattern)
        known.withLock { memo in
            if memo.count >= capacity { memo.removeAll(keepingCapacity: true) }
            memo[pattern] = compiled
        }
        return compiled
    }
}
