import SegueExpression
import SegueModel
import SegueRuntime

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
    /// Per screen, per field: the texts tried, each with whether the field's rules hold for it.
    private let texts: [[[(text: String, valid: Bool)]]]
    /// Per screen, per field: whether only the field's validity is observed.
    private let byValidity: [[Bool]]

    init(outcomes: OutcomeSampler) {
        let observed = Self.observedFields(outcomes: outcomes)
        var texts: [[[(text: String, valid: Bool)]]] = []
        var byValidity: [[Bool]] = []
        for screen in outcomes.program.screens {
            texts.append(
                screen.fields.map { field in
                    let all = Self.ruleTexts(for: field).map { ($0, Self.isValid($0, field)) }
                    guard !observed.contains(field.name) else { return all }
                    // The first valid text and the first invalid one.
                    return [all.first { $0.1 }, all.first { !$0.1 }].compactMap { $0 }
                })
            byValidity.append(screen.fields.map { !observed.contains($0.name) })
        }
        self.texts = texts
        self.byValidity = byValidity
    }

    /// The texts to type into `field` of `screen` when it holds `current` (`valid`: its rules hold): its texts but
    /// those the flow could not tell from what it holds (the same text, or, for a field observed only by its rules,
    /// the same validity).
    func texts(screen: Int, field: Int, current: Value, valid: Bool) -> [String] {
        guard texts.indices.contains(screen), texts[screen].indices.contains(field) else { return [] }
        let candidates = texts[screen][field]
        guard byValidity[screen][field] else { return candidates.map(\.text).filter { .string($0) != current } }
        return candidates.filter { $0.valid != valid }.map(\.text)
    }

    private static func isValid(_ text: String, _ field: FieldProgram) -> Bool {
        FieldValidator.error(for: .string(text), rules: field.rules) == nil
    }

    /// The names of fields some expression reads that is not opaque (`OpaqueExpressions`: a condition, a `set:`, a
    /// paging argument or one a sampled result echoes). A bare `form` reads them all.
    static func observedFields(outcomes: OutcomeSampler) -> Set<String> {
        let program = outcomes.program
        let opaque = OpaqueExpressions(outcomes: outcomes).indices
        var observed: Set<String> = []
        for (index, expression) in program.expressions.enumerated() where !opaque.contains(index) {
            observed.formUnion(formReads(in: expression.source))
        }
        if observed.contains("*") { return Set(program.screens.flatMap { $0.fields.map(\.name) }) }
        return observed
    }

    /// The field names `source` reads as `form.NAME`, and `*` for a bare `form`.
    static func formReads(in source: String) -> Set<String> {
        var reads: Set<String> = []
        let characters = Array(source.unicodeScalars)
        let isName = { (scalar: Unicode.Scalar) in
            scalar == "_" || (scalar.properties.isAlphabetic) || ("0"..."9").contains(scalar)
        }
        var index = 0
        while index < characters.count {
            guard isName(characters[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, isName(characters[end]) { end += 1 }
            let word = String(String.UnicodeScalarView(characters[index..<end]))
            let afterDot = index > 0 && characters[index - 1] == "."
            if word == "form", !afterDot {
                if end + 1 < characters.count, characters[end] == ".", isName(characters[end + 1]) {
                    var nameEnd = end + 1
                    while nameEnd < characters.count, isName(characters[nameEnd]) { nameEnd += 1 }
                    reads.insert(String(String.UnicodeScalarView(characters[(end + 1)..<nameEnd])))
                    end = nameEnd
                } else {
                    reads.insert("*")
                }
            }
            index = end
        }
        return reads
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
