import SegueDiagnostics

/// Something `segue check` found, with where it is written and the shortest run that shows it.
///
///     CheckFinding(.invariantBroken, "invariant `paid` does not hold", at: range, path: ["launch", "tap buy"])
public struct CheckFinding: Sendable, Hashable {
    /// The kinds of finding, each with a stable code (docs/diagnostics.md, "Exploration (S…)").
    public enum Code: String, Sendable, Hashable, CaseIterable {
        case invariantBroken = "S001"
        case propertyUnevaluable = "S002"
        case neverReached = "S003"
        case notAlwaysPossible = "S004"
        case screenNeverEntered = "S005"
        case deadElement = "S006"
        case livelock = "S007"
        case runtimeError = "S008"
        case defaultErrorAlert = "S009"
        case rendersNull = "S010"
        case stateNeverEntered = "S011"
    }

    public var code: Code
    public var message: String
    public var range: SourceRange
    /// The steps from launch to the state that shows it, launch first; empty when no run shows it (never reached).
    public var path: [String]

    public init(_ code: Code, _ message: String, at range: SourceRange, path: [String] = []) {
        self.code = code
        self.message = message
        self.range = range
        self.path = path
    }

    /// As a diagnostic: the path as numbered notes.
    public var diagnostic: Diagnostic {
        let notes = path.enumerated().map { DiagnosticNote("\($0.offset + 1). \($0.element)") }
        let steps = Plural.english(path.count, "step")
        let lead = path.isEmpty ? [] : [DiagnosticNote("the shortest run that shows it, \(steps):")]
        return .error(code.rawValue, message, at: range, notes: lead + notes)
    }
}
