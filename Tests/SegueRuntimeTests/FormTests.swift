import SegueExpression
import Testing

@testable import SegueMachine

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
              - button: choose_photo
                label: "${empty(form.photo) ? 'Choose photo' : 'Change photo'}"
                tap: [{ set: { form.photo: "{path: '/tmp/p.jpg', width: 30, height: 10}" } }]
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

    /// The state right after launch: every field empty and untouched, `name` failing `required`.
    static func launched(_ state: inout ExpectedState) {
        state.launched = true
        let form = FormState(
            values: [.null, .string(""), .string(""), .string("")], errors: [nil, required, nil, nil])
        state.layers = [NavigationLayer(navigation: false, stack: [state.instance(1, "entry", .root, form: form)])]
        state.data = [.null]
        state.nextInstance = 2
    }

    static let required = "This field is required"

    /// The `name` field (index 1) after the user typed `text`.
    static func name(_ text: String, error: String?) -> FormState.Field {
        FormState.Field(value: .string(text), initial: .string(""), touched: true, dirty: !text.isEmpty, error: error)
    }

    @Test func fieldsStartEmptyUntouchedAndTheSubmitButtonDisabled() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        #expect(store.machine.view(of: store.state)?.element("name")?.field?.error == nil)
        // Trying to submit reveals the errors of fields the user has not touched yet.
        store.tap(
            "save", trace: ["ignored tap entry.save: disabled: the form has errors (name: This field is required)"]
        ) { $0.top.form.submitted = true }
        #expect(store.machine.view(of: store.state)?.element("name")?.field?.error == "This field is required")
    }

    @Test func errorsFollowTheTextAsTheUserTypes() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        store.edit("name", "Анна Мария") { $0.top.form.fields[1] = Self.name("Анна Мария", error: "Имя — одно слово") }
        store.edit("name", "Jean-Luc") { $0.top.form.fields[1] = Self.name("Jean-Luc", error: "At most 5 characters") }
        store.edit("name", "Анна") { $0.top.form.fields[1] = Self.name("Анна", error: nil) }
        store.edit("name", "") { $0.top.form.fields[1] = Self.name("", error: Self.required) }
    }

    @Test func aValidFormSubmitsAndReadsFormValues() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        store.edit("name", "Анна") { $0.top.form.fields[1] = Self.name("Анна", error: nil) }
        store.edit("url", "https://example.org/a") {
            $0.top.form.fields[2] = FormState.Field(
                value: .string("https://example.org/a"), initial: .string(""), touched: true, dirty: true, error: nil)
        }
        store.tap("save") {
            $0[data: "saved"] = .string("Анна https://example.org/a")
        }
    }

    @Test func setWritesAFormFieldAndLabelsFollowIt() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        #expect(store.machine.view(of: store.state)?.element("choose_photo")?.text == "Choose photo")
        store.tap("choose_photo") {
            // The photo field keeps the picture with its framing: the least zoom, centred, the field's crop.
            let photo = Value.record([
                "path": .string("/tmp/p.jpg"), "width": .int(30), "height": .int(10), "zoom": .number(1),
                "center_x": .number(0.5), "center_y": .number(0.5), "aspect": .number(1), "max_side": .int(1024),
            ])
            $0.top.form.fields[0] = FormState.Field(
                value: photo, initial: .null, touched: false, dirty: true, error: nil)
        }
        #expect(store.machine.view(of: store.state)?.element("choose_photo")?.text == "Change photo")
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
