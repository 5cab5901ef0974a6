import SegueCheck
import SegueDiagnostics
import Testing

/// `set: { person.surname: … }` is typed against the record's stored fields: an unknown field, a field of a value
/// that is not a record, and a field of a record that may be null are reported where they are written.
@Suite struct FieldAssignmentCheckTests {
    func diagnostics(_ set: String, when condition: String = "true") -> [String] {
        let text = """
            segue: 1
            flow: t
            start: main
            types:
              Address:
                city: string
              Person:
                name: string
                address: Address?
            data:
              person: { type: Person, default: "{name: 'Ann', address: null}" }
              count: { type: int, default: "0" }
              anything: { type: any, default: "null" }
            screens:
              main:
                elements:
                  - button: act
                    label: Act
                    tap:
                      - if: "\(condition)"
                        then: [{ set: { \(set) } }]
            """
        return FlowLoader().load(SourceFile(path: "t.yaml", text: text)).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column) \($0.code) \($0.message)"
        }
    }

    @Test func aStoredFieldIsSetAndTyped() {
        #expect(diagnostics("person.name: \"'Bo'\", anything.x: 1") == [])
        #expect(
            diagnostics("person.name: 5") == [
                "21:42 C203 the value of `person.name` must be `string`, found `int`"
            ])
    }

    @Test func anUnknownFieldGetsADidYouMean() {
        let found = diagnostics("person.nmae: \"'Bo'\"")
        #expect(found == ["21:36 C104 `Person` has no field `nmae`; did you mean `name`?"])
    }

    @Test func aValueThatIsNotARecordHasNoFieldToSet() {
        #expect(diagnostics("count.x: 1") == ["21:35 C104 `count` is `int`, which has no field `x` to set"])
    }

    @Test func aFieldOfARecordThatMayBeNullIsAWarningUnlessCheckedFirst() {
        #expect(
            diagnostics("person.address.city: \"'Oslo'\"") == [
                "21:44 C205 `person.address` may be null (it is `Address?`), and setting its field `city` then "
                    + "fails; check it first or set the whole record"
            ])
        #expect(diagnostics("person.address.city: \"'Oslo'\"", when: "person.address != null") == [])
    }
}
