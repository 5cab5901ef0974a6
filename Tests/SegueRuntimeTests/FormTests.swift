import SegueExpression
import Testing

@testable import SegueRuntime

/// Field rules as the user types and on submit; the submit button's state; `form.<field>` in expressions.
@Suite struct FormTests {
    static let flow = """
        segue: 1
        flow: form
        start: entry
        data:
          saved: { type: string?, default: null }
        screens:
          entry:
            elements:
              - button: save
                label: Save
                submits: true
                tap: [{ set: { saved: "form.name + ' ' + form.url" } }]
              - button: photo
                label: "${empty(form.photo) ? 'Choose photo' : 'Change photo'}"
                tap: [{ set: { form.photo: "'/tmp/p.jpg'" } }]
              - field: photo
                kind: photo
              - field: name
                placeholder: Имя
                rules: [required, { single_word: true, message: Имя — одно слово }, { max_length: 5 }]
              - field: url
                kind: url
                rules: [url]
              - field: code
                rules: [{ pattern: "[A-Z]{2}[0-9]+" }, { min_length: 3 }]
        """

    @Test func fieldsStartEmptyUntouchedAndTheSubmitButtonDisabled() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let form = try #require(harness.state.topInstance?.form)
        #expect(form.values == [.null, .string(""), .string(""), .string("")])
        #expect(form.touched == [false, false, false, false])
        #expect(form.errors == [nil, "This field is required", nil, nil])
        #expect(harness.machine.view(of: harness.state)?.element("name")?.field?.error == nil)
        harness.tap("save")
        #expect(
            harness.trace == ["ignored tap entry.save: disabled: the form has errors (name: This field is required)"])
        #expect(harness.data("saved") == .null)
        // Trying to submit reveals the errors of fields the user has not touched yet.
        #expect(harness.state.topInstance?.form.submitted == true)
        #expect(harness.machine.view(of: harness.state)?.element("name")?.field?.error == "This field is required")
    }

    @Test func errorsFollowTheTextAsTheUserTypes() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.edit("name", "Анна Мария")
        var form = try #require(harness.state.topInstance?.form)
        #expect(form.errors[1] == "Имя — одно слово")
        #expect(form.touched[1] && form.dirty[1])
        harness.edit("name", "Jean-Luc")
        form = try #require(harness.state.topInstance?.form)
        #expect(form.errors[1] == "At most 5 characters")
        harness.edit("name", "Анна")
        form = try #require(harness.state.topInstance?.form)
        #expect(form.errors[1] == nil)
        harness.edit("name", "")
        #expect(harness.state.topInstance?.form.errors[1] == "This field is required")
        #expect(harness.state.topInstance?.form.dirty[1] == false)
    }

    @Test func aValidFormSubmitsAndReadsFormValues() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.edit("name", "Анна")
        harness.edit("url", "https://example.org/a")
        harness.tap("save")
        #expect(harness.data("saved") == .string("Анна https://example.org/a"))
    }

    @Test func setWritesAFormFieldAndLabelsFollowIt() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        harness.tap("photo")
        #expect(harness.state.topInstance?.form.values[0] == .string("/tmp/p.jpg"))
        #expect(harness.state.topInstance?.form.dirty[0] == true)
    }

    @Test(arguments: [
        ("Анна", true), ("Jean-Luc", true), ("O'Brien", true), ("Анна Мария", false), ("-Анна", false),
        ("Анна-", false), ("R2D2", false), ("", false), ("Zoë", true),
    ])
    func singleWord(text: String, valid: Bool) {
        #expect(FieldValidator.isSingleWord(text) == valid)
    }

    @Test(arguments: [
        ("https://example.org", true), ("http://a.b/c?d=1", true), ("HTTPS://EXAMPLE.ORG", true),
        ("javascript:alert(1)", false), ("file:///etc/passwd", false), ("data:text/html,hi", false),
        ("example.org", false), ("https://", false), ("https://exa mple.org", false), ("ftp://example.org", false),
    ])
    func webURL(text: String, valid: Bool) {
        #expect(FieldValidator.isWebURL(text) == valid)
    }

    @Test func lengthsCountCharactersSoAnEmojiIsOne() {
        let rules = [FieldRuleProgram(check: .maxLength(3), message: "too long")]
        #expect(FieldValidator.error(for: .string("👍🏽👨‍👩‍👧é"), rules: rules) == nil)
        #expect(FieldValidator.error(for: .string("abcd"), rules: rules) == "too long")
    }

    @Test func patternsMatchTheWholeValueAndOptionalRulesAcceptEmpty() {
        let rules = [FieldRuleProgram(check: .pattern("[A-Z]{2}[0-9]+"), message: "format")]
        #expect(FieldValidator.error(for: .string("AB12"), rules: rules) == nil)
        #expect(FieldValidator.error(for: .string("xAB12"), rules: rules) == "format")
        #expect(FieldValidator.error(for: .string(""), rules: rules) == nil)
        #expect(
            FieldValidator.error(for: .string("AB12"), rules: [FieldRuleProgram(check: .pattern("("), message: "bad")])
                == "bad")
    }
}
