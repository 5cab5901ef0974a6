import SegueExpression
import Testing

@testable import SegueMachine

/// A field's `submit:`: return in a single-line field runs its actions with `event.value` its text, once, where
/// `change:` runs on every edit; the input query offers it only where the field has `submit:` and is shown and
/// enabled, and says why not otherwise.
@Suite struct FieldSubmitTests {
    static let flow = """
        segue: 1
        flow: lookup
        start: main
        data:
          looked_up: { type: list<string>, default: "[]" }
          edits: { type: number, default: 0 }
          locked: { type: bool, default: false }
        screens:
          main:
            elements:
              - field: query
                change: [{ set: { edits: "edits + 1" } }]
                submit: [{ append: looked_up, value: "event.value" }]
              - field: note
              - field: hidden_query
                visible: false
                submit: [{ append: looked_up, value: "'hidden'" }]
              - field: locked_query
                enabled: "!locked"
                submit: [{ append: looked_up, value: "'locked ' + event.value" }]
              - button: go
                label: Go
                tap: [{ append: looked_up, value: "'go'" }]
        """

    static func launched(_ state: inout ExpectedState) {
        state.launched = true
        let form = FormState(values: Array(repeating: .string(""), count: 4), errors: [nil, nil, nil, nil])
        state.layers = [NavigationLayer(navigation: false, stack: [state.instance(1, "main", .root, form: form)])]
        state.data = [.list([]), .number(0), .bool(false)]
        state.nextInstance = 2
    }

    static func field(_ text: String) -> FormState.Field {
        FormState.Field(value: .string(text), initial: .string(""), touched: true, dirty: !text.isEmpty, error: nil)
    }

    @Test func returnRunsTheSubmitActionsWithTheFieldsTextOnce() throws {
        let store = try TestStore(Self.flow)
        store.launch(Self.launched)
        store.edit("query", "tea") {
            $0.top.form.fields[0] = Self.field("tea")
            $0[data: "edits"] = .number(1)
        }
        store.edit("query", "green tea") {
            $0.top.form.fields[0] = Self.field("green tea")
            $0[data: "edits"] = .number(2)
        }
        store.submit("query") { $0[data: "looked_up"] = .list([.string("green tea")]) }
        // Return again with the same text submits it again; the text is not changed by it.
        store.submit("query") { $0[data: "looked_up"] = .list([.string("green tea"), .string("green tea")]) }
    }

    @Test func theQueryOffersReturnOnlyInAShownEnabledFieldWithSubmitActions() throws {
        var harness = try Harness(Self.flow)
        harness.launch()
        let program = harness.program
        func offered() -> [String] {
            harness.machine.inputs(in: harness.state).compactMap { input in
                input.path.map { "\(input.action) \(program.reference(to: $0, on: 0))" }
            }
        }
        #expect(
            offered() == [
                "edit query", "submit query", "edit note", "edit locked_query", "submit locked_query", "tap go",
            ])
        func refusal(_ name: String) throws -> InputRefusal? {
            let element = try #require(program.screens[0].element(named: name))
            return harness.machine.refusal(of: .submit(element: element), in: harness.state)
        }
        #expect(try refusal("query") == nil)
        #expect(try refusal("note")?.reason == .inert)
        #expect(try refusal("note")?.explanation(in: program, state: harness.state).reason == "note has no `submit` actions")
        #expect(try refusal("hidden_query")?.reason == .hidden)
        #expect(try refusal("go")?.reason == .wrongKind(.button))
        #expect(try refusal("go")?.explanation(in: program, state: harness.state).reason == "go is not a field")
        InputQueryTests().expectAgreement(harness.machine, harness.state)

        harness.state.data[2] = .bool(true)
        #expect(!offered().contains("submit locked_query"))
        #expect(try refusal("locked_query")?.reason == .disabled)
        let before = harness.state
        harness.send(.submit(element: try #require(program.screens[0].element(named: "locked_query"))))
        #expect(harness.last.trace.map(\.description) == ["ignored submit main.locked_query: locked_query is disabled"])
        #expect(harness.state == before)
        InputQueryTests().expectAgreement(harness.machine, harness.state)
    }
}
