import SegueDiagnostics
import SegueModel

extension CheckRun {
    /// `locale:` names a language the built-in messages exist in; `messages:` overrides only ids the catalog has,
    /// with the message's own placeholders and, for a message with a number, every plural form its locales need.
    mutating func checkMessages() {
        if let locale = flow.locale, MessageLanguage(locale: locale.text) == nil { reportUnknownLocale(locale) }
        for entry in flow.messages {
            guard let id = MessageID(rawValue: entry.id.text) else {
                let ids = MessageID.allCases.map(\.rawValue)
                let suggestion = Suggestion.closest(to: entry.id.text, in: ids)
                report(
                    .error(
                        CheckCode.unknownMessage,
                        "no built-in message has the id `\(entry.id.text)`"
                            + Suggestion.didYouMean(entry.id.text, in: ids),
                        at: entry.id.range,
                        notes: suggestion == nil
                            ? [DiagnosticNote("docs/flow-language.md lists every message id")] : [],
                        fixIts: suggestion.map { [FixIt(range: entry.id.range, replacement: $0)] } ?? []))
                continue
            }
            var languages = MessageLanguage.allCases
            if let locale = entry.locale {
                guard let language = MessageLanguage(locale: locale.text) else {
                    reportUnknownLocale(locale)
                    continue
                }
                languages = [language]
            }
            for form in entry.forms { checkPlaceholders(form, of: id) }
            if entry.isPlural { checkPluralForms(entry, of: id, languages: languages) }
        }
    }

    private mutating func reportUnknownLocale(_ locale: Name) {
        let languages = MessageLanguage.allCases.map(\.rawValue)
        let suggestion = Suggestion.closest(to: locale.text, in: languages)
        report(
            .error(
                CheckCode.unknownLocale,
                "unknown locale `\(locale.text)`; built-in messages exist in \(MessageLanguage.supportedList)",
                at: locale.range, fixIts: suggestion.map { [FixIt(range: locale.range, replacement: $0)] } ?? []))
    }

    private mutating func checkPlaceholders(_ form: MessageOverride.Form, of id: MessageID) {
        let known = id.placeholders
        for name in MessageText.placeholders(in: form.text) where !known.contains(name) {
            let has = known.isEmpty ? "it has none" : "it has " + known.map { "`{\($0)}`" }.joined(separator: ", ")
            report(
                .error(
                    CheckCode.unknownPlaceholder,
                    "message `\(id.rawValue)` has no placeholder `{\(name)}`; \(has)"
                        + Suggestion.didYouMean(name, in: known),
                    at: form.range))
        }
    }

    private mutating func checkPluralForms(_ entry: MessageOverride, of id: MessageID, languages: [MessageLanguage]) {
        guard id.pluralPlaceholder != nil else {
            report(
                .error(
                    CheckCode.pluralForms,
                    "message `\(id.rawValue)` has no number to choose a plural form by; write one text", at: entry.range
                ))
            return
        }
        let needed = PluralCategory.allCases.filter { category in
            languages.contains { $0.categories.contains(category) }
        }
        let whose = languages.count == 1 ? "the \(languages[0].name) forms" : "forms for every locale"
        let neededText = needed.map(\.rawValue).joined(separator: ", ")
        var present: Set<PluralCategory> = []
        for form in entry.forms {
            guard let name = form.category else { continue }
            guard let category = PluralCategory(rawValue: name.text), needed.contains(category) else {
                report(
                    .error(
                        CheckCode.pluralForms,
                        "`\(name.text)` is not a plural form of \(whose) of `\(id.rawValue)`: they are \(neededText)"
                            + Suggestion.didYouMean(name.text, in: needed.map(\.rawValue)),
                        at: name.range))
                continue
            }
            present.insert(category)
        }
        let missing = needed.filter { !present.contains($0) }
        guard !missing.isEmpty else { return }
        report(
            .error(
                CheckCode.pluralForms,
                "\(whose) of `\(id.rawValue)` lack " + missing.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                    + "; a number needs \(neededText)",
                at: entry.range))
    }
}
