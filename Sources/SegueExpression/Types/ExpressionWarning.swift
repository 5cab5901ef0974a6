/// Something an expression may get wrong at run time that the type checker can see: a value that may be null
/// where one is needed, or text that would show nothing where a value was meant.
///
///     TypeChecker(scope: TypeBindings(["countdown": .optional(.int)]))
///         .analyze(try Expression.parse("countdown - 1")).warnings  // one `.optionalOperand` at `countdown`
public struct ExpressionWarning: Sendable, Hashable, CustomStringConvertible {
    /// What kind of risk; the checker gives each kind its own diagnostic code.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A value that may be null used where a value is needed: `countdown - 1` with `countdown: int?`.
        case optionalOperand
        /// A value that may be null interpolated inside other text: `"Hello, ${name}"` with `name: string?`.
        case optionalInText
    }

    public var kind: Kind
    public var message: String
    public var range: TextRange

    public init(_ kind: Kind, _ message: String, at range: TextRange) {
        self.kind = kind
        self.message = message
        self.range = range
    }

    public var description: String { "\(range): warning[\(kind.rawValue)]: \(message)" }
}
