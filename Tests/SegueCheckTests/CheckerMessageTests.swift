import SegueCheck
import SegueDiagnostics
import SegueModel
import SegueYAML
import Testing

/// What a person reads: exact messages, exact spans and the fix-its offered.
@Suite struct CheckerMessageTests {
    func load(_ text: String) -> FlowLoadResult {
        FlowLoader().load(SourceFile(path: "t.yaml", text: text))
    }

    func span(_ range: SourceRange) -> String {
        "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
    }

    @Test func unknownScreenSuggestsTheClosestAndOffersTheFix() throws {
        let result = load(
            """
            segue: 1
            flow: t
            start: mian
            screens:
              main: { elements: [{ text: hello, value: Hi }] }

            """)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.message == "unknown screen `mian`; did you mean `main`?")
        #expect(diagnostic.severity == .error)
        #expect(span(diagnostic.range) == "3:8-3:12")
        #expect(diagnostic.fixIts.map(\.replacement) == ["main"])
    }

    @Test func aTypoInsideATemplateIsReportedAtTheTypo() throws {
        let result = load(
            """
            segue: 1
            flow: t
            start: main
            types:
              User: { name: string }
            data:
              user: { type: User, default: "{name: 'A'}" }
            screens:
              main:
                title: "Hello, ${user.nmae}!"
                elements: [{ text: hello, value: Hi }]

            """)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.code == "X102")
        #expect(diagnostic.message == "`User` has no field `nmae`; did you mean `name`?")
        #expect(span(diagnostic.range) == "10:27-10:31")
        #expect(diagnostic.fixIts.map(\.replacement) == ["name"])
    }

    @Test func formAndStateAreNamedRecordsInMessages() {
        let result = load(
            """
            segue: 1
            flow: t
            start: main
            screens:
              main:
                initial_state: idle
                states: { idle: {} }
                elements:
                  - field: name
                  - button: go
                    label: Go
                    enabled: "!empty(form.nmae) && state.idel"

            """)
        #expect(
            result.diagnostics.map(\.message) == [
                "`Form` has no field `nmae`; did you mean `name`?",
                "`State` has no field `idel`; did you mean `idle`?",
            ])
    }

    @Test func anEventSentJustBeforeDismissGoesOnToTheScreenBelow() throws {
        let flow = """
            segue: 1
            flow: t
            start: main
            screens:
              main:
                elements:
                  - button: edit
                    label: Edit
                    tap: { present: editor }
                on:
                  saved: []
              editor:
                elements:
                  - button: save
                    label: Save
                    tap: [{ send: saved }, dismiss]

            """
        // `main` is below `editor` on every stack: the responder chain reaches it.
        #expect(load(flow).diagnostics.isEmpty)
        // Where nothing below handles it, the warning names the screen that does, and why it is out of reach.
        let stranded = flow.replacingOccurrences(of: "tap: { present: editor }", with: "tap: { replace: editor }")
        let diagnostic = try #require(load(stranded).diagnostics.first { $0.code == "C103" })
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.message == "screen `editor` has no handler for event `saved`")
        #expect(
            diagnostic.notes.map(\.message) == ["screen `main` handles it, but is never below `editor` on the stack"])
        #expect(diagnostic.notes.first?.range.map(span) == "5:3-5:7")
    }

    @Test func aConditionOfTheWrongTypeNamesWhereItStands() throws {
        let result = load(
            """
            segue: 1
            flow: t
            start: main
            data:
              count: { type: int, default: 0 }
            screens:
              main:
                elements:
                  - button: go
                    label: Go
                    visible: "count + 1"

            """)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "`visible` must be `bool`, found `int`")
        #expect(span(diagnostic.range) == "11:19-11:28")
    }

    @Test func unknownCallArgumentsAndMissingOnesAreBothReported() {
        let result = load(
            """
            segue: 1
            flow: t
            start: main
            services:
              store: { kind: store }
            screens:
              main:
                on_enter:
                  - call: store.products
                    with: { idz: "['a']" }
                    error: []
                elements: [{ text: hello, value: Hi }]

            """)
        #expect(
            result.diagnostics.map(\.message) == [
                "`store.products` needs argument `ids`",
                "`store.products` has no parameter `idz`; did you mean `ids`?",
            ])
        #expect(result.diagnostics.map(\.code) == ["C111", "C110"])
    }

    @Test func outcomesNobodyHandlesAreAWarningAndANote() {
        let result = load(
            """
            segue: 1
            flow: t
            start: main
            services:
              store: { kind: store }
            screens:
              main:
                elements:
                  - button: buy
                    label: Buy
                    tap: { call: store.purchase, with: { product: "'gold'" } }

            """)
        #expect(result.diagnostics.map(\.severity) == [.warning, .note])
        #expect(
            result.diagnostics.map(\.message) == [
                "`store.purchase` can fail, and nothing handles its failure (no `error` branch, no `on_error`)",
                "the user can cancel `store.purchase`; add `cancelled: []` to say that nothing happens then",
            ])
    }

    @Test func aScreenOnErrorHandlesFailuresOfItsCalls() {
        let result = load(
            """
            segue: 1
            flow: t
            start: main
            services:
              store: { kind: store }
            screens:
              main:
                on_error:
                  - alert: { image: error, title: Error, message: "${error.message}" }
                elements:
                  - button: buy
                    label: Buy
                    tap: { call: store.purchase, with: { product: "'gold'" }, cancelled: [] }

            """)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func navigationLegalityFollowsTheStack() {
        let result = load(
            """
            segue: 1
            flow: t
            start: main
            screens:
              main:
                elements:
                  - button: go
                    label: Go
                    tap: { show: detail }
              detail:
                elements:
                  - button: back
                    label: Back
                    tap: pop
                  - button: close
                    label: Close
                    tap: dismiss

            """)
        #expect(
            result.diagnostics.map { "\($0.severity) \($0.code) \($0.message)" } == [
                "warning C301 `show` from `main`, where no navigation controller is ever on the stack: it presents modally",
                "error C303 `pop` on `detail`, which is never above a navigation controller's root: there is nothing to pop",
            ])
    }

    @Test func aLibraryIsCheckedWithoutStartOrScreens() {
        let result = load(
            """
            segue: 1
            components:
              card:
                elements: [{ text: title, value: "${missing}" }]

            """)
        #expect(result.role == .library)
        #expect(result.diagnostics.map(\.code) == ["X101"])
    }

    @Test func theCheckerRunsOnAModelBuiltInCode() {
        var flow = Flow(
            id: Name("t", at: .synthesized), start: Name("home", at: .synthesized), path: "t", range: .synthesized)
        flow.screens = [Screen(name: Name("main", at: .synthesized), range: .synthesized)]
        let diagnostics = Checker(flow: flow).check()
        #expect(diagnostics.map(\.message) == ["unknown screen `home`"])
    }
}
