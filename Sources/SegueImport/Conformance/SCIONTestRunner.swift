import Foundation
import SegueDiagnostics
import SegueDriver
import SegueExpression
import SegueJSON
import SegueMachine
import SegueModel
import SegueRuntime

/// Runs a test in SCION's suite format (github.com/jbeard4/scxml-test-framework): a chart `name.scxml` and beside
/// it a script `name.json` of events, each with the basic configuration (the atomic states) expected after it:
///
///     { "initialConfiguration": ["a"],
///       "events": [ { "event": { "name": "t", "data": 1 }, "after": 100, "nextConfiguration": ["b"] } ] }
///
/// The chart is imported, compiled and launched on a virtual clock; before an event with `after`, the clock moves
/// that many milliseconds (timers due fire); the event is sent as the REPL sends one (`SentEvent`: any name, by
/// SCXML's descriptor rules, the `data` as its payload), and after it settles the atomic states must be the
/// expected ones, named by their SCXML ids.
public enum SCIONTestRunner {
    /// The script beside a chart: `a/b.scxml` → `a/b.json`.
    public static func scriptPath(of chart: String) -> String {
        (chart.hasSuffix(".scxml") ? String(chart.dropLast(6)) : chart) + ".json"
    }

    /// How a test is named: its path under the folder run, without `.scxml` (`actionSend/send1`).
    public static func name(of chart: String, under directory: String) -> String {
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        let relative = chart.hasPrefix(folder) ? String(chart.dropFirst(folder.count)) : chart
        return relative.hasSuffix(".scxml") ? String(relative.dropLast(6)) : relative
    }

    /// Whether `chart` is a SCION test: a `.scxml` file with its script beside it.
    public static func isTest(_ chart: String) -> Bool {
        chart.hasSuffix(".scxml") && FileManager.default.fileExists(atPath: scriptPath(of: chart))
    }

    struct Script {
        struct Step {
            struct Event {
                var name: String
                var data: Value?
            }
            var event: Event
            var after: Double?
            var nextConfiguration: [String]?
        }
        var initialConfiguration: [String]?
        var events: [Step]?

        /// What the script says it is not, and where (`events[2].event.name`).
        struct Problem: Error, CustomStringConvertible {
            var description: String
        }

        /// The script read from SCION's JSON: the keys above, any other ignored.
        init(_ json: JSON) throws(Problem) {
            guard let members = json.object else { throw Problem(description: "the script is not a JSON object") }
            initialConfiguration = try Self.names(members["initialConfiguration"], at: "initialConfiguration")
            guard let listed = members["events"], listed != .null else { return }
            guard let events = listed.array else { throw Problem(description: "`events` is not a list") }
            self.events = try events.enumerated().map { (index, step) throws(Problem) in
                let place = "events[\(index)]"
                guard let name = step["event"]?["name"]?.string else {
                    throw Problem(description: "\(place).event.name is not a string")
                }
                let data = step["event"]?["data"].map(Value.init(json:))
                let after = step["after"].flatMap { $0 == .null ? nil : $0 }
                guard after == nil || after?.double != nil else {
                    throw Problem(description: "\(place).after is not a number")
                }
                return Step(
                    event: Step.Event(name: name, data: data == .null ? nil : data), after: after?.double,
                    nextConfiguration: try Self.names(step["nextConfiguration"], at: "\(place).nextConfiguration"))
            }
        }

        private static func names(_ json: JSON?, at place: String) throws(Problem) -> [String]? {
            guard let json, json != .null else { return nil }
            let names = json.array?.compactMap(\.string)
            guard let names, names.count == json.array?.count else {
                throw Problem(description: "\(place) is not a list of state names")
            }
            return names
        }
    }

    /// Runs the test; `name` is how the outcome names it (the chart's path under the folder run, without `.scxml`).
    public static func run(path: String, name: String) async -> SCXMLTestRunner.Outcome {
        func fail(_ reason: String) -> SCXMLTestRunner.Outcome { .init(test: name, status: .fail, reason: reason) }
        let script: Script
        do {
            let bytes = try SafeFile.read(scriptPath(of: path), limit: 1 << 20, links: .followed)
            script = try Script(JSON.parse(bytes))
        } catch let error as SafeFile.ReadError {
            return fail("cannot read the script: \(error)")
        } catch {
            return fail("the script is not SCION's format: \(error)")
        }
        let source: SourceFile
        do {
            source = try XMLDocumentReader.load(path: path)
        } catch {
            return fail("cannot read \(path): \(error.message)")
        }
        let imported = SCXMLImporter.translate(source)
        guard let yaml = imported.yaml else {
            let first = imported.diagnostics.first { $0.severity == .error }
            return fail("import: " + (first.map(SCXMLTestRunner.describe) ?? "failed"))
        }
        let program: Program
        do {
            program = try Compiler.compile(SourceFile(path: SCXMLImporter.defaultName(path) + ".yaml", text: yaml))
        } catch {
            let first = error.diagnostics.first { $0.severity == .error }
            return fail("validate: " + (first.map(SCXMLTestRunner.describe) ?? "failed"))
        }
        let driver = FlowDriver(program: program, services: [:], persistence: MemoryPersistence())
        var steps = await driver.launch()
        let names = imported.stateNames
        func differs(_ expected: [String]?, after what: String) -> String? {
            guard let expected else { return nil }
            let want = Set(expected.map { names[$0] ?? $0 })
            let have = atomicStates(driver, after: steps)
            guard want != have else { return nil }
            return "after \(what): expected [\(want.sorted().joined(separator: ", "))], "
                + "found [\(have.sorted().joined(separator: ", "))]"
        }
        if let problem = differs(script.initialConfiguration, after: "launch") { return fail(problem) }
        for (index, step) in (script.events ?? []).enumerated() {
            steps = []
            if let after = step.after, after > 0 {
                steps += await driver.advance(by: ClockDuration(nanoseconds: Int64((after * 1_000_000).rounded())))
            }
            let event = step.event.name
            if case .success(let input) = SentEvent.input(event, payload: step.event.data ?? .null, in: program) {
                steps += await driver.send(input)
            }
            if let problem = differs(step.nextConfiguration, after: "event \(index + 1), `\(event)`") {
                return fail(problem)
            }
        }
        return SCXMLTestRunner.Outcome(test: name, status: .pass, reason: "")
    }

    /// The names of the top screen's active atomic states (no active child), final states included; once the
    /// chart has ended (a top-level final state was entered), that final state, from what `steps` entered.
    static func atomicStates(_ driver: FlowDriver, after steps: [Step]) -> Set<String> {
        if driver.state.ended {
            let states = driver.program.screens[driver.program.start].states
            let finals = Set(states.filter { $0.isFinal && $0.parent < 0 }.map(\.name))
            for step in steps.reversed() {
                for entry in step.trace.reversed() {
                    if case .stateEntered(_, let state) = entry, finals.contains(state) { return [state] }
                }
            }
        }
        guard let top = driver.state.topInstance else { return [] }
        let states = driver.program.screens[top.screen].states
        let active = Set(top.states)
        return Set(
            active.filter { $0 < states.count && !states[$0].children.contains(where: active.contains) }
                .map { states[$0].name })
    }
}
