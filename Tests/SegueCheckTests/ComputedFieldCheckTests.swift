import SegueCheck
import SegueDiagnostics
import SegueModel
import Testing

/// Computed fields of record types are typed from their expressions over the record's own fields, read like
/// fields, and refused where they clash, loop, read an unknown name or would be set.
@Suite struct ComputedFieldCheckTests {
    func diagnostics(_ text: String) -> [String] {
        FlowLoader().load(SourceFile(path: "t.yaml", text: text)).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column) \($0.code) \($0.message)"
        }
    }

    /// A flow with an `Entry` type whose `let:` is `lets` (lines 9…), and `elements` on its one screen.
    static func flow(lets: String, elements: String, actions: String = "[]") -> String {
        """
        segue: 1
        flow: t
        start: main
        types:
          Entry:
            name: string
            surname: string
            let:
        \(lets)
        data:
          entry: { type: Entry, default: "{name: 'Ann', surname: 'Lee'}" }
        screens:
          main:
            elements:
        \(elements)
              - button: act
                label: Act
                tap: \(actions)

        """
    }

    static let fullName = """
              full_name: "name + ' ' + surname"
        """

    @Test func aComputedFieldIsTypedWhereverItIsRead() {
        let text = Self.flow(
            lets: Self.fullName + "\n" + """
                      long: "len(full_name) > 10"
                """,
            elements: """
                      - text: a
                        value: "${entry.full_name}"
                        visible: "entry.long"
                      - text: b
                        value: "${entry['full_name']}"
                        visible: "entry.full_name"
                """)
        #expect(
            diagnostics(text) == [
                "21:19 C201 `visible` must be `bool`, found `string`"
            ])
    }

    @Test func aComputedFieldIsOfferedByDidYouMean() {
        let text = Self.flow(
            lets: Self.fullName,
            elements: """
                      - text: a
                        value: "${entry.full_nam}"
                """)
        #expect(diagnostics(text) == ["16:25 X102 `Entry` has no field `full_nam`; did you mean `full_name`?"])
    }

    @Test func aClashWithAStoredFieldIsRefusedAtTheComputedFieldsName() {
        let text = Self.flow(
            lets: """
                      surname: "name"
                """,
            elements: "")
        #expect(
            diagnostics(text) == [
                "9:7 C503 computed field `surname` has the name of a stored field of `Entry`; give it another name"
            ])
    }

    @Test func anUnknownNameIsRefusedInsideTheComputedFieldsExpression() {
        let text = Self.flow(
            lets: """
                      full_name: "name + ' ' + surnme"
                """,
            elements: "")
        #expect(diagnostics(text) == ["9:32 X101 unknown name `surnme`; did you mean `surname`?"])
    }

    @Test func onlyTheRecordsOwnFieldsAreInScope() {
        let text = Self.flow(
            lets: """
                      wide: "device.width > 400"
                """,
            elements: "")
        #expect(diagnostics(text).map { $0.prefix(15) } == ["9:14 X101 unkno"])
    }

    @Test func aCycleIsRefusedDirectlyOrThroughAnother() {
        let text = Self.flow(
            lets: """
                      a: "b + name"
                      b: "a"
                      c: "c"
                """,
            elements: "")
        #expect(
            diagnostics(text) == [
                "9:7 C507 computed field `a` of `Entry` depends on itself: `a` → `b` → `a`; compute one of them from "
                    + "the stored fields",
                "11:7 C507 computed field `c` of `Entry` depends on itself: `c` → `c`; compute one of them from the "
                    + "stored fields",
            ])
    }

    @Test func setNeitherByPathNorByARecordLiteral() {
        let text = Self.flow(
            lets: Self.fullName,
            elements: "",
            actions: """
                [{ set: { entry.full_name: "'X'" } }, { set: { entry: "{name: 'A', surname: 'B', full_name: 'C'}" } }]
                """)
        #expect(
            diagnostics(text) == [
                "18:24 C509 `entry.full_name` is computed from the other fields of `Entry`; set the fields it is "
                    + "computed from instead",
                "18:69 C509 `full_name` is computed from the other fields of `Entry`, so a record cannot set it; "
                    + "leave it out",
            ])
    }
}
