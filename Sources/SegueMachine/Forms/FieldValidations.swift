import SegueDiagnostics
import SegueExpression
import SegueModel

/// The errors of one program's fields, by field and value, worked out once: a field's error depends only on its
/// rules, the language its messages are in and its value, and `FieldValidator` looks at every character of the
/// value (its weight, its words, its length in Characters). `segue check` types the same few texts into the same
/// fields in most of the states it explores (a 550-character text among them), and a session's form is built again
/// on every navigation; both ask here. Bounded (`BoundedMemo`): a long session of typing starts the memo over.
///
///     box.validations.error(for: .string("Анна Мария"), screen: 2, field: 0, language: .russian) {
///         FieldValidator.error(for: $0, rules: rules, messages: book)
///     }
final class FieldValidations: Sendable {
    private struct Key: Hashable, Sendable {
        var screen: Int32
        var field: Int32
        var language: MessageLanguage
        var value: Value
    }

    private let known = BoundedMemo<Key, String?>(capacity: 4096)

    /// The error of `value` in field `field` of screen `screen`, shown in `language`: remembered, or `validate`d
    /// and remembered.
    func error(
        for value: Value, screen: Int, field: Int, language: MessageLanguage, validate: (Value) -> String?
    ) -> String? {
        let key = Key(
            screen: Int32(truncatingIfNeeded: screen), field: Int32(truncatingIfNeeded: field), language: language,
            value: value)
        return known.value(for: key) { validate($0.value) }
    }
}
