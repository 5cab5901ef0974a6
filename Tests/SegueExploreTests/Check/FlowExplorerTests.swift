import SegueCheck
import SegueDiagnostics
import SegueMachine
import SegueModel
import Testing

@testable import SegueExplore

/// `segue check`'s exploration: each kind of bug is caught with the shortest run that shows it.
@Suite struct FlowExplorerTests {
    /// Loads, checks and explores a flow given as text.
    static func explore(_ text: String, bounds: ExplorationBounds = ExplorationBounds()) throws -> Exploration {
        let loaded = FlowLoader().load(SourceFile(path: "test.yaml", text: text))
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.map(\.message))")
        let flow = try #require(loaded.flow)
        return FlowExplorer(flow: flow, program: try Compiler.compile(flow)).explore(bounds)
    }

    @Test func anInvariantBrokenOnOneOutcomeOnlyIsFoundWithThatOutcome() throws {
        let exploration = try Self.explore(CheckFlows.lostPurchase)
        let finding = try #require(exploration.findings.first { $0.code == .invariantBroken })
        #expect(finding.message == "invariant `purchase_kept` does not hold: a charge without its coins")
        #expect(finding.path == ["launch", "tap buy", "store.purchase → error"])
        #expect(finding.range.start.line == 11)
        #expect(exploration.stoppedBy == nil)
    }

    @Test func aScreenNoRunEntersIsFoundWithItsDeadButton() throws {
        let exploration = try Self.explore(CheckFlows.hiddenScreen)
        let codes = exploration.findings.map(\.code)
        #expect(codes == [.screenNeverEntered, .deadElement])
        #expect(exploration.findings[0].message == "screen `vault` is never entered by any run")
        #expect(exploration.findings[0].range.start.line == 14)
        #expect(exploration.findings[1].message == "`main.secret` is never visible and enabled in any run")
    }

    @Test func eventsThatRaiseEachOtherForeverAreALivelock() throws {
        let exploration = try Self.explore(CheckFlows.pingPong)
        let finding = try #require(exploration.findings.first { $0.code == .livelock })
        #expect(finding.path == ["launch", "tap start"])
        // At the handler of the loop's first event, naming the events of the loop.
        #expect(finding.message.hasPrefix("events raise each other without end: ping → pong → ping ("))
        #expect(finding.range.start.line == 8, "\(finding.range)")
    }

    @Test func aLoopEnteredThroughAnotherEventNamesTheWayInAndTheStateThatLoops() throws {
        let exploration = try Self.explore(
            """
            segue: 1
            flow: looping
            start: main
            screens:
              main:
                states:
                  idle:
                    on:
                      open_entry: [{ send: ping }]
                      ping: [{ send: pong }]
                      pong: [{ send: ping }]
                elements:
                  - button: start
                    label: Start
                    tap: { send: open_entry }
            """)
        let finding = try #require(exploration.findings.first { $0.code == .livelock })
        #expect(finding.message.hasPrefix("events raise each other without end: open_entry → ping → pong → ping ("))
        #expect(finding.range.start.line == 10, "\(finding.range)")
    }

    /// Properties are compiled like any expression: a computed field, a named value and the form are read.
    @Test func anInvariantReadsComputedFieldsNamedValuesAndTheForm() throws {
        let flow = """
            segue: 1
            flow: people
            start: main
            types:
              Entry:
                name: string
                surname: string
                let:
                  full_name: "name + ' ' + surname"
            data:
              entry: { type: Entry, default: "{name: 'Ann', surname: 'Lee'}" }
            let:
              letters: "len(entry.name) + len(entry.surname)"
            invariants:
              named: { holds: "len(entry.full_name) > 3", message: a full name }
              lettered: { holds: "letters >= 2", message: some letters }
              not_admin: { holds: "screen != 'main' || form.login != 'admin'", message: no admin }
            screens:
              main:
                elements:
                  - field: login
                    label: Login
                  - button: clear
                    label: Clear
                    tap: { set: { entry: "{name: '', surname: ''}" } }
            """
        let exploration = try Self.explore(flow)
        let broken = exploration.findings.filter { $0.code == .invariantBroken }.map(\.message)
        #expect(broken.contains("invariant `named` does not hold: a full name"), "\(exploration.findings)")
        #expect(broken.contains("invariant `lettered` does not hold: some letters"), "\(exploration.findings)")
        #expect(broken.contains("invariant `not_admin` does not hold: no admin"), "\(exploration.findings)")
        #expect(!exploration.findings.contains { $0.code == .propertyUnevaluable }, "\(exploration.findings)")
    }

    @Test func aRunTimeErrorIsReportedAtTheExpressionThatFailed() throws {
        let exploration = try Self.explore(
            """
            segue: 1
            flow: divide
            start: main
            data:
              zero: { type: int, default: 0 }
              result: { type: int, default: 0 }
            screens:
              main:
                elements:
                  - button: divide
                    label: Divide
                    tap: { set: { result: "10 / zero" } }
            """)
        let finding = try #require(exploration.findings.first { $0.code == .runtimeError })
        #expect(finding.range.start.line == 12, "\(finding.range)")
        #expect(finding.range.start.column == 31, "\(finding.range)")
        #expect(finding.path == ["launch", "tap divide"])
    }

    /// S009 is placed at the `call:` whose error outcome nobody handles, not at the top of the file.
    @Test func anUnhandledErrorOutcomeIsReportedAtTheCall() throws {
        let exploration = try Self.explore(
            """
            segue: 1
            flow: unhandled
            start: main
            services:
              store: { kind: store }
            screens:
              main:
                elements:
                  - button: buy
                    label: Buy
                    tap:
                      - call: store.purchase
                        with: { product: "'coins'" }
            """)
        let finding = try #require(exploration.findings.first { $0.code == .defaultErrorAlert }, "\(exploration.findings)")
        #expect(finding.range.start.line == 12, "\(finding.range)")
        #expect(finding.path.first == "launch")
    }

    /// S010 is placed at the `alert:` that shows `null`.
    @Test func anAlertShowingNullIsReportedAtTheAlert() throws {
        let exploration = try Self.explore(
            """
            segue: 1
            flow: nothing
            start: main
            data:
              name: { type: "string?" }
            screens:
              main:
                elements:
                  - button: greet
                    label: Greet
                    tap:
                      - alert: { image: done, title: "Hello ${string(name)}" }
            """)
        let finding = try #require(exploration.findings.first { $0.code == .rendersNull }, "\(exploration.findings)")
        #expect(finding.range.start.line == 12, "\(finding.range)")
    }

    @Test func aCountdownThatStopsShortLosesAlwaysPossible() throws {
        let exploration = try Self.explore(CheckFlows.stuckCountdown)
        #expect(exploration.findings.map(\.code) == [.notAlwaysPossible])
        let finding = exploration.findings[0]
        #expect(finding.message == "always_possible `countdown_ends`: from this state no run leads back to it")
        // Already after the tap: the one timer can only take the count to 2.
        #expect(finding.path == ["launch", "tap later"])
    }

    @Test func aFixedCountdownChecksClean() throws {
        let fixed = CheckFlows.stuckCountdown.replacingOccurrences(of: "- after: 1s", with: "- every: 1s")
            .replacingOccurrences(of: "then: [{ replace: recording }]", with: "then: [{ replace: recording }]")
        let exploration = try Self.explore(fixed)
        #expect(exploration.findings.isEmpty, "\(exploration.findings)")
        #expect(exploration.stoppedBy == nil)
    }

    @Test func unboundedDataStopsAtTheBoundAndNamesTheVariable() throws {
        let counter = """
            segue: 1
            flow: counter
            start: main
            data:
              taps: { type: int, default: 0 }
            screens:
              main:
                elements:
                  - button: more
                    label: More
                    visible: "taps >= 0"
                    tap: { set: { taps: "taps + 1" } }
            """
        let exploration = try Self.explore(
            counter, bounds: ExplorationBoundsTests.unscoped(ExplorationBounds(maxStates: 50)))
        #expect(exploration.stoppedBy?.contains("`taps` kept growing") == true)
        #expect(exploration.findings.isEmpty)
        // Shown but read by nothing else, the counter is data nothing reads: one state, and the exploration ends.
        let shown = counter.replacingOccurrences(of: "visible: \"taps >= 0\"", with: "visible: true")
            .replacingOccurrences(of: "label: More", with: "label: \"More than ${taps}\"")
        #expect(shown != counter)
        let finished = try Self.explore(shown, bounds: ExplorationBounds(maxStates: 50))
        #expect(finished.stoppedBy == nil)
        #expect(finished.graph.count == 1)
    }

    @Test func statesDifferingOnlyInIdsAndClockAreOne() throws {
        // Opening and closing a modal makes new instance ids and restarts the timer at a later time.
        let text = """
            segue: 1
            flow: modal
            start: main
            screens:
              main:
                on_enter: [{ every: 1s, do: [] }]
                elements:
                  - button: open
                    label: Open
                    tap: { present: sheet }
              sheet:
                elements:
                  - button: close
                    label: Close
                    tap: dismiss
            """
        let exploration = try Self.explore(text)
        #expect(exploration.graph.count == 2)
        #expect(exploration.stoppedBy == nil)
    }

    @Test func alertsAreNotStoredInTheStates() throws {
        let text = """
            segue: 1
            flow: alerts
            start: main
            data:
              note: { type: "string?" }
            screens:
              main:
                elements:
                  - button: warn
                    label: Warn
                    tap: [{ alert: { image: error, title: Note, message: "${note}" } }]
            """
        let exploration = try Self.explore(text)
        #expect(exploration.graph.states.allSatisfy { $0.machine.alert == nil && $0.machine.alertQueue.isEmpty })
        // Null-safe text: a null note shows as nothing, so no alert renders `null`.
        #expect(!exploration.findings.contains { $0.code == .rendersNull })
        #expect(exploration.stoppedBy == nil)
    }
}

