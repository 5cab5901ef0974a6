import SegueCheck
import SegueDiagnostics
import Testing

/// The checker hands the compiler every action list with what a navigation and a `goto` name resolved: the target
/// screen (`ScreenID`), the parameter each argument fills, the state a `goto` enters in the screen showing it.
@Suite struct ResolvedActionsTests {
    static let flow = """
        segue: 1
        flow: t
        start: main
        components:
          stepper:
            elements:
              - button: step
                label: Step
                tap: [{ goto: done }]
        screens:
          main:
            states:
              idle: {}
              done: {}
            elements:
              - button: open
                label: Open
                tap: [{ present: details, with: { second: 2, first: 1 } }]
              - use: stepper
                id: s
          details:
            parameters: { first: int, second: int }
            states:
              done: {}
            elements:
              - use: stepper
                id: s
        """

    func screens() throws -> [ResolvedScreen] {
        let loaded = FlowLoader().load(SourceFile(path: "t.yaml", text: Self.flow))
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        return try #require(loaded.checked?.screens)
    }

    @Test func aNavigationCarriesItsScreenAndEachArgumentsParameter() throws {
        guard case .navigate(_, let target, let arguments, _) = try screens()[0].elements[0].tap?.first?.kind else {
            Issue.record("the tap is not a navigation")
            return
        }
        #expect(target?.position == 1)
        #expect(arguments.map { "\($0.argument.name.text)=\($0.parameter)" } == ["second=1", "first=0"])
    }

    @Test func aGotoInAComponentEntersTheStateOfEachScreenShowingIt() throws {
        let entered = try screens().map { screen -> Int? in
            guard case .component(let use) = screen.elements.last?.kind,
                case .goto(let state) = use.elements.first?.tap?.first?.kind
            else { return nil }
            return state.position
        }
        #expect(entered == [1, 0])
    }

    static let writes = """
        segue: 1
        flow: w
        start: main
        data:
          total: { type: int, default: 0 }
          people: { type: "list<int>", default: "[]" }
          count: { type: int, default: 0 }
        screens:
          main:
            parameters: { seed: { type: int, default: 0 } }
            data:
              total: { type: int, default: 0 }
            elements:
              - field: name
              - field: email
              - button: go
                label: Go
                tap:
                  - set: { total: 1, "people[0]": 2, form.email: "'x'", count: 3 }
                  - append: people
                    value: 4
        """

    @Test func aWriteStartsAtTheScreensDataVariableTheFlowsOrAFormField() throws {
        let loaded = FlowLoader().load(SourceFile(path: "w.yaml", text: Self.writes))
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        let tap = try #require(loaded.checked?.screens.first?.elements.last?.tap)
        guard case .set(let assignments) = tap.first?.kind, case .listEdit(_, let appended, let steps) = tap.last?.kind else {
            Issue.record("not a set and a list action: \(tap)")
            return
        }
        #expect(assignments.map(\.target) == [.screen(1), .flow(1), .field(1), .flow(2)])
        #expect(appended == .flow(1))
        // `people[0]` goes one item in, its position parsed by the checker; the others are whole variables.
        #expect(assignments.map(\.steps.count) == [0, 1, 0, 0] && steps.isEmpty)
        guard case .item(.expression(let position), let text) = assignments[1].steps.first else {
            Issue.record("not an item step: \(assignments[1].steps)")
            return
        }
        #expect(text == "0" && position.kind == .literal(.int(0)))
    }

    /// A parameter is no variable `set:` may change, also where it hides a data variable of its name: the write
    /// would go to the variable, and the screen's reads would go on seeing the parameter.
    @Test func aWriteToANameAParameterHidesIsRefused() {
        let text = Self.writes.replacingOccurrences(of: "count: 3", with: "seed: 3")
            .replacingOccurrences(of: "count: { type: int", with: "seed: { type: int")
        let errors = FlowLoader().load(SourceFile(path: "w.yaml", text: text)).diagnostics.filter {
            $0.severity == .error
        }
        #expect(errors.map(\.code) == ["C114"])
        #expect(errors.first?.message.hasPrefix("`seed` is a parameter here, which `set:` cannot change") == true)
    }
}
