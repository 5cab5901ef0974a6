import SegueDiagnostics

/// Why a scenario file could not be read: a diagnostic with its position.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    package init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map { "\($0.range): \($0.message)" }.joined(separator: "\n") }
}
