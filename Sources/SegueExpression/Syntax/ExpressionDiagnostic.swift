import SegueDiagnostics

/// One problem found while parsing or type checking an expression: a stable code, a message and where.
///
///     ExpressionDiagnostic(code: "X101", "unknown name `usr`; did you mean `user`?",
///                          at: TextRange(0, 3), replacement: "user")
public struct ExpressionDiagnostic: Sendable, Hashable, Error, CustomStringConvertible {
    /// Stable identifier (`X001`…`X0xx` syntax, `X1xx` types); listed in docs/expressions.md.
    public var code: String
    public var message: String
    public var range: TextRange
    /// The did-you-mean text that would replace `range`, when there is one.
    public var replacement: String?
    /// Secondary places, such as the `(` an unclosed group opened at.
    public var notes: [Note]

    /// A secondary message pointing at another part of the expression.
    public struct Note: Sendable, Hashable {
        public var message: String
        public var range: TextRange

        public init(_ message: String, at range: TextRange) {
            self.message = message
            self.range = range
        }
    }

    public init(code: String, _ message: String, at range: TextRange, replacement: String? = nil, notes: [Note] = []) {
        self.code = code
        self.message = message
        self.range = range
        self.replacement = replacement
        self.notes = notes
    }

    /// A file diagnostic, given how to place expression ranges in the file (the YAML scalar's offset).
    public func diagnostic(placing place: (TextRange) -> SourceRange) -> Diagnostic {
        let where_ = place(range)
        return .error(
            code, message, at: where_,
            notes: notes.map { DiagnosticNote($0.message, at: place($0.range)) },
            fixIts: replacement.map { [FixIt(range: where_, replacement: $0)] } ?? [])
    }

    public var description: String { "\(range): error[\(code)]: \(message)" }
}

/// The problems found in one expression, in source order; the error a failed check returns.
public struct ExpressionDiagnostics: Sendable, Hashable, Error, CustomStringConvertible {
    public var items: [ExpressionDiagnostic]

    public init(_ items: [ExpressionDiagnostic]) {
        self.items = items.sorted { ($0.range.start, $0.code) < ($1.range.start, $1.code) }
    }

    /// The messages alone, handy in tests and logs.
    public var messages: [String] { items.map(\.message) }

    public var description: String { items.map(\.description).joined(separator: "\n") }
}
