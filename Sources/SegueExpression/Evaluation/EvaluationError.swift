/// Why evaluating an expression failed at run time, and where; evaluation never traps.
///
///     EvaluationError(.divisionByZero, "division by zero", at: TextRange(4, 5))
public struct EvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var kind: Kind
    public var message: String
    /// The part of the expression that failed: the operand, argument or index at fault.
    public var range: TextRange

    /// The class of failure, for callers that react differently (e.g. a missing variable).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A variable the scope does not have.
        case unknownName
        /// A function that does not exist (only reachable without type checking).
        case unknownFunction
        /// An `int` result outside 64 bits, or a `number` result that is not finite.
        case overflow
        case divisionByZero
        /// A field, index or operation applied to `null`.
        case nullValue
        case indexOutOfRange
        /// A value of the wrong kind, e.g. `!5` on dynamic data.
        case typeMismatch
        /// A value of the right kind but unusable: a bad pattern, an unparsable number, an empty list for `min`.
        case invalidArgument
    }

    public init(_ kind: Kind, _ message: String, at range: TextRange) {
        self.kind = kind
        self.message = message
        self.range = range
    }

    public var description: String { "\(range): \(message)" }
}

extension Value {
    /// "an int", "a string", "null": how a value's kind reads in a message.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .int: "an int"
        case .number: "a number"
        case .string: "a string"
        case .list: "a list"
        case .record: "a record"
        }
    }

    /// Structural equality where `1 == 1.0`, inside lists and records too.
    func isEqual(to other: Value) -> Bool {
        switch (self, other) {
        case (.int(let a), .number(let b)), (.number(let b), .int(let a)): return Double(a) == b
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEqual(to: $1) }
        case (.record(let a), .record(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.isEqual(to: $0) } ?? false }
        default: return self == other
        }
    }
}
