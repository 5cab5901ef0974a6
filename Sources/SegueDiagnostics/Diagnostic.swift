/// How bad a problem is. Errors fail `segue validate`; warnings fail it only with `--strict`.
public enum Severity: String, Sendable, Hashable, Codable, Comparable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A suggested edit: replace the text in `range` with `replacement`.
public struct FixIt: Sendable, Hashable, Codable {
    public var range: SourceRange
    public var replacement: String

    public init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A secondary message, optionally pointing somewhere else ("first defined here").
public struct DiagnosticNote: Sendable, Hashable, Codable {
    public var message: String
    public var range: SourceRange?

    public init(_ message: String, at range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// One problem found in a flow file: a stable code, a severity, where, what, and how to fix it.
///
///     Diagnostic(.error, code: "E201", "unknown screen `donat`", at: range,
///                fixIts: [FixIt(range: range, replacement: "donate")])
public struct Diagnostic: Sendable, Hashable, Codable, Error {
    public var severity: Severity
    /// Stable identifier, e.g. `Y004` or `E201`; listed with examples in docs/diagnostics.md.
    public var code: String
    public var message: String
    public var range: SourceRange
    public var notes: [DiagnosticNote]
    public var fixIts: [FixIt]

    public init(
        _ severity: Severity, code: String, _ message: String, at range: SourceRange,
        notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }

    public static func error(
        _ code: String, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [],
        fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(.error, code: code, message, at: range, notes: notes, fixIts: fixIts)
    }

    public static func warning(
        _ code: String, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [],
        fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(.warning, code: code, message, at: range, notes: notes, fixIts: fixIts)
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// In file order, then by severity (errors first) for the same place.
    public func sortedBySource() -> [Diagnostic] {
        sorted {
            if $0.range.path != $1.range.path { return $0.range.path < $1.range.path }
            if $0.range.start != $1.range.start { return $0.range.start < $1.range.start }
            return $0.severity > $1.severity
        }
    }
}
