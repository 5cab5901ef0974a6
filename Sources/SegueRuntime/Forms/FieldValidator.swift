import Foundation
import SegueExpression
import SegueModel

/// Checks a form field's value against its rules; the first failing rule's message is the field's error.
///
///     FieldValidator.error(for: .string("Анна Мария"), rules: rules)  // "Enter exactly one word"
public enum FieldValidator {
    /// A model rule with its message (the flow's own, or the default).
    static func compile(_ rule: FieldRule) -> FieldRuleProgram {
        let check: FieldRuleProgram.Check
        switch rule.kind {
        case .required: check = .required
        case .singleWord: check = .singleWord
        case .url: check = .url
        case .maxLength(let limit): check = .maxLength(limit)
        case .minLength(let limit): check = .minLength(limit)
        case .pattern(let pattern): check = .pattern(pattern)
        }
        return FieldRuleProgram(check: check, message: rule.message ?? defaultMessage(check))
    }

    /// The message a rule shows when the flow gives none.
    public static func defaultMessage(_ check: FieldRuleProgram.Check) -> String {
        switch check {
        case .required: "This field is required"
        case .singleWord: "Enter exactly one word"
        case .url: "Enter a link that starts with http:// or https://"
        case .maxLength(let limit): "At most \(limit) characters"
        case .minLength(let limit): "At least \(limit) characters"
        case .pattern: "The value has the wrong format"
        }
    }

    /// The first failing rule's message, or nil when every rule holds. Rules other than `required` accept an empty
    /// value, so an optional field may stay empty.
    public static func error(for value: Value, rules: [FieldRuleProgram]) -> String? {
        let text = value.stringValue ?? (value.isNull ? "" : value.description)
        for rule in rules where !holds(rule.check, text) { return rule.message }
        return nil
    }

    /// Whether one check holds for a text.
    public static func holds(_ check: FieldRuleProgram.Check, _ text: String) -> Bool {
        if case .required = check { return !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        if text.isEmpty { return true }
        switch check {
        case .required: return true
        case .singleWord: return isSingleWord(text)
        case .url: return isWebURL(text)
        case .maxLength(let limit): return text.count <= limit
        case .minLength(let limit): return text.count >= limit
        case .pattern(let pattern): return matchesWhole(text, pattern: pattern)
        }
    }

    /// Letters only, with a hyphen or an apostrophe between letters: `Анна`, `Jean-Luc`, `O'Brien`.
    public static func isSingleWord(_ text: String) -> Bool {
        let joiners: Set<Character> = ["-", "'", "’"]
        var previousWasLetter = false
        for character in text {
            if character.isLetter {
                previousWasLetter = true
            } else if joiners.contains(character), previousWasLetter {
                previousWasLetter = false
            } else {
                return false
            }
        }
        return previousWasLetter
    }

    /// An absolute `http` or `https` URL with a host and no spaces; `javascript:`, `file:`, `data:` are rejected.
    public static func isWebURL(_ text: String) -> Bool {
        guard !text.contains(where: { $0.isWhitespace }), let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty, text.lowercased().hasPrefix(scheme + "://")
        else { return false }
        return !host.hasPrefix(".") && !host.hasSuffix(".") && !host.contains("..")
    }

    /// The whole text matches the regular expression; an invalid pattern matches nothing.
    public static func matchesWhole(_ text: String, pattern: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$") else { return false }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.firstMatch(in: text, range: range) != nil
    }
}
