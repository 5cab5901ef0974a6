import SegueDiagnostics

/// Why a flow could not be compiled: the checker's errors, from the conveniences that check first (a checked flow
/// always compiles), as diagnostics with positions.
public struct CompileError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    /// The code for a file that is a library, not a flow: it has nothing to run.
    public static let libraryCode = "library"

    public var description: String {
        diagnostics.map { "\($0.range): error[\($0.code)]: \($0.message)" }.joined(separator: "\n")
    }
}
