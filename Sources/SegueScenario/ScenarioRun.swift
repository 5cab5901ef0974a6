import SegueDiagnostics
import SegueDiagram
import SegueDriver
import SegueExpression
import SegueMachine
import SegueModel

/// The state of one scenario while it runs: turns steps into inputs and checks expectations.
struct ScenarioRun {
    let scenario: Scenario
    var failure: ScenarioFailure?
    /// Calls made before this index were already checked by an earlier `expect`.
    var checkedCalls = 0
    var visitedScreens: Set<String> = []
    /// Navigation transitions taken, with how often.
    var transitions: [TakenTransition: Int] = [:]
    /// Steps that did not fail but may be mistakes (`ScenarioResult.warnings`).
    var warnings: [ScenarioFailure] = []

    init(scenario: Scenario) {
        self.scenario = scenario
    }

    func failure(_ message: String, _ range: SourceRange, driver: FlowDriver? = nil) -> ScenarioFailure {
        ScenarioFailure(range: range, message: message, screen: driver.map { ScreenSummary.text(of: $0) } ?? "")
    }

    mutating func perform(_ step: ScenarioStep, driver: FlowDriver, embedded: EmbeddedServices)
        async throws(ScenarioFailure)
    {
        switch step.action {
        case .launch: try await persisting(step.range, driver) { $0.record(await driver.launch()) }
        case .user(let steps):
            for user in steps {
                // An SPAlert goes away by itself; a person acts once it has (scripting a call's outcome is not acting).
                if case .outcome = user {
                } else {
                    while driver.state.alert != nil { await driver.send(.dismissAlert) }
                }
                try await persisting(step.range, driver) { run throws(ScenarioFailure) in
                    try await run.run(user, at: step.range, driver: driver)
                }
            }
        case .expect(let expectations):
            var check = ExpectationCheck(
                driver: driver, embedded: embedded, newCalls: Array(driver.calls[checkedCalls...]))
            for expectation in expectations {
                if let problem = await check.verify(expectation) {
                    throw failure(problem, expectation.range, driver: driver)
                }
            }
            checkedCalls = driver.calls.count
        }
    }

    /// Runs `body`; data the flow could not load or save meanwhile is a failure of the step that needed it, never
    /// a silent loss.
    private mutating func persisting(
        _ range: SourceRange, _ driver: FlowDriver, _ body: (inout ScenarioRun) async throws(ScenarioFailure) -> Void
    ) async throws(ScenarioFailure) {
        let failedSaves = driver.persistenceErrors.count
        try await body(&self)
        if let error = driver.persistenceErrors.dropFirst(failedSaves).first {
            throw failure("persisted data: \(error)", range, driver: driver)
        }
    }

    private mutating func run(_ step: UserStep, at range: SourceRange, driver: FlowDriver)
        async throws(ScenarioFailure)
    {
        switch step {
        case .restart: record(await driver.restart())
        case .tap(let id):
            let path = try elementPath(id, driver: driver, range: range)
            try await act(.tap(path), id, range, driver)
        case .fill(let field, let text):
            let element = try topElement(field, driver: driver, range: range)
            try await act(.edit(element: element, value: .string(text)), field, range, driver)
        case .clear(let field):
            let element = try topElement(field, driver: driver, range: range)
            try await act(.edit(element: element, value: .string("")), field, range, driver)
        case .submit(let field):
            let element = try topElement(field, driver: driver, range: range)
            try await act(.submit(element: element), field, range, driver)
        case .slide(let id, let value):
            let path = try elementPath(id, driver: driver, range: range)
            try await act(.change(path, .number(value)), id, range, driver)
        case .pick(let id, let option):
            let path = try elementPath(id, driver: driver, range: range)
            try await act(.change(path, .string(option)), id, range, driver)
        case .pinch(let field, let zoom):
            let element = try topElement(field, driver: driver, range: range)
            try await act(.pinch(element: element, zoom: zoom), field, range, driver)
        case .pan(let field, let x, let y):
            let element = try topElement(field, driver: driver, range: range)
            try await act(.pan(element: element, x: x, y: y), field, range, driver)
        case .scroll(let list):
            let element = try topElement(list, driver: driver, range: range)
            let input = Input.scrolledNearEnd(list: element)
            // Scrolling to the end again once every page is in is something a person does; it loads nothing.
            if driver.machine.refusal(of: input, in: driver.state)?.reason == .noMorePages {
                record(await driver.send(input))
            } else {
                try await act(input, list, range, driver)
            }
        case .back: record(await driver.send(.back))
        case .dismiss: record(await driver.send(.swipeToDismiss))
        case .send(let event, let payload):
            // Any name may be sent (`SentEvent`); one no handler takes is dropped with a warning, as SCXML drops it.
            switch SentEvent.input(event, payload: payload, in: driver.program) {
            case .success(let input): record(await driver.send(input))
            case .failure(let unhandled): warnings.append(failure(unhandled.message, range))
            }
        case .tick(let span): record(await driver.advance(by: span))
        case .outcome(let call, let outcome): await driver.script(call, outcome)
        }
    }

