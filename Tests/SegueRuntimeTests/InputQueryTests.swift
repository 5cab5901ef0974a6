import SegueExpression
import Testing

@testable import SegueMachine

/// The input query: what can be done in a state, with paths and domains, and why anything else cannot; the
/// runner ignores exactly what the query refuses.
@Suite struct InputQueryTests {
    static let flow = """
        segue: 1
        flow: inputs
        start: main
        data:
          reveal: { type: bool, default: false }
          items: { type: list<string>, default: "['a', 'b']" }
          more: { type: bool, default: true }
          volume: { type: number, default: 0.5 }
          size: { type: string, default: "'M'" }
          log: { type: list<string>, default: "[]" }
        screens:
          main:
            navigation: true
            elements:
              - button: go
                label: Go
                tap: { show: detail }
              - button: off
                label: Off
                enabled: false
                tap: [{ set: { log: "log + ['off']" } }]
              - button: wait
                label: Wait
                tap: [{ after: 2s, do: [{ alert: { image: done, title: Done } }] }]
              - field: secret
                visible: reveal
              - field: name
                rules: [required]
              - slider: level
                value: volume
                min: 0
                max: 2
                change: [{ set: { volume: event.value } }]
              - picker: size_picker
                options: "['S', 'M', 'L']"
                selected: size
                change: [{ set: { size: event.value } }]
              - list: rows
                items: items
                item: { use: row, with: { value: item } }
                paging: { size: 2, near_end: load, has_more: more }
              - text: note
                value: Hi
            on:
              load: [{ set: { items: "items + ['c']", more: false } }]
          detail:
            elements: []
        components:
          row:
            parameters: { value: string }
            elements:
              - button: open
                label: Open
                visible: "value == 'a'"
                tap: [{ set: { log: "log + [value]" } }]
        """

    func launched() throws -> Harness {
        var harness = try Harness(Self.flow)
        harness.launch()
        return harness
    }

    func described(_ inputs: [AvailableInput], _ program: Program) -> [String] {
        inputs.map { input in
            let path = input.path.map { " " + program.reference(to: $0, on: 0) } ?? ""
            return "\(input.action)\(path)" + (input.domain == .none ? "" : " \(input.domain)")
        }
    }

