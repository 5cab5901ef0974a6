import SegueCheck
import SegueDiagnostics
import SegueModel
import Testing

/// Named values (`let:`) are typed from their expressions, so where they are used is checked like any name.
@Suite struct NamedValueCheckTests {
    func diagnostics(_ text: String) -> [String] {
        FlowLoader().load(SourceFile(path: "t.yaml", text: text)).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column) \($0.code) \($0.message)"
        }
    }

    static func flow(`let` flowLets: String, screenLets: String = "", elements: String) -> String {
        """
        segue: 1
        flow: t
        start: main
        data:
          count: { type: int, default: 2 }
        let:
        \(flowLets)
        screens:
          main:
            layout: { margins: margin }
            let:
        \(screenLets.isEmpty ? "      none: \"0\"" : screenLets)
            elements:
        \(elements)

        """
    }

    @Test func namedValuesAreTypedWhereverTheyAreRead() {
        let text = Self.flow(
            let: """
                  margin: "device.os_major >= 13 ? 20 : 16"
                  wide: "device.width >= 414"
                """,
            screenLets: """
                      columns: "wide ? 3 : 2"
                      label: "'Count: ' + string(count)"
                """,
            elements: """
                      - text: a
                        value: "${label}, ${columns} columns"
                        visible: wide
                      - text: b
                        value: "${columns + margin}"
                """)
        #expect(diagnostics(text).isEmpty)
    }

    @Test func aNamedValuesTypeIsChecked() {
        let text = Self.flow(
            let: """
                  margin: "'wide'"
                """,
            elements: """
                      - text: a
                        value: Hi
                        visible: margin
                """)
        #expect(
            diagnostics(text) == [
                "10:24 C201 `margins` must be `number`, found `string`",
                "16:18 C201 `visible` must be `bool`, found `string`",
            ])
    }

    @Test func anErrorInANamedValueIsReportedOnceAtItsPlace() {
        let text = Self.flow(
            let: """
                  margin: "cuont + 1"
                """,
            elements: """
                      - text: a
                        value: "${margin}"
                """)
        #expect(diagnostics(text) == ["7:12 X101 unknown name `cuont`; did you mean `count`?"])
    }

    @Test func aNamedValueCannotBeSet() {
        let text = Self.flow(
            let: """
                  margin: "16"
                """,
            elements: """
                      - button: a
                        label: Hi
                        tap: [{ set: { margin: 20 } }]
                """)
        #expect(diagnostics(text).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["16:24 C114"])
    }

    @Test func aScreensNamedValueIsNotTheFlowsNorAnotherScreens() {
        let text = """
            segue: 1
            flow: t
            start: main
            screens:
              main:
                let: { columns: "2" }
                elements:
                  - button: next
                    label: "${columns}"
                    tap: { present: other }
              other:
                elements:
                  - text: a
                    value: "${columns}"

            """
        #expect(diagnostics(text) == ["14:19 X101 unknown name `columns`"])
    }

    static func component(lets: String, elements: String) -> String {
        """
        segue: 1
        flow: t
        start: main
        data:
          count: { type: int, default: 2 }
        components:
          row:
            parameters:
              take: string?
            let:
        \(lets)
            elements:
        \(elements)
        screens:
          main:
            data:
              local: { type: int, default: 1 }
            elements:
              - use: row
                with: { take: "'a'" }

        """
    }

    @Test func aComponentsNamedValuesReadItsParametersAndAreTyped() {
        let text = Self.component(
            lets: """
                      has_take: "take != null"
                      ready: "has_take && count > 1"
                      label: "'Take ' + (take ?? '')"
                """,
            elements: """
                      - text: a
                        value: "${label}"
                        visible: ready
                      - text: b
                        value: Hi
                        visible: label
                """)
        #expect(diagnostics(text) == ["20:18 C201 `visible` must be `bool`, found `string`"])
    }

    @Test func aComponentsNamedValueSeesNeitherTheScreensDataNorItsOwnCycle() {
        let text = Self.component(
            lets: """
                      a: "b + local"
                      b: "a + 1"
                      take: "1"
                """,
            elements: """
                      - text: a
                        value: "${a}"
                """)
        #expect(
            diagnostics(text) == [
                "11:7 C507 named value `a` depends on itself: `a` → `b` → `a`; compute one of them from something else",
                "11:15 X101 unknown name `local`",
                "13:7 C503 named value `take` is already declared; give it another name",
            ])
    }
}

/// Plain text where an expression goes gets a note that text needs inner quotes, and the fix-it (7GUIs: `default:
/// one-way flight` and `initial: 27.03.2014` got only "is an operator missing?").
@Suite struct UnquotedTextHintTests {
    static func diagnostics(default value: String) -> [Diagnostic] {
        FlowLoader().load(
            SourceFile(
                path: "t.yaml",
                text: """
                    segue: 1
                    flow: t
                    start: main
                    data:
                      kind: { type: string, default: \(value) }
                    screens:
                      main:
                        elements: []
                    """)
        ).diagnostics.filter { $0.severity == .error }
    }

    @Test(arguments: ["one-way flight", "27.03.2014", "Hello world"])
    func plainTextIsToldToTakeInnerQuotes(value: String) throws {
        let error = try #require(Self.diagnostics(default: value).first)
        #expect(error.notes.contains { $0.message.contains("text needs inner quotes, as in `\"'\(value)'\"`") })
        #expect(error.fixIts.map(\.replacement) == ["\"'\(value)'\""])
    }

    @Test func aRealExpressionMistakeGetsNoQuoteHint() throws {
        let error = try #require(Self.diagnostics(default: "\"1 +\"").first)
        #expect(error.fixIts.isEmpty)
        #expect(!error.notes.contains { $0.message.contains("inner quotes") })
    }
}