/// The texts `segue check` types into a field: from its rules, the texts and lengths the flow compares it with,
/// numbers where the flow reads it as one, and the field's own `samples:`.
@Suite struct FormReadsTests {
    static let converter = """
        segue: 1
        flow: converter
        start: main
        data:
          fahrenheit: { type: "number?", default: null }
        screens:
          main:
            elements:
              - field: celsius
                label: Celsius
              - field: code
                label: Code
                samples: ["27.03.2014", "31.02.2014"]
              - button: convert
                label: Convert
                enabled: "len(form.code) == 4 || form.code == 'none'"
                tap: { set: { fahrenheit: "number(form.celsius) * 9 / 5 + 32" } }
        """

    /// The flow given as text, compiled, with the texts `segue check` would type into its fields.
    static func load(_ text: String) throws -> (Flow, Program, FieldSamples) {
        let loaded = FlowLoader().load(SourceFile(path: "t.yaml", text: text))
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.map(\.message))")
        let flow = try #require(loaded.flow)
        let program = try Compiler.compile(loaded)
        return (flow, program, FieldSamples(outcomes: OutcomeSampler(flow: flow, program: program)))
    }

    @Test func aFieldIsTriedWithWhatTheFlowComparesAndReadsItAs() throws {
        let (_, _, samples) = try Self.load(Self.converter)
        let celsius = samples.texts(screen: 0, field: 0, current: .string(""), valid: true)
        #expect(celsius.contains("12") && celsius.contains("-1.5") && celsius.contains("1a"), "\(celsius)")
        let code = samples.texts(screen: 0, field: 1, current: .string(""), valid: true)
        for text in ["aaa", "aaaa", "aaaaa", "none", "27.03.2014", "31.02.2014"] {
            #expect(code.contains(text), "\(text) in \(code)")
        }
    }

    /// A field whose `change:` reads `event.value` as a number is typed the number texts, though no expression
    /// names `form.celsius`; a field without `change:` and rules keeps the two texts of its class.
    @Test func aFieldWithChangeIsTriedWithNumbersWhenTheFlowParsesItsValue() throws {
        let text = """
            segue: 1
            flow: converter
            start: main
            screens:
              main:
                elements:
                  - field: celsius
                    change:
                      - let: { c: "parse_number(event.value)" }
                      - if: "c != null"
                        then: [{ set: { form.fahrenheit: "format(c * 9 / 5 + 32, decimals: 1)" } }]
                  - field: fahrenheit
            """
        let (_, _, samples) = try Self.load(text)
        let celsius = samples.texts(screen: 0, field: 0, current: .string(""), valid: true)
        #expect(celsius.contains("12") && celsius.contains("-1.5") && celsius.contains("1a"), "\(celsius)")
        #expect(!samples.texts(screen: 0, field: 1, current: .string(""), valid: true).contains("12"))
    }

    /// Dates read through a flow function (`day(form.start)` parses in `dd.MM.yyyy`): two well-formed days are typed
    /// into each field, so both orders of the two fields are explored, and a day that does not exist.
    @Test func dateFieldsAreTriedWithTwoDaysInBothOrdersAndADayThatDoesNotExist() throws {
        let text = """
            segue: 1
            flow: booker
            start: main
            functions:
              day: { parameters: { text: string }, value: "parse_date(text, 'dd.MM.yyyy')" }
            invariants:
              ordered:
                holds: >-
                  day(form.start ?? '') == null || day(form.back ?? '') == null
                  || day(form.back ?? '') >= day(form.start ?? '')
                message: a return before the start
            screens:
              main:
                elements:
                  - field: start
                  - field: back
            """
        let (flow, program, samples) = try Self.load(text)
        for field in 0..<2 {
            let texts = samples.texts(screen: 0, field: field, current: .string(""), valid: true)
            for day in ["31.12.2023", "01.01.2024", "30.02.2023"] { #expect(texts.contains(day), "\(day) in \(texts)") }
        }
        let exploration = FlowExplorer(flow: flow, program: program).explore(ExplorationBounds())
        let broken = try #require(exploration.findings.first { $0.code == .invariantBroken }, "\(exploration.findings)")
        #expect(broken.message == "invariant `ordered` does not hold: a return before the start")
    }
}
