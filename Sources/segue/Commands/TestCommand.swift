import Foundation
import SegueDiagnostics
import SegueDiagram
import SegueDriver
import SegueScenario

/// `segue test PATH…`: run scenario files and report, one line per scenario.
enum TestCommand: SegueCommand {
    static let name = "test"
    static let summary = "Run scenario files (exit 1 on any failure); JUnit XML and requirement coverage"
    static let synopsis = ["PATH…"]
    static let about = """
        Runs every scenario file (YAML files that start with `scenario:`) in the given files and
        directories, one line per scenario, then `N passed, N failed`.
        """
    static let options = [
        CommandOption("--junit", value: "FILE", help: "also write a JUnit XML report"),
        CommandOption(
            "--coverage", help: "list the requirement IDs covered by passing scenarios and those not covered, and",
            "the screens and transitions the scenarios visited"),
        CommandOption(
            "--transitions", value: "FILE", help: "write the navigation transitions the passing scenarios took, with",
            "counts, for `segue diagram FLOW --coverage FILE` (taken edges bold, others grey)"),
        CommandOption("--requirements", value: "FILE", help: "the requirements table (default: requirements.md in a folder",
            "named, else flows/requirements.md; with none, coverage lists the IDs scenarios cover)"),
        CommandOption(
            "--root", value: "DIR", help: "the project root: scenarios' flows and the files they name are read only",
            "inside it (default: the folder named, or a scenario's own folder), and the services' relative",
            "paths are found from it (default: .)", completion: .directory),
        CommandOption(
            "--trust", help: "start the flows' service commands (`command:`) although their folders are not trusted",
            "(`segue trust DIR`); before any scenario runs, each command and server is named on standard",
            "error (docs/security.md)"),
    ]
    static let notes = """
        exit status: 0 all passed, 1 a scenario failed, 2 usage or unreadable files

        example: segue test flows/ --coverage
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: Self.options)
        } catch {
            printError("segue test: \(error)\n\(usage)")
            return 2
        }
        guard !parsed.positional.isEmpty else {
            printError("segue test: name scenario files or directories\n\(usage)")
            return 2
        }
        var files: [(path: String, root: ProjectRoot?)] = []
        do {
            for path in parsed.positional {
                let collected = try ScenarioSuite.collect([path])
                collected.passedOver.forEach { printError("segue test: \($0)") }
                // A folder named is the project root of the scenarios found in it; a file's is its own folder.
                let root = collected.files == [path] ? nil : ProjectRoot.startedFrom(path)
                files += collected.files.map { ($0, root) }
            }
        } catch {
            printError("segue test: \(error)")
            return 2
        }
        let runner = ScenarioRunner(root: parsed.options["--root"] ?? FileManager.default.currentDirectoryPath)
        let parsedFiles = files.map { file in
            (
                file.path,
                Result { () throws(ScenarioError) in try ScenarioParser.parse(path: file.path, root: file.root) }
            )
        }
        // Every command and server the scenarios' flows use is named, and trusted or refused, before any runs.
        let reaches = parsedFiles.compactMap { _, parsed in
            (try? parsed.get()).flatMap { scenario in runner.reach(of: scenario).map { (scenario.flowPath, $0) } }
        }
        guard
            let policy = RunTrust.policy(
                for: reaches, trusted: parsed.switches.contains(RunTrust.option), command: "test")
        else { return 2 }
        runner.options.commands = policy
        var results: [ScenarioResult] = []
        var unreadable = 0
        for (file, parsed) in parsedFiles {
            let scenario: Scenario
            do {
                scenario = try parsed.get()
            } catch {
                say("ERROR \(file)")
                print(DiagnosticRenderer(format: .human).render(error.diagnostics), terminator: "")
                unreadable += 1
                continue
            }
            let result = await runner.run(scenario)
            results.append(result)
            let covers = scenario.covers.isEmpty ? "" : " [" + scenario.covers.joined(separator: ", ") + "]"
            if let failure = result.failure {
                say("FAIL \(scenario.name)\(covers)")
                say("  \(failure.description)")
                if !failure.screen.isEmpty { say("  the screen at that step:\n\(failure.screen)") }
            } else {
                say("pass \(scenario.name)\(covers)")
            }
            for warning in result.warnings { say("  warning: \(warning.description)") }
        }
        let passed = results.filter(\.passed).count
        let failed = results.count - passed + unreadable
        if let junit = parsed.options["--junit"] {
            do {
                try ScenarioSuite.junit(results).write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                printError("segue test: cannot write \(junit): \(error.localizedDescription)")
                return 2
            }
        }
        if let path = parsed.options["--transitions"] {
            var counts: [TakenTransition: Int] = [:]
            for result in results where result.passed { counts.merge(result.transitions, uniquingKeysWith: +) }
            do {
                try TransitionCoverage(counts: counts).json().write(to: URL(fileURLWithPath: path))
            } catch {
                printError("segue test: cannot write \(path): \(error.localizedDescription)")
                return 2
            }
        }
        if parsed.switches.contains("--coverage") {
            let named = parsed.options["--requirements"]
            guard let path = named ?? Self.requirementsTable(near: parsed.positional) else {
                printCoverage(nil, results)
                say("\(passed) passed, \(failed) failed")
                return failed > 0 ? 1 : (files.isEmpty ? 2 : 0)
            }
            guard let data = try? SafeFile.read(path, limit: 8 << 20, links: .followed),
                let text = String(data: data, encoding: .utf8)
            else {
                printError("segue test: cannot read the requirements table \(path)")
                return 2
            }
            printCoverage(RequirementsTable(markdown: text), results)
        }
        say("\(passed) passed, \(failed) failed")
        return failed > 0 ? 1 : (files.isEmpty ? 2 : 0)
    }

    /// One line of the report: scenario names, failures and the screens they show come from outside, so their
    /// control and bidi characters are escaped (`TerminalText`).
    private static func say(_ text: String) {
        print(TerminalText.escaped(text))
    }

    /// The requirements table `--coverage` reads when none is named: `requirements.md` in the first folder named
    /// that has one, else `flows/requirements.md` (the repository's own); nil when there is none.
    static func requirementsTable(near paths: [String]) -> String? {
        let candidates = paths.map { PathName.appending("requirements.md", to: $0) } + ["flows/requirements.md"]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Coverage against `table`, or, with no table, the IDs the passing scenarios name.
    private static func printCoverage(_ table: RequirementsTable?, _ results: [ScenarioResult]) {
        guard let table else {
            let named = Set(results.filter(\.passed).flatMap(\.scenario.covers)).sorted()
            say(
                "\nrequirements: no requirements table (requirements.md in a folder named, or --requirements FILE); "
                    + "IDs named by passing scenarios: \(named.isEmpty ? "none" : named.joined(separator: ", "))")
            printVisited(results)
            return
        }
        let (covered, missing) = table.coverage(results)
        say(
            "\nrequirements: \(table.requirements.count - missing.count) of \(table.requirements.count) covered by passing scenarios"
        )
        for (id, title) in table.requirements {
            let short = title.count > 70 ? String(title.prefix(69)) + "…" : title
            if let scenarios = covered[id] {
                say(
                    "  ✓ \(id.padding(toLength: 4, withPad: " ", startingAt: 0)) \(short)  (\(Plural.english(scenarios.count, "scenario")))"
                )
            } else {
                say("  ✗ \(id.padding(toLength: 4, withPad: " ", startingAt: 0)) \(short)")
            }
        }
        printVisited(results)
    }

    /// The screens entered and transitions taken by the passing scenarios, per flow.
    private static func printVisited(_ results: [ScenarioResult]) {
        let byFlow = Dictionary(grouping: results.filter(\.passed)) { $0.scenario.flowPath }
        for flow in byFlow.keys.sorted() {
            let screens = byFlow[flow]!.reduce(into: Set<String>()) { $0.formUnion($1.visitedScreens) }
            let transitions = byFlow[flow]!.reduce(into: Set<TakenTransition>()) { $0.formUnion($1.transitions.keys) }
            say(
                "\(flow): \(Plural.english(screens.count, "screen")) entered (\(screens.sorted().joined(separator: ", "))), "
                    + "\(Plural.english(transitions.count, "distinct transition")) taken"
            )
        }
        say("")
    }
}
