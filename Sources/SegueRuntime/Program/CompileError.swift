import SegueDiagnostics

/// Why a flow could not be compiled: every problem found, as diagnostics with positions.
public struct CompileError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public var description: String {
        diagnostics.map { "\($0.range): error[\($0.code)]: \($0.message)" }.joined(separator: "\n")
    }
}

/// The runtime's diagnostic codes (R…), for what the compiler cannot lower.
public enum RuntimeDiagnosticCode {
    /// A navigation target that is not a screen of the flow.
    public static let unknownScreen = "R001"
    /// A `goto` target that is not a nested state of the screen.
    public static let unknownState = "R002"
    /// A `set` or `as` target that is not a variable or form field in scope.
    public static let unknownVariable = "R003"
    /// An expression or template that does not parse.
    public static let expressionSyntax = "R004"
    /// A `use` of a component the flow does not define, or a component that uses itself.
    public static let unknownComponent = "R005"
    /// A navigation argument the target screen has no parameter for.
    public static let unknownParameter = "R006"
    /// A nested statechart whose initial state is not one of its states.
    public static let unknownInitialState = "R007"
}
