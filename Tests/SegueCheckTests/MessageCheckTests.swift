import SegueCheck
import SegueDiagnostics
import SegueModel
import Testing

/// `locale:` and `messages:` are checked against the message catalog: ids, locales, placeholders, plural forms.
@Suite struct MessageCheckTests {
    func diagnostics(_ head: String) -> [String] {
        let text = """
            segue: 1
            flow: t
            start: main
            \(head)
            screens:
              main:
                elements:
                  - field: name
                    rules: [required, { max_length: 10 }]

            """
        return FlowLoader().load(SourceFile(path: "t.yaml", text: text)).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column) \($0.code) \($0.message)"
        }
    }

    @Test func aSupportedLocaleAndWellFormedMessagesPass() {
        let head = """
            locale: ru-RU
            messages:
              rule.required: Заполните поле
              error_alert.title: { ru: Упс, en: Oops }
              rule.max_length:
                ru: { one: "≤ {max} знак", few: "≤ {max} знака", many: "≤ {max} знаков", other: "≤ {max} знака" }
                en: { one: "{max} character at most", other: "{max} characters at most" }
              screen.items: { one: "{count}", few: "{count}", many: "{count}", other: "{count}" }
            """
        #expect(diagnostics(head) == [])
    }

    @Test func anUnknownLocaleListsTheSupportedOnes() {
        #expect(
            diagnostics("locale: de") == [
                "4:9 C701 unknown locale `de`; built-in messages exist in en, ru (with or without a region: en-US, ru-RU)"
            ])
        #expect(
            diagnostics("messages:\n  rule.required: { fr: Requis }").first?.hasPrefix("5:20 C701 unknown locale `fr`")
                == true)
    }

    @Test func anUnknownIdIsRefusedWithTheNearestAsAFixIt() {
        let result = FlowLoader().load(
            SourceFile(
                path: "t.yaml",
                text:
                    "segue: 1\nflow: t\nstart: main\nmessages:\n  rule.requird: x\nscreens:\n  main: { elements: [] }\n"
            ))
        let diagnostic = result.diagnostics.first { $0.code == "C702" }
        #expect(diagnostic?.message == "no built-in message has the id `rule.requird`; did you mean `rule.required`?")
        #expect(diagnostic?.fixIts.first?.replacement == "rule.required")
        #expect(
            diagnostics("messages:\n  greeting: Привет").first?.hasPrefix(
                "5:3 C702 no built-in message has the id `greeting`") == true)
    }

    @Test func aPlaceholderTheMessageLacksIsRefused() {
        #expect(
            diagnostics("messages:\n  rule.max_length: \"Не длиннее {limit}\"") == [
                "5:20 C703 message `rule.max_length` has no placeholder `{limit}`; it has `{max}`"
            ])
        #expect(
            diagnostics("messages:\n  rule.required: \"{max}!\"") == [
                "5:18 C703 message `rule.required` has no placeholder `{max}`; it has none"
            ])
    }

    @Test func pluralFormsMustFitTheLocaleAndTheMessage() {
        #expect(
            diagnostics("messages:\n  rule.max_length: { ru: { one: \"{max}\", other: \"{max}\" } }") == [
                "5:26 C704 the Russian forms of `rule.max_length` lack `few`, `many`; a number needs one, few, many, other"
            ])
        #expect(
            diagnostics("messages:\n  rule.max_length: { one: \"{max}\", other: \"{max}\" }") == [
                "5:20 C704 forms for every locale of `rule.max_length` lack `few`, `many`; a number needs one, few, many, other"
            ])
        #expect(
            diagnostics("messages:\n  rule.max_length: { en: { one: a, other: b, few: c } }").first?.hasPrefix(
                "5:46 C704 `few` is not a plural form of the English forms of `rule.max_length`") == true)
        #expect(
            diagnostics("messages:\n  rule.required: { one: a, other: b }") == [
                "5:18 C704 message `rule.required` has no number to choose a plural form by; write one text"
            ])
    }
}
