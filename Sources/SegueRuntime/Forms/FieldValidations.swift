import SegueExpression
import SegueModel
import Synchronization

/// The errors of one program's fields, by field and value, worked out once: a field's error depends only on its
/// rules, the language its messages are in and its value, and `FieldValidator` looks at every character of the
/// value (its weight, its words, its length in Characters). `segue check` types the same few texts into the same
/// fields in most of the states it explores (a 550-character text among them), and a session's form is built again
/// on every navigation; both ask here. Bounded: a long session of typing starts the memo over.
///
///     box.validations.error(for: .string("Анна Мария"), screen: 2, field: 0, language: .russian) {
///         FieldValidator.error(for: $0, rules: rules, messages: book)
///     }
final class FieldValidations: Sendable {
    private struct Key: Hashable {
        var screen: Int32
        var field: Int32
        var language: MessageLanguage
        var value: Value
    }

    /// At most this many remembered errors; the memo is emptied when it is full.
    static let capacity = 4096

    private let known = Mutex<[Key: String?]>([:])

    /// The error of `value` in field `field` of screen `screen`, shown in `language`: remembered, or `validate`d
    /// and remembered.
    func error(
        for value: Value, screen: Int, field: Int, language: MessageLanguage, validate: (Value) -> String?
    ) -> String? {
        let key = Key(
            screen: Int32(truncatingIfNeeded: screen), field: Int32(truncatingIfNeeded: field), language: language,
            value: value)
        if let remembered = known.withLock({ $0[key] }) { return remembered }
        let error = validate(value)
        known.withLock { memo in
            if memo.count >= Self.capacity { memo.removeAll(keepingCapacity: true) }
            memo[key] = error
        }
        return error
    }
}
