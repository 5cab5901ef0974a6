/// The stable codes of the model stage (M…); docs/diagnostics.md lists each with an example.
public enum DiagnosticCode {
    /// A key this place does not allow.
    public static let unknownKey = "M001"
    /// A scalar where a mapping belongs, a mapping where a list belongs, …
    public static let wrongNodeKind = "M002"
    /// A required key is absent.
    public static let missingKey = "M003"
    /// A value outside its allowed set or range.
    public static let invalidValue = "M004"
    /// The file is not a Segue flow, or of a version this tool does not read.
    public static let unsupportedVersion = "M005"
    /// An element or action written with a kind that does not exist.
    public static let unknownKind = "M006"
    /// Two keys that cannot go together (`ok` on a non-call, `then` without `if`).
    public static let conflictingKeys = "M007"
    /// A file imported by `imports:` could not be read.
    public static let importFailed = "M008"
    /// A key this place refuses, with why and what to use instead (a parameter's `persist`).
    public static let refusedKey = "M009"

    /// Every code, in order (docs/diagnostics.md documents each; the corpus has a file for each).
    public static let all = [
        unknownKey, wrongNodeKind, missingKey, invalidValue, unsupportedVersion, unknownKind, conflictingKeys,
        importFailed, refusedKey,
    ]
}