    @Test func theQueryListsEveryEnabledInputWithItsPathAndDomain() throws {
        var harness = try launched()
        harness.tap("wait")
        let inputs = harness.machine.inputs(in: harness.state)
        #expect(
            described(inputs, harness.program) == [
                "tap go", "tap wait", "edit name field(1)", "change level range(ClosedRange(0.0...2.0))",
                "change size_picker options([S, M, L])",
                "tap rows[0].open", "scroll rows items(count: 2)", "timer timer(id: 1, deadline: 2s)",
            ])
    }

    @Test func backAlertDismissalAndPagingAppearOnlyWhenLegal() throws {
        var harness = try launched()
        harness.send(.scrolledNearEnd(list: 7))
        #expect(harness.state.data[2] == .bool(false), "more")
        #expect(!harness.machine.inputs(in: harness.state).contains { $0.action == .scroll })
        #expect(harness.machine.refusal(of: .scrolledNearEnd(list: 7), in: harness.state)?.reason == .noMorePages)
        #expect(harness.machine.refusal(of: .back, in: harness.state)?.reason == .atRoot)
        harness.tap("wait")
        harness.send(.advanceTime(by: 2))
        harness.tap("go")
        let actions = harness.machine.inputs(in: harness.state).map(\.action)
        #expect(actions == [.back, .dismissAlert])
        #expect(harness.machine.refusal(of: .swipeToDismiss, in: harness.state)?.reason == .nothingPresented)
    }

    @Test func everyOtherInputIsRefusedWithTheReason() throws {
        let harness = try launched()
        let machine = harness.machine
        func reason(_ input: Input) -> InputRefusal.Reason? { machine.refusal(of: input, in: harness.state)?.reason }
        let program = harness.program
        func path(_ name: String) throws -> ElementPath { try #require(program.path(name, on: 0)) }
        #expect(reason(.tap(try path("off"))) == .disabled)
        #expect(reason(.edit(element: try path("secret").element, value: .string("x"))) == .hidden)
        #expect(reason(.edit(element: try path("go").element, value: .string("x"))) == .wrongKind(.button))
        #expect(reason(.tap(try path("level"))) == .wrongKind(.slider))
        #expect(reason(.tap(try path("note"))) == .inert)
        #expect(reason(.tap(try path("rows"))) == .needsItem(count: 2))
        #expect(reason(.tap(try path("rows[5]"))) == .noSuchItem(count: 2))
        #expect(reason(.tap(try path("rows[1].open"))) == .hidden)
        #expect(reason(.tap(ElementPath(element: 40))) == .noSuchElement)
        #expect(reason(.change(try path("go"), .number(1))) == .wrongKind(.button))
        // A slider takes a number within its `min` and `max` (7GUIs: `slide` took 5 on a 0…2 slider).
        #expect(reason(.change(try path("level"), .number(1.5))) == nil)
        #expect(reason(.change(try path("level"), .int(2))) == nil)
        #expect(reason(.change(try path("level"), .number(2.5))) == .outOfRange(0...2))
        #expect(reason(.change(try path("level"), .number(-0.1))) == .outOfRange(0...2))
        #expect(reason(.change(try path("level"), .string("1"))) == .outOfRange(0...2))
        let outside = try #require(machine.refusal(of: .change(try path("level"), .number(5)), in: harness.state))
        #expect(outside.explanation(in: program, state: harness.state) == ("change main.level", "level goes from 0 to 2"))
        // The runner refuses what the query refuses: the value is not written.
        var moved = harness
        _ = moved.send(.change(try path("level"), .number(5)))
        #expect(moved.state.data == harness.state.data)
        #expect(reason(.dismissAlert) == .noAlert)
        #expect(reason(.timerFired(id: 7)) == .noSuchTimer)
        #expect(reason(.event(99, payload: .null)) == .noSuchEvent)
        #expect(machine.refusal(of: .tap(try path("go")), in: MachineState())?.reason == .notLaunched)
        let refusal = try #require(machine.refusal(of: .tap(try path("rows[1].open")), in: harness.state))
        #expect(refusal.path == ElementPath(element: 7, item: 1, part: 0))
        #expect(refusal.explanation(in: program, state: harness.state) == ("tap main.rows.open", "open is hidden"))
    }

    @Test func aNameOnAScreenUnderTheTopOneIsNotOnTheTopScreen() throws {
        var harness = try launched()
        harness.tap("go")
        let machine = harness.machine
        #expect(machine.path("off", in: harness.state, for: .tap).failure?.reason == .notOnTopScreen(screen: 0))
        #expect(machine.path("nothing", in: harness.state, for: .tap).failure?.reason == .noSuchElement)
        #expect(machine.path("go", in: MachineState(), for: .tap).failure?.reason == .noScreen)
        harness.send(.back)
        #expect(
            machine.path("rows[1].open", in: harness.state, for: .tap)
                == .success(ElementPath(element: 7, item: 1, part: 0)))
    }

    /// The bug the query fixed: the runner filled a hidden field that the REPL refused.
    @Test func editingAHiddenFieldIsIgnoredUntilItIsShown() throws {
        var harness = try launched()
        let secret = try #require(harness.program.screens[0].element(named: "secret"))
        let before = harness.state
        harness.send(.edit(element: secret, value: .string("xyz")))
        #expect(harness.last.trace.map(\.description) == ["ignored edit main.secret: secret is hidden"])
        #expect(harness.state == before)
        harness.state.data[0] = .bool(true)
        harness.send(.edit(element: secret, value: .string("xyz")))
        #expect(harness.state.topInstance?.form.fields[0].value == .string("xyz"))
    }

    /// Whatever the query lists, the runner acts on; whatever it refuses, the runner ignores with the same words.
    func expectAgreement(_ machine: Machine, _ state: MachineState) {
        let elements = state.topInstance.map { machine.program.screens[$0.screen].elements.count } ?? 0
        var inputs: [Input] = [.back, .swipeToDismiss, .dismissAlert]
        for element in 0...elements {
            inputs += [
                .tap(ElementPath(element: element)), .edit(element: element, value: .string("v")),
                .submit(element: element),
                .change(ElementPath(element: element), .number(1)), .scrolledNearEnd(list: element),
            ]
            for part in 0..<4 { inputs.append(.tap(ElementPath(element: element, part: part))) }
            for item in 0..<7 {
                inputs.append(.tap(ElementPath(element: element, item: item)))
                for part in 0..<4 {
                    inputs += [
                        .tap(ElementPath(element: element, item: item, part: part)),
                        .change(ElementPath(element: element, item: item, part: part), .number(1)),
                    ]
                }
            }
        }
        var accepted = 0
        for input in inputs {
            let step = machine.step(state, input)
            let ignored = step.trace.compactMap { entry -> String? in
                if case .ignored(let what, let reason) = entry { "\(what): \(reason)" } else { nil }
            }
            if let refusal = machine.refusal(of: input, in: state) {
                let (what, reason) = refusal.explanation(in: machine.program, state: state)
                if !refusal.isFlowError { #expect(ignored.first == "\(what): \(reason)", "\(input)") }
            } else {
                accepted += 1
                #expect(!ignored.contains { $0.hasPrefix("tap ") || $0.hasPrefix("change ") }, "\(input)")
            }
        }
        let listed = machine.inputs(in: state).filter { $0.action != .timer }.count
        #expect(accepted == listed)
    }

    @Test func theRunnerAgreesWithTheQueryOnEveryInput() throws {
        var harness = try launched()
        expectAgreement(harness.machine, harness.state)
        harness.state.data[0] = .bool(true)
        expectAgreement(harness.machine, harness.state)
    }

    @Test func theRunnerAgreesWithTheQueryAlongTheDonateFlow() throws {
        var harness = try DonateFlowTests.harness()
        harness.launch()
        expectAgreement(harness.machine, harness.state)
        harness.tap("donate")
        harness.answer(.ok(DonateFlowTests.products))
        harness.answer(.ok(.list([DonateFlowTests.entry("Анна", "Спасибо!")])))
        expectAgreement(harness.machine, harness.state)
        harness.tap("options[1]")
        harness.answer(.ok(.record(["transaction_id": .string("t1"), "product": .string("donate.medium")])))
        expectAgreement(harness.machine, harness.state)
        harness.edit("name", "Анна")
        expectAgreement(harness.machine, harness.state)
    }
}
