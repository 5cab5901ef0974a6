import SegueDiagnostics
import SegueExpression
import Testing

@testable import SegueMachine

/// `set: { person.surname: … }` writes one field of a record variable (flow or screen data, at any depth) and
/// keeps the others; a null on the way is a run-time error routed like any.
@Suite struct FieldAssignmentTests {
    static func flow(person: String, onEnter: String) -> String {
        """
        segue: 1
        flow: t
        start: main
        types:
          Address:
            city: string
          Person:
            name: string
            surname: string
            address: Address?
        data:
          person: { type: \(person), persist: true }
          log: { type: list<string>, default: "[]" }
        on_error: [{ set: { log: "log + [error.code + ': ' + error.message]" } }]
        screens:
          main:
            data:
              draft: { type: Person, default: "{name: 'Bo', surname: 'Kim', address: null}" }
            on_enter:
        \(onEnter)
            elements: []
        """
    }

    static func launch(_ text: String) throws -> (state: MachineState, effects: [Effect]) {
        let program = try Compiler.compile(SourceFile(path: "t.yaml", text: text))
        let step = Machine(program: program).step(MachineState(), .launch(LaunchEnvironment()))
        return (step.state, step.effects)
    }

    @Test func aFieldIsSetAndTheOtherFieldsKept() throws {
        let (state, effects) = try Self.launch(
            Self.flow(
                person: "Person, default: \"{name: 'Ann', surname: 'Lee', address: null}\"",
                onEnter: """
                              - set: { person.surname: "'Park'", person.address: "{city: 'Oslo'}" }
                              - set: { person.address.city: "person.address.city + ' Sentrum'" }
                              - set: { draft.name: "person.surname" }
                              - set: { log: "log + [draft.name + ' ' + draft.surname]" }
                    """))
        let person = Value.record([
            "name": .string("Ann"), "surname": .string("Park"),
            "address": .record(["city": .string("Oslo Sentrum")]),
        ])
        #expect(state.data == [person, .list([.string("Park Kim")])])
        // A persisted variable is saved whole, as each write leaves it.
        #expect(effects.contains(.persist(name: "person", value: person)))
        #expect(state.alert == nil)
    }

    @Test func aFieldOfNullIsARunTimeErrorThatStopsTheList() throws {
        let (state, _) = try Self.launch(
            Self.flow(
                person: "Person?",
                onEnter: """
                              - set: { person.surname: "'Park'" }
                              - set: { log: "log + ['went on']" }
                    """))
        #expect(
            state.data == [
                .null,
                .list([
                    .string(
                        "nullValue: `set` cannot write `person.surname`: a record on the way to it is null or not a record"
                    )
                ]),
            ])
    }
}
