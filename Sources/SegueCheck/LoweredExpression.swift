import SegueDiagnostics
import SegueExpression
import SegueModel

/// An expression or template as the checker parsed and lowered it: each read of a record type's computed field
/// replaced by a node that computes it, so the compiler runs it without knowing types or parsing it again.
public enum LoweredExpression: Sendable {
    case expression(Expression)
    case template(Template)

    /// Which written expression: its file, where it starts there, and its text.
    struct Key: Hashable {
        var path: String
        var offset: Int
        var text: String

        init(_ text: ExpressionText) {
            self.path = text.range.path
            self.offset = text.range.start.offset
            self.text = text.text
        }
    }
}
