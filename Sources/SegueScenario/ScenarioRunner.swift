import Foundation
import SegueCheck
import SegueDiagnostics
import SegueDiagram
import SegueDriver
import SegueExpression
import SegueMachine
import SegueModel
import SegueRuntime
import SegueServices

/// How one scenario ended.
public struct ScenarioResult: Sendable {
    public var scenario: Scenario
    public var failure: ScenarioFailure?
    public var seconds: Double
    /// Screens entered and navigation transitions taken (with counts), for `--coverage` and `--transitions`.
    public var visitedScreens: Set<String>
    public var transitions: [TakenTransition: Int]
    /// What did not fail the scenario but may be a mistake in it (an event no handler takes), in step order.
    public var warnings: [ScenarioFailure] = []

    public var passed: Bool { failure == nil }
}

/// The first step that went wrong: where, what was expected, what happened, and the screen at that moment.
public struct ScenarioFailure: Error, Sendable, CustomStringConvertible {
    public var range: SourceRange
    public var message: String
    public var screen: String

    public var description: String { "\(range): \(message)" }
}

/// Runs scenario files against their flows on fresh embedded services (docs/scenarios.md).
///
///     let runner = ScenarioRunner(root: projectRoot)
///     let result = await runner.run(try ScenarioParser.parse(path: "flows/scenarios/donate/d04-purchase.yaml"))
public final class ScenarioRunner {
    /// Where `examples/` lives, for the embedded defaults.
    public let root: String
    /// What every scenario's services may reach: whether commands start (`--trust`), whether a real server is
    /// called (`SEGUE_API_URL`); each scenario gets a fresh data directory and the scenario's defaults over these.
    public var options: ServiceOptions
    private var flows: [String: Result<(Flow, Program), ScenarioError>] = [:]

    public init(root: String, options: ServiceOptions = ServiceOptions()) {
        self.root = root
        self.options = options
    }

    /// What the scenario's flow reaches outside Segue (its commands and servers), for the lines `segue test`
    /// prints before any scenario runs; nil when the flow does not load (the scenario then fails with why).
    public func reach(of scenario: Scenario) -> FlowReach? {
        guard let (flow, _) = try? compiled(scenario.flowPath, root: scenario.root, at: scenario.range) else {
            return nil
        }
        return FlowReach(flow: flow, options: scenarioOptions(for: scenario))
    }

    public func run(_ scenario: Scenario) async -> ScenarioResult {
        await run(scenario, steps: nil) { _ in }
    }

    /// Runs the first `limit` steps (all when nil), then hands the driver to `inspect` before the services go
    /// away: `segue render --scenario FILE --step N` draws the screen there.
    public func run(_ scenario: Scenario, steps limit: Int?, inspect: (FlowDriver) -> Void) async -> ScenarioResult {
        let started = ContinuousClock.now
        var run = ScenarioRun(scenario: scenario)
        do throws(ScenarioFailure) {
            let (flow, program) = try compiled(scenario.flowPath, root: scenario.root, at: scenario.range)
            let embedded = try await services(for: scenario, flow: flow, at: scenario.range)
            defer { embedded.removeTemporaryFiles() }
            var device = DeviceProfile.standard
            if let name = scenario.device {
                guard let profile = DeviceProfile.named(name) else {
                    let names = DeviceProfile.builtIn.map(\.name)
                    throw run.failure(
                        "unknown device `\(name)`; built-in profiles: \(names.joined(separator: ", "))", scenario.range)
                }
                device = profile
            }
            let driver = FlowDriver(program: program, embedded: embedded, device: device)
            let invariants = FlowInvariants(program: program)
            for step in scenario.steps.prefix(limit ?? scenario.steps.count) {
                try await run.perform(step, driver: driver, embedded: embedded)
                if let broken = invariants.broken(in: driver.state).first {
                    throw run.failure("\(broken), after this step", step.range, driver: driver)
                }
            }
            inspect(driver)
        } catch {
            run.failure = error
        }
        let elapsed = ContinuousClock.now - started
        return ScenarioResult(
            scenario: scenario, failure: run.failure,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18,
            visitedScreens: run.visitedScreens, transitions: run.transitions, warnings: run.warnings)
    }

    /// Loads, checks and compiles a flow once per run of many scenarios.
    private func compiled(_ path: String, root: ProjectRoot?, at range: SourceRange) throws(ScenarioFailure)
        -> (Flow, Program)
    {
        // One flow read inside two roots may load differently.
        let key = path + "\u{0}" + (root?.real ?? "")
        if flows[key] == nil {
            let loaded = FlowLoader(root: root).load(path: path)
            if let checked = loaded.checked {
                flows[key] = .success((checked.flow, Compiler.compile(checked)))
            } else {
                flows[key] = .failure(ScenarioError(diagnostics: loaded.diagnostics.filter { $0.severity == .error }))
            }
        }
        switch flows[key]! {
        case .success(let compiled): return compiled
        case .failure(let error):
            throw ScenarioFailure(range: range, message: "the flow \(path) does not load:\n\(error)", screen: "")
        }
    }

    /// A fresh, temporary data directory (scenarios read no config file), the scenario's defaults, the runner's
    /// policy for commands and servers.
    private func scenarioOptions(for scenario: Scenario) -> ServiceOptions {
        var options = self.options
        options.dataDirectory = nil
        options.defaults = scenario.defaults ?? [:]
        options.seedProfileID = scenario.defaults == nil
        options.root = root
        options.projectRoot = scenario.root
        return options
    }

    private func services(for scenario: Scenario, flow: Flow, at range: SourceRange) async throws(ScenarioFailure)
        -> EmbeddedServices
    {
        let embedded: EmbeddedServices
        do {
            embedded = try await EmbeddedServices.make(for: flow, options: scenarioOptions(for: scenario))
        } catch {
            throw ScenarioFailure(range: range, message: error.description, screen: "")
        }
        guard let seed = scenario.board else { return embedded }
        for (name, board) in embedded.boards {
            switch seed {
            case .demo(let count):
                do {
                    _ = try await board.seedDemoEntries(count: count)
                } catch {
                    throw ScenarioFailure(range: range, message: "seeding the board: \(error)", screen: "")
                }
            case .entries(let entries):
                guard let declared = embedded.services[name] else { continue }
                // Seeded entries are the board's own, not the app's uploads: no check of who produced the photo.
                let service: any FlowService =
                    (declared as? APIFlowService).map {
                        APIFlowService(
                            endpoints: $0.endpoints, service: board, serviceName: $0.serviceName, results: $0.results)
                    } ?? declared
                // Listed newest first, so the oldest is added first.
                for entry in entries.reversed() {
                    var arguments = entry.recordValue ?? [:]
                    arguments["buy_package"] = arguments["buy_package"] ?? .string("donate.small")
                    if let photo = arguments.removeValue(forKey: "photo")?.stringValue {
                        let upload = await service.call(
                            "upload_photo",
                            arguments: [
                                "user_id": arguments["user_id"] ?? .string("seed"), "photo_file": .string(photo),
                            ])
                        guard case .ok(let id) = upload else {
                            throw ScenarioFailure(
                                range: range, message: "seeding the board: cannot upload \(photo)", screen: "")
                        }
                        arguments["photo_id"] = id
                    }
                    if case .error(let error) = await service.call("add_entry", arguments: arguments) {
                        throw ScenarioFailure(range: range, message: "seeding the board: \(error.message)", screen: "")
                    }
                }
            }
        }
        return embedded
    }
}
