import SegueDiagnostics
import SegueExpression
import Testing

@testable import SegueMachine

/// Actions on data: `let:` values in an action list, `set:` of a list item (`people[i].surname`), the list actions
/// `append`, `insert`, `remove_at` and `replace_at`, and a field's `change:`; a position out of range is a run-time
/// error routed like any.
@Suite struct ListActionTests {
    static func flow(_ onEnter: String) -> String {
        """
        segue: 1
        flow: t
        start: main
        types:
          Person: { name: string, surname: string }
        data:
          people: { type: list<Person>, default: "[{name: 'Hans', surname: 'Emil'}, {name: 'Max', surname: 'M'}]" }
          numbers: { type: list<number>, default: "[1]" }
          log: { type: list<string>, default: "[]" }
        on_error: [{ set: { log: "log + [error.code + ': ' + error.message]" } }]
        screens:
          main:
            on_enter:
        \(onEnter)
            elements:
              - field: celsius
                change:
                  - let: { c: "parse_number(event.value)" }
                  - if: "c != null"
                    then: [{ set: { log: "log + [format(c * 9 / 5 + 32, decimals: 1)]" } }]
        """
    }

    static func launch(_ onEnter: String) throws -> (machine: Machine, state: MachineState) {
        let program = try Compiler.compile(SourceFile(path: "t.yaml", text: flow(onEnter)))
        let machine = Machine(program: program)
        return (machine, machine.step(MachineState(), .launch(LaunchEnvironment())).state)
    }

    static func person(_ name: String, _ surname: String) -> Value {
        .record(["name": .string(name), "surname": .string(surname)])
    }

    @Test func letItemWritesAndListActions() throws {
        let (_, state) = try Self.launch(
            """
                      - let: { i: "people.index_of(p => p.name == 'Max')" }
                      - set: { "people[i ?? 0].surname": "'Mustermann'" }
                      - append: people
                        value: "{name: 'Roman', surname: 'Tisch'}"
                      - insert: people
                        at: 0
                        value: "{name: 'Anna', surname: 'Meier'}"
                      - replace_at: people
                        at: 1
                        value: "{name: 'Hans', surname: 'Emil-' + people[1].surname}"
                      - remove_at: people
                        at: "len(people) - 1"
                      - append: numbers
                        value: 2
            """)
        #expect(
            state.data[0]
                == .list([
                    Self.person("Anna", "Meier"), Self.person("Hans", "Emil-Emil"), Self.person("Max", "Mustermann"),
                ]))
        // A whole number appended to a list<number> is kept as a number.
        #expect(state.data[1] == .list([.number(1), .number(2)]))
        #expect(state.data[2] == .list([]))
    }

    @Test func aPositionOutOfRangeIsARunTimeErrorThatStopsTheList() throws {
        let (_, state) = try Self.launch(
            """
                      - remove_at: people
                        at: 5
                      - set: { log: "log + ['went on']" }
            """)
        #expect(
            state.data[2]
                == .list([
                    .string("indexOutOfRange: `remove_at` cannot write `people`: position 5 is out of range for a list of 2 items")
                ]))
        let (_, written) = try Self.launch(
            """
                      - set: { "people[2].name": "'X'" }
            """)
        #expect(
            written.data[2]
                == .list([
                    .string(
                        "indexOutOfRange: `set` cannot write `people[2].name`: position 2 is out of range for a list of 2 items"
                    )
                ]))
    }

    @Test func aFieldsChangeRunsOnEveryEditWithTheText() throws {
        let (machine, state) = try Self.launch("      []")
        let edited = machine.step(state, .edit(element: 0, value: .string("100"))).state
        #expect(edited.data[2] == .list([.string("212.0")]))
        let notANumber = machine.step(edited, .edit(element: 0, value: .string("abc"))).state
        #expect(notANumber.data[2] == .list([.string("212.0")]))
        #expect(notANumber.topInstance?.form.fields[0].value == .string("abc"))
    }
}

/// A `progress` bar: a linear gauge of its value, clamped to 0…1, with its label; a value that is no number is the
/// element's problem and draws empty.
@Suite struct ProgressElementTests {
    static func view(_ value: String) throws -> ElementView? {
        let text = """
            segue: 1
            flow: t
            start: main
            data:
              done: { type: number, default: 3 }
              total: { type: number, default: 12 }
            screens:
              main:
                elements:
                  - progress: gauge
                    label: "Elapsed ${done}s"
                    value: "\(value)"
            """
        let program = try Compiler.compile(SourceFile(path: "t.yaml", text: text))
        let machine = Machine(program: program)
        let state = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        return machine.view(of: state)?.element("gauge")
    }

    @Test func aFractionIsDrawnLinearlyAndClamped() throws {
        let gauge = try #require(try Self.view("done / total"))
        #expect(gauge.progress == ProgressView(fraction: 0.25, label: "Elapsed 3s"))
        #expect(gauge.progress?.drawing(cells: 8) == "██░░░░░░")
        #expect(gauge.progress?.percent == "25%")
        #expect(try Self.view("total / done")?.progress?.fraction == 1)
        #expect(try Self.view("-done")?.progress?.fraction == 0)
    }
}
