import Foundation
import SegueCheck
import SegueDiagnostics
import SegueExplore
import SegueFrontEnd
import SegueMachine

/// Set by Ctrl-C while `segue check` explores, so it stops and reports what it found so far.
nonisolated(unsafe) private var interruptRequested: sig_atomic_t = 0

/// `segue check FLOW…`: explore every reachable state of each flow and report what breaks, with the shortest run.
enum CheckCommand: SegueCommand {
    static let name = "check"
    static let summary = "Explore every reachable state of a flow and prove its properties (exit 1 on findings)"
    static let synopsis = ["FLOW…"]
    static let about = """
        Explores every state each flow can reach from launch, over every input and every outcome of
        every service call (docs/check.md), and reports broken invariants, unreachable `reachable:`
        goals, lost `always_possible:` conditions and the built-in findings (S001–S011 in
        docs/diagnostics.md), each with the shortest run that shows it. A directory is searched for
        flow files.
        """
    static let options = [
        CommandOption(
            "--format", value: "FORMAT", help: "human (default), json, github or sarif, as in `segue validate`",
            completion: .words(CommandOption.diagnosticsFormat)),
        CommandOption(
            "--allow", value: "CODES", help: "accept these finding codes on purpose (comma-separated)",
            completion: .text),
        CommandOption(
            "--scope", value: "N|none", help: "lists the flow grows itself hold at most N items (default 3); whole",
            "numbers it counts stay within the largest number it writes (at least ±8); a clean result says the",
            "scope when a step was cut by it; `none` explores without a scope until a bound stops it",
            completion: .words(["none"])),
        CommandOption(
            "--max-states", value: "N", help: "stop after N distinct states (default 1000000)", completion: .text),
        CommandOption("--max-depth", value: "N", help: "do not go beyond N steps from launch", completion: .text),
        CommandOption(
            "--max-memory", value: "SIZE", help: "stop when the explorer has grown by SIZE (512M, 2G; default 2G)",
            completion: .text),
        CommandOption("--max-time", value: "SECONDS", help: "stop after this much wall-clock time", completion: .text),
        CommandOption(
            "--trace-out", value: "DIR", help: "write each finding's run as a REPL trace (load FILE) and, for a broken",
            "invariant, a scenario that fails until the bug is fixed", completion: .directory),
        CommandOption(
            "--scenarios", value: "DIR", help: "write scenario files that together take every transition found",
            "(shortest paths merged greedily; fill in their `covers:`)", completion: .directory),
        CommandOption(
            "--interleave", help: "try every input while a call is pending (default: only back and swipe to dismiss),",
            "for races between the user and a request"),
        CommandOption(
            "--quiet", help: "no progress line and no summary (progress: a line every 5 s on standard error when it",
            "is not a terminal)"),
        CommandOption.root,
    ]
    static let notes = """
        exit status: 0 explored completely (within the scope), no finding; 1 findings (or the flow
                     does not validate); 2 usage or I/O trouble; 3 --max-states, --max-depth,
                     --max-memory or --max-time stopped the exploration before it finished

        example: segue check flows/donate.yaml
        """

