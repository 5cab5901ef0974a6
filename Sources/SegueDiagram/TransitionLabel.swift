import Foundation
import SegueModel

/// The words a transition's label is built from: trigger, then `[guard]`s, then `/ outcome` steps.
///
///     TransitionLabel(trigger: "on buy").outcome("store.purchase ok").text  // "on buy / store.purchase ok"
struct TransitionLabel: Sendable, Hashable {
    private(set) var text: String

    /// A label starting with a trigger, inside a nested state when `state` is given (`recording: on stop`).
    init(trigger: String, state: String? = nil) {
        text = state.map { "\($0): \(trigger)" } ?? trigger
    }

    /// Adds a condition that must hold: a handler's `when:` or an `if` branch.
    func guarded(_ condition: String) -> TransitionLabel {
        var copy = self
        copy.text += " [\(condition)]"
        return copy
    }

    /// Adds a step on the way: a service outcome (`store.purchase ok`) or a timer (`after 3s`).
    func outcome(_ step: String) -> TransitionLabel {
        var copy = self
        copy.text += " / \(step)"
        return copy
    }

    /// The condition of an `else` branch: `!name` for a plain name or call, `!(a && b)` otherwise.
    static func negated(_ condition: String) -> String {
        let trimmed = condition.trimmingCharacters(in: .whitespaces)
        return isAtomic(trimmed) ? "!\(trimmed)" : "!(\(trimmed))"
    }

    /// `3s`, `0.5s` for a literal number of seconds; the expression as written otherwise.
    static func delay(_ delay: Computed) -> String {
        guard let seconds = Double(delay.text) else { return delay.text }
        if seconds == seconds.rounded(), abs(seconds) < 1e15 { return "\(Int(seconds))s" }
        return "\(seconds)s"
    }

    /// A name, member path or call with nothing outside its parentheses: needs no brackets to be negated.
    private static func isAtomic(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        var depth = 0
        var closedCall = false
        for scalar in text.unicodeScalars {
            if closedCall { return false }
            switch scalar {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth < 0 { return false }
                if depth == 0 { closedCall = true }
            default:
                if depth == 0,
                    !(scalar == "_" || scalar == "." || scalar.properties.isAlphabetic
                        || ("0"..."9").contains(scalar))
                {
                    return false
                }
            }
        }
        return depth == 0
    }
}
