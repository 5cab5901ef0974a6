import SegueExpression
import SegueModel

/// Checks a form field's value against its rules; the first failing rule's message is the field's error.
///
///     FieldValidator.error(for: .string("Анна Мария"), rules: rules, messages: book)  // "Введите одно слово"
public enum FieldValidator {
    /// A model rule with the flow's own message, if it wrote one (otherwise the catalog's, when shown).
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
        return FieldRuleProgram(check: check, message: rule.message)
    }

    /// The message a rule shows when the flow gives none: the catalog's, in the book's language.
    public static func defaultMessage(_ check: FieldRuleProgram.Check, in messages: MessageBook = MessageBook())
        -> String
    {
        switch check {
        case .required: messages.text(.ruleRequired)
        case .singleWord: messages.text(.ruleSingleWord)
        case .url: messages.text(.ruleURL)
        case .maxLength(let limit): messages.text(.ruleMaxLength, ["max": .number(limit)])
        case .minLength(let limit): messages.text(.ruleMinLength, ["min": .number(limit)])
        case .pattern: messages.text(.rulePattern)
        }
    }

    /// The first failing rule's message, or nil when every rule holds. Rules other than `required` accept an empty
    /// value, so an optional field may stay empty.
    /// Any value too heavy to keep (`VisibleText.weightProblem`: UTF-8 bytes, marks on one letter) fails first.
    public static func error(
        for value: Value, rules: [FieldRuleProgram], messages: MessageBook = MessageBook()
    ) -> String? {
        let text = value.stringValue ?? (value.isNull ? "" : value.description)
        switch VisibleText.weightProblem(text) {
        case .tooLong(let kilobytes): return messages.text(.textTooLong, ["kilobytes": .number(kilobytes)])
        case .tooManyMarks: return messages.text(.textTooManyMarks)
        case nil: break
        }
        for rule in rules where !holds(rule.check, text) {
            return rule.message ?? defaultMessage(rule.check, in: messages)
        }
        return nil
    }

    /// Whether one check holds for a text.
    public static func holds(_ check: FieldRuleProgram.Check, _ text: String) -> Bool {
        // Invisible input (spaces, zero-width characters, Hangul fillers, tag characters) counts as empty.
        if case .required = check { return !VisibleText.looksBlank(text) }
        if text.isEmpty { return true }
        switch check {
        case .required: return true
        case .singleWord: return isSingleWord(text)
        case .url: return isWebURL(text)
        case .maxLength(let limit): return text.count <= limit
        case .minLength(let limit): return text.count >= limit
        case .pattern(let pattern): return CompiledPatterns.matchesWhole(text, pattern: pattern)
        }
    }

    /// Letters (each with its combining marks) only, with a hyphen or an apostrophe between letters: `Анна`,
    /// `Jean-Luc`, `O'Brien`; nothing invisible, not even inside a Character.
    public static func isSingleWord(_ text: String) -> Bool {
        let joiners: Set<Character> = ["-", "'", "’"]
        var previousWasLetter = false
        for character in text {
            if isLetter(character) {
                previousWasLetter = true
            } else if joiners.contains(character), previousWasLetter {
                previousWasLetter = false
            } else {
                return false
            }
        }
        return previousWasLetter
    }

    private static func isLetter(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first, first.properties.isAlphabetic, !VisibleText.isMark(first),
            !VisibleText.isInvisible(first)
        else { return false }
        return character.unicodeScalars.dropFirst().allSatisfy {
            VisibleText.isMark($0) && !VisibleText.isInvisible($0)
        }
    }

    /// A link a browser opens as a web page (`WebURL`: WHATWG-like, http/https, valid host and port).
    public static func isWebURL(_ text: String) -> Bool {
        WebURL.isValid(text)
    }
}