    static func run(_ arguments: [String]) async -> Int32 {
        signal(SIGINT) { _ in interruptRequested = 1 }
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: Self.options)
        } catch {
            printError("segue check: \(error)\n\(usage)")
            return 2
        }
        guard !parsed.positional.isEmpty else {
            printError("segue check: name at least one flow file or directory\n\(usage)")
            return 2
        }
        guard let format = DiagnosticRenderer.Format(rawValue: parsed.options["--format"] ?? "human") else {
            printError("segue check: unknown format; use human, json, github or sarif")
            return 2
        }
        var bounds = ExplorationBounds()
        for (option, apply) in [
            ("--max-states", { (value: Int) in bounds.maxStates = value }),
            ("--max-depth", { (value: Int) in bounds.maxDepth = value }),
        ] {
            guard let text = parsed.options[option] else { continue }
            guard let value = Int(text), value > 0 else {
                printError("segue check: \(option) takes a positive whole number, not `\(text)`")
                return 2
            }
            apply(value)
        }
        if let text = parsed.options["--scope"] {
            guard text == "none" || (Int(text) ?? 0) > 0 else {
                printError("segue check: --scope takes a positive whole number of list items or `none`, not `\(text)`")
                return 2
            }
            bounds.scopeListItems = Int(text)
        }
        if let text = parsed.options["--max-time"] {
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                printError("segue check: --max-time takes a positive number of seconds, not `\(text)`")
                return 2
            }
            bounds.maxSeconds = seconds
        }
        if let text = parsed.options["--max-memory"] {
            guard let bytes = ExplorationBounds.bytes(text) else {
                printError("segue check: --max-memory takes a size such as 512M or 2G, not `\(text)`")
                return 2
            }
            bounds.maxMemory = bytes
        }
        bounds.interleave = parsed.switches.contains("--interleave")
        let allowed = Set((parsed.options["--allow"] ?? "").split(separator: ",").map(String.init))
        let unknown = allowed.filter { CheckFinding.Code(rawValue: $0) == nil }
        guard unknown.isEmpty else {
            printError("segue check: --allow: no finding has the code \(unknown.sorted().joined(separator: ", "))")
            return 2
        }
        var files: [String] = []
        for path in parsed.positional {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                printError("segue check: \(path): no such file or directory")
                return 2
            }
            do {
                guard isDirectory.boolValue else {
                    files.append(path)
                    continue
                }
                let scan = try FlowDirectory.scan(path)
                scan.passedOver.forEach { printError("segue check: \($0)") }
                files += scan.flows
            } catch {
                printError("segue check: \(error)")
                return 2
            }
        }
        let quiet = parsed.switches.contains("--quiet")
        let color = format == .human && isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        var renderer = DiagnosticRenderer(format: format, color: color)
        var all: [Diagnostic] = []
        var stopped = false
        for file in files {
            let loaded = FlowLoader().load(path: file)
            loaded.sources.forEach { renderer.add($0) }
            guard let flow = loaded.flow, !loaded.hasErrors else {
                all += loaded.diagnostics.filter { $0.severity == .error }
                continue
            }
            let program: Program
            do {
                program = try Compiler.compile(loaded)
            } catch {
                printError("segue check: \(file): \(error)")
                return 2
            }
            // At a terminal one line rewritten twice a second; under a pipe or in a log, a line every 5 s.
            let terminal = isatty(2) == 1
            var lastLine = 0.0
            let exploration = FlowExplorer(flow: flow, program: program).explore(
                bounds,
                progress: { progress in
                    guard !quiet, terminal || progress.seconds - lastLine >= 5 else { return }
                    lastLine = progress.seconds
                    let rate = Int(Double(progress.states) / max(progress.seconds, 0.001))
                    let line =
                        "\(file): \(Plural.english(progress.states, "state")), frontier \(progress.frontier), "
                        + "depth \(progress.depth), \(rate) states/s"
                    FileHandle.standardError.write(Data((terminal ? "\r" + line : line + "\n").utf8))
                }, shouldStop: { interruptRequested != 0 })
            if !quiet, terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            let findings = exploration.findings.filter { !allowed.contains($0.code.rawValue) }
            all += findings.map(\.diagnostic)
            if let directory = parsed.options["--trace-out"], !findings.isEmpty {
                do {
                    let written = try CounterexampleFiles.write(
                        findings, flow: flow, program: program, flowPath: file, to: directory)
                    if !quiet { written.forEach { printError("wrote \($0)") } }
                } catch {
                    printError("segue check: --trace-out \(directory): \(error.localizedDescription)")
                    return 2
                }
            }
            if let directory = parsed.options["--scenarios"] {
                do {
                    let written = try TransitionScenarios.write(
                        exploration, flow: flow, program: program, flowPath: file, to: directory)
                    if !quiet {
                        let runs = Plural.english(written.skippedRuns, "run")
                        let skipped = written.skippedRuns == 0 ? "" : ", \(runs) not writable"
                        printError(
                            "wrote \(Plural.english(written.files.count, "scenario")) to \(directory): "
                                + "\(Plural.english(written.covered, "transition")) taken, \(written.leftOut) a scenario "
                                + "cannot take\(skipped)")
                    }
                } catch {
                    printError("segue check: --scenarios \(directory): \(error.localizedDescription)")
                    return 2
                }
            }
            if !quiet {
                let pruned =
                    exploration.prunedCalls == 0
                    ? "" : ", \(Plural.english(exploration.prunedCalls, "step")) repeating a pending call not followed"
                printError(
                    "\(file): \(Plural.english(exploration.graph.count, "state")), "
                        + "\(Plural.english(exploration.graph.transitionCount, "transition")), "
                        + "depth \(exploration.depth), \(String(format: "%.1f", exploration.seconds)) s"
                        + ", \(exploration.memoryGrowth >> 20) MiB\(pruned)")
                if let within = exploration.scopeNote, exploration.stoppedBy == nil {
                    printError("\(file): explored \(within)")
                }
            }
            if let reason = exploration.stoppedBy {
                stopped = true
                printError("segue check: \(file): stopped by \(reason) before every state was explored")
            }
        }
        print(renderer.render(all), terminator: "")
        if !all.isEmpty { return 1 }
        return stopped ? 3 : 0
    }
}