    /// Notes screens and transitions for coverage; returns the steps.
    @discardableResult
    mutating func record(_ steps: [Step]) -> [Step] {
        for entry in steps.flatMap(\.trace) {
            switch entry {
            case .screenEntered(let screen, _): visitedScreens.insert(screen)
            case .transition(let kind, let from?, let to?):
                transitions[TakenTransition(from: from, to: to, kind: kind), default: 0] += 1
            default: break
            }
        }
        return steps
    }

    /// Gives an input the input query accepts; one the app would ignore (hidden, disabled, a form with errors,
    /// no more pages) fails the step with the app's reason, as does anything the app ignores while handling it.
    private mutating func act(_ input: Input, _ id: String, _ range: SourceRange, _ driver: FlowDriver)
        async throws(ScenarioFailure)
    {
        if let refusal = driver.machine.refusal(of: input, in: driver.state), !refusal.isFlowError {
            let (what, reason) = refusal.explanation(in: driver.program, state: driver.state)
            throw failure("`\(id)` did nothing: \(what): \(reason)", range, driver: driver)
        }
        try checkNotIgnored(record(await driver.send(input)), id, range, driver)
    }

    /// A step the app ignored fails with the app's reason.
    private func checkNotIgnored(_ steps: [Step], _ id: String, _ range: SourceRange, _ driver: FlowDriver)
        throws(ScenarioFailure)
    {
        guard let first = steps.first else { return }
        for entry in first.trace {
            if case .ignored(let what, let reason) = entry {
                throw failure("`\(id)` did nothing: \(what): \(reason)", range, driver: driver)
            }
        }
    }

    private func topScreen(_ driver: FlowDriver, _ range: SourceRange) throws(ScenarioFailure) -> Int {
        guard let top = driver.state.topInstance else {
            throw failure("no screen is shown (did the scenario `launch`?)", range, driver: driver)
        }
        return top.screen
    }

    private func elementPath(_ id: String, driver: FlowDriver, range: SourceRange) throws(ScenarioFailure)
        -> ElementPath
    {
        let screen = try topScreen(driver, range)
        switch driver.machine.path(id, in: driver.state, for: .tap) {
        case .success(let path): return path
        case .failure(let refusal):
            if case .notOnTopScreen(let below) = refusal.reason {
                throw failure(
                    "`\(id)` is on `\(driver.program.screens[below].name)`, not on the top screen "
                        + "`\(driver.program.screens[screen].name)`", range, driver: driver)
            }
            let names = driver.program.screens[screen].elements.map(\.name)
            throw failure(
                "screen `\(driver.program.screens[screen].name)` has no element `\(id)`"
                    + Suggestion.didYouMean(String(id.prefix { $0 != "[" && $0 != "." }), in: names), range,
                driver: driver)
        }
    }

    private func topElement(_ id: String, driver: FlowDriver, range: SourceRange) throws(ScenarioFailure) -> Int {
        let path = try elementPath(id, driver: driver, range: range)
        guard path.item == nil, path.part == nil else {
            throw failure(
                "`\(id)` is inside a list item; only a screen's own fields can be filled", range, driver: driver)
        }
        return path.element
    }
}
