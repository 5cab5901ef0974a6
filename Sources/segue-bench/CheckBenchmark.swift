import Foundation
import SegueCheck
import SegueDiagnostics
import SegueExplore
import SegueMachine

/// `segue-bench check [--json]`: `segue check`'s exploration speed and memory on two models it explores completely —
/// six independent counters of 10 values each (10^6 states, the product of six 10-state regions) and a ring of
/// 10,000 screens — and, where Debian's `spin` is installed, SPIN's exhaustive search on the same product in Promela.
enum CheckBenchmark {
    /// Six buttons, each stepping its own counter 0…9 round, and an invariant over all: every combination is a state.
    static func product(regions: Int, states: Int) -> String {
        var text = "segue: 1\nflow: product\nstart: main\ndata:\n"
        for region in 0..<regions { text += "  r\(region): { type: int, default: 0 }\n" }
        // The invariant reads every counter: a counter nothing reads would be data nothing reads, one value.
        let bounded = (0..<regions).map { "r\($0) < \(states)" }.joined(separator: " && ")
        text += "invariants:\n  in_range: { holds: \"\(bounded)\" }\n"
        text += "screens:\n  main:\n    elements:\n"
        for region in 0..<regions {
            text += "      - button: step\(region)\n        label: Step \(region)\n"
            text += "        tap: { set: { r\(region): \"(r\(region) + 1) % \(states)\" } }\n"
        }
        return text
    }

    /// Screens s0…s(N-1), each with a button that replaces it with the next, round.
    static func ring(_ count: Int) -> String {
        var text = "segue: 1\nflow: ring\nstart: s0\nscreens:\n"
        for index in 0..<count {
            text += "  s\(index):\n    elements:\n      - button: next\n        label: Next\n"
            text += "        tap: { replace: s\((index + 1) % count) }\n"
        }
        return text
    }

    /// The same product in Promela: one process per region, each stepping its own byte.
    static func promela(regions: Int, states: Int) -> String {
        var text = (0..<regions).map { "byte r\($0);" }.joined(separator: "\n") + "\n"
        for region in 0..<regions {
            text +=
                "active proctype region\(region)() { do :: atomic { r\(region) = (r\(region) + 1) % \(states) } od }\n"
        }
        return text
    }

    struct Run {
        var name: String
        var states: Int
        var transitions: Int
        var seconds: Double
        /// The CPU time the exploration took: on a machine shared with builds, its cost apart from waiting.
        var cpuSeconds: Double
        var bytesPerState: Double
        var stoppedBy: String?
    }

    /// `expandAhead`: states expanded on a second thread while this one merges (`ExplorationBounds`); the CPU time
    /// is the process's, both threads'.
    static func explore(_ name: String, _ text: String, expandAhead: Bool = true) -> Run? {
        let loaded = FlowLoader().load(SourceFile(path: "\(name).yaml", text: text))
        guard let flow = loaded.flow, !loaded.hasErrors, let program = try? Compiler.compile(loaded) else { return nil }
        var bounds = ExplorationBounds(maxStates: 2_000_000, maxMemory: 6 << 30)
        bounds.expandAhead = expandAhead
        let cpuStart = cpuSeconds()
        let exploration = FlowExplorer(flow: flow, program: program).explore(bounds)
        let cpuSeconds = cpuSeconds() - cpuStart
        return Run(
            name: name, states: exploration.graph.count, transitions: exploration.graph.transitionCount,
            seconds: exploration.seconds, cpuSeconds: cpuSeconds,
            bytesPerState: Double(exploration.memoryGrowth) / Double(max(1, exploration.graph.count)),
            stoppedBy: exploration.stoppedBy)
    }

