import SegueExpression
import SegueMachine
import SegueModel

/// The texts `segue check` types into each form field: one per class of texts the flow cannot tell apart, so a form
/// of five fields is a few dozen states, not hundreds (docs/check.md, "Form values").
///
/// A field's value matters only through its rules and the expressions that read it. When every expression that reads
/// it is opaque (`OpaqueExpressions`: a call's argument, a label) the rules alone tell its values apart, and only
/// whether they hold: a valid text and an invalid one are tried, the first of each among the rule-derived texts. A
/// field some other expression reads (`empty(form.photo)`, a `set:`) gets every rule-derived text.
///
///     FieldSamples(outcomes: sampler).texts(screen: 3, field: 1)  // ["", "Anna"]
struct FieldSamples {
    /// Per screen, per field: the texts tried, each with whether the field's rules hold for it and its literal
    /// (quoted once here: a move's label quotes it in every state the field is edited in).
    private let texts: [[[Sample]]]
    /// Per screen, per field: whether only the field's validity is observed.
    private let byValidity: [[Bool]]

    init(outcomes: OutcomeSampler) {
        let reads = FormReads(outcomes: outcomes)
        var texts: [[[Sample]]] = []
        var byValidity: [[Bool]] = []
        for screen in outcomes.program.screens {
            texts.append(
                screen.fields.map { field in
                    let candidates = Self.ruleTexts(for: field) + (reads.literals[field.name] ?? []) + field.samples
                    var seen: Set<String> = []
                    let all = candidates.filter { seen.insert($0).inserted }.map {
                        Sample(text: $0, valid: Self.isValid($0, field), literal: Value.string($0).literal)
                    }
                    guard !reads.observes(field.name) else { return all }
                    // The first valid text and the first invalid one.
                    return [all.first { $0.valid }, all.first { !$0.valid }].compactMap { $0 }
                })
            byValidity.append(screen.fields.map { !reads.observes($0.name) })
        }
        self.texts = texts
        self.byValidity = byValidity
    }

    /// The texts to type into `field` of `screen` when it holds `current` (`valid`: its rules hold): its texts but
    /// those the flow could not tell from what it holds (the same text, or, for a field observed only by its rules,
    /// the same validity).
    func texts(screen: Int, field: Int, current: Value, valid: Bool) -> [String] {
        samples(screen: screen, field: field, current: current, valid: valid).map(\.text)
    }

    /// A text tried in a field, whether the field's rules hold for it, and the text as a literal.
    struct Sample {
        var text: String
        var valid: Bool
        var literal: String
    }

    /// `texts(screen:field:current:valid:)` with each text's validity and literal.
    func samples(screen: Int, field: Int, current: Value, valid: Bool) -> [Sample] {
        guard texts.indices.contains(screen), texts[screen].indices.contains(field) else { return [] }
        let candidates = texts[screen][field]
        guard byValidity[screen][field] else { return candidates.filter { .string($0.text) != current } }
        return candidates.filter { $0.valid != valid }
    }

    private static func isValid(_ text: String, _ field: FieldProgram) -> Bool {
        FieldValidator.error(for: .string(text), rules: field.rules) == nil
    }

    /// Empty, one valid value, and one value breaking each rule.
    static func ruleTexts(for field: FieldProgram) -> [String] {
        var valid = field.rules.contains { $0.check == .url } ? "https://example.com" : "Anna"
        for rule in field.rules {
            if case .minLength(let count) = rule.check, valid.count < count {
                valid += String(repeating: "a", count: count - valid.count)
            }
            if case .maxLength(let count) = rule.check, valid.count > count { valid = String(valid.prefix(count)) }
        }
        var texts = ["", valid]
        for rule in field.rules {
            switch rule.check {
            case .required: continue
            case .singleWord: texts.append("two words")
            case .url: texts.append("javascript:alert(1)")
            case .maxLength(let count): texts.append(String(repeating: "a", count: count + 1))
            case .minLength(let count): if count > 1 { texts.append(String(repeating: "a", count: count - 1)) }
            case .pattern: texts.append("!")
            }
        }
        var seen: Set<String> = []
        return texts.filter { seen.insert($0).inserted }
    }
}
