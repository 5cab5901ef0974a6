import SegueDiagnostics
import SegueExpression
import SegueModel

/// An expression or template as the checker parsed and lowered it: each read of a record type's computed field
/// replaced by a node that computes it, so the compiler runs it without knowing types or parsing it again.
public enum LoweredExpression: Sendable {
    case expression(Expression)
    case template(Template)
}

/// Every expression text the checker parsed, at its number (`ExpressionID`): what it hands the compiler.
struct LoweredExpressions {
    private(set) var entries: [LoweredExpression?] = []

    /// A text the checker made itself (`CheckRun.unnumbered`, a position inside a `set:` key) has no place here: its
    /// syntax goes to the compiler in the resolved write.
    subscript(id: ExpressionID) -> LoweredExpression? {
        get {
            let index = Int(id.index)
            return entries.indices.contains(index) ? entries[index] : nil
        }
        set {
            let index = Int(id.index)
            guard index >= 0 else { return }
            if index >= entries.count { entries += repeatElement(nil, count: index + 1 - entries.count) }
            entries[index] = newValue
        }
    }

    /// The numbers in `ids` with no syntax.
    func missing(in ids: Range<Int32>) -> [Int32] {
        ids.filter { self[ExpressionID($0)] == nil }
    }
}