    /// SPIN's states, wall and CPU seconds on the product, or nil when `spin` or a C compiler is missing.
    static func spin(regions: Int, states: Int) -> (states: Int, seconds: Double, cpuSeconds: Double)? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bench-spin-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("product.pml")
        guard
            (try? promela(regions: regions, states: states).write(to: model, atomically: true, encoding: .utf8)) != nil,
            BenchCommand.output(["spin", "-a", "product.pml"], in: directory) != nil,
            BenchCommand.output(["cc", "-O2", "-DNOREDUCE", "-DSAFETY", "-o", "pan", "pan.c"], in: directory) != nil
        else { return nil }
        var output = ""
        // -m: depth-first search goes as deep as there are states; a shallower bound would cut the search short.
        let cpuStart = cpuSeconds(children: true)
        let seconds = time { output = BenchCommand.output(["./pan", "-m2000000", "-w26"], in: directory) ?? "" }
        let cpuSeconds = cpuSeconds(children: true) - cpuStart
        // "      1000000 states, stored"
        guard let line = output.split(separator: "\n").first(where: { $0.contains("states, stored") }),
            let stored = Int(line.split(separator: " ").first ?? "")
        else { return nil }
        return (stored, seconds, cpuSeconds)
    }

    static func main(_ arguments: [String]) -> Int32 {
        let json: Bool
        do {
            json = try BenchOptions(arguments, suite: "check", flags: ["--json"]).has("--json")
        } catch {
            return error.report()
        }
        var runs: [Run] = []
        // The product on one thread first, for the second thread's share.
        guard let alone = explore("product_6x10", product(regions: 6, states: 10), expandAhead: false) else {
            FileHandle.standardError.write(Data("segue-bench check: the product flow does not load\n".utf8))
            return 1
        }
        print(
            "product_6x10 on one thread: \(fixed(alone.seconds, 2)) s, "
                + "\(Int(Double(alone.states) / max(alone.seconds, 1e-9))) states/s (\(fixed(alone.cpuSeconds, 2)) CPU s)"
        )
        for (name, text) in [("product_6x10", product(regions: 6, states: 10)), ("ring_10000", ring(10_000))] {
            guard let run = explore(name, text) else {
                FileHandle.standardError.write(Data("segue-bench check: the \(name) flow does not load\n".utf8))
                return 1
            }
            runs.append(run)
            if name == "product_6x10" {
                print(
                    "product_6x10 expanded a batch ahead on a second thread: \(fixed(alone.seconds / max(run.seconds, 1e-9), 2))× "
                        + "the one-thread rate")
            }
            let rate = Double(run.states) / max(run.seconds, 1e-9)
            print(
                "\(run.name): \(run.states) states, \(run.transitions) transitions, \(fixed(run.seconds, 2)) s, "
                    + "\(Int(rate)) states/s (\(fixed(run.cpuSeconds, 2)) CPU s, "
                    + "\(Int(Double(run.states) / max(run.cpuSeconds, 1e-9))) per CPU s), "
                    + "\(Int(run.bytesPerState)) bytes/state"
                    + (run.stoppedBy.map { ", stopped by \($0)" } ?? ""))
        }
        let states = runs.map(\.states).reduce(0, +)
        let seconds = runs.map(\.seconds).reduce(0, +)
        let rate = Double(states) / max(seconds, 1e-9)
        let cpuRate = Double(states) / max(runs.map(\.cpuSeconds).reduce(0, +), 1e-9)
        let bytes = runs.map { $0.bytesPerState * Double($0.states) }.reduce(0, +) / Double(max(1, states))
        var ratio: Double?
        var cpuRatio: Double?
        if let spin = spin(regions: 6, states: 10) {
            let spinRate = Double(spin.states) / max(spin.seconds, 1e-9)
            ratio = (Double(runs[0].states) / max(runs[0].seconds, 1e-9)) / spinRate
            cpuRatio =
                (Double(runs[0].states) / max(runs[0].cpuSeconds, 1e-9))
                / (Double(spin.states) / max(spin.cpuSeconds, 1e-9))
            print(
                "spin: \(spin.states) states in \(fixed(spin.seconds, 2)) s (\(fixed(spin.cpuSeconds, 2)) CPU s), "
                    + "\(Int(spinRate)) states/s; segue/spin \(fixed(ratio ?? 0, 4)), by CPU time \(fixed(cpuRatio ?? 0, 4))"
            )
        } else {
            print("spin: not installed (apt-get install spin), no ratio")
        }
        print(
            "goal: ≥ 1,000,000 states/s and ≤ 200 bytes/state; measured \(Int(rate)) states/s "
                + "(\(Int(cpuRate)) per CPU second), \(Int(bytes)) bytes/state"
        )
        if json {
            var fields = [
                "\"states\": \(states)", "\"transitions\": \(runs.map(\.transitions).reduce(0, +))",
                "\"states_per_second\": \(Int(rate))", "\"states_per_cpu_second\": \(Int(cpuRate))",
                "\"bytes_per_state\": \(Int(bytes))",
                "\"peak_rss_mib\": \(fixed(peakRSSMiB(), 1))",
            ]
            if let ratio { fields.append("\"spin_ratio\": \(fixed(ratio, 4))") }
            if let cpuRatio { fields.append("\"spin_cpu_ratio\": \(fixed(cpuRatio, 4))") }
            print("{" + fields.joined(separator: ", ") + "}")
        }
        return 0
    }
}
