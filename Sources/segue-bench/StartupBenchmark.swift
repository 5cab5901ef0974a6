import Foundation

/// `segue-bench startup`: how long a CI step waits for `segue validate flows/donate.yaml`, process start included.
///
/// Starts each binary (the static build and the dynamic one beside it) `--runs` times with posix_spawn and reports
/// the median wall time from spawn to exit, and the median CPU time the child used. It builds nothing: it takes
/// `--static PATH` and `--dynamic PATH`, or finds `.build/static/release/segue` and `.build/release/segue`.
/// With `--json` the last line is one JSON object: `validate_ms` (the static build's median wall time, the goal's
/// figure), `validate_cpu_ms`, `help_ms`, and the same for the dynamic build as `dynamic_validate_ms`, …
enum StartupBenchmark {
    struct Figures {
        var wallMilliseconds: Double
        var cpuMilliseconds: Double
    }

    static func main(_ arguments: [String]) -> Int32 {
        let json: Bool
        let runs: Int
        let flow: String
        let binaries: [(String, String)]
        do {
            let options = try BenchOptions(
                arguments, suite: "startup", flags: ["--json"],
                values: ["--runs": "N", "--static": "PATH", "--dynamic": "PATH", "--flow": "FILE"])
            json = options.has("--json")
            runs = try options.positiveInt("--runs", default: 50)
            flow = options.text("--flow", default: "flows/donate.yaml")
            binaries = [
                ("static", options.text("--static", default: ".build/static/release/segue")),
                ("dynamic", options.text("--dynamic", default: ".build/release/segue")),
            ]
        } catch {
            return error.report()
        }
        let found = binaries.filter { FileManager.default.isExecutableFile(atPath: $0.1) }
        for (name, path) in binaries where !found.contains(where: { $0.0 == name }) {
            FileHandle.standardError.write(Data("segue-bench startup: no \(name) build at \(path)\n".utf8))
        }
        guard !found.isEmpty else {
            return fail(
                "build one first: swift build -c release --static-swift-stdlib --scratch-path .build/static "
                    + "(static), swift build -c release (dynamic)")
        }
        var report: [String: Double] = ["runs": Double(runs)]
        for (name, path) in found {
            guard let validate = measure(path, ["validate", flow], runs: runs),
                let help = measure(path, ["help"], runs: runs)
            else { return fail("\(path) could not be started or did not finish (exit status 2 or a signal)") }
            let prefix = name == "static" ? "" : "dynamic_"
            report[prefix + "validate_ms"] = validate.wallMilliseconds
            report[prefix + "validate_cpu_ms"] = validate.cpuMilliseconds
            report[prefix + "help_ms"] = help.wallMilliseconds
            if !json {
                print(
                    "\(name) (\(path)): validate \(flow) \(fixed(validate.wallMilliseconds, 1)) ms wall, "
                        + "\(fixed(validate.cpuMilliseconds, 1)) ms CPU; help \(fixed(help.wallMilliseconds, 1)) ms "
                        + "wall (medians of \(runs))")
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            guard let data = try? encoder.encode(report.mapValues { ($0 * 100).rounded() / 100 }) else { return 2 }
            print(String(decoding: data, as: UTF8.self))
        } else {
            print("goal: validate_ms ≤ 20 (the static build's median wall time)")
        }
        return 0
    }

    /// Medians over `runs` starts of `path arguments`, output discarded; nil if it cannot be started or fails.
    static func measure(_ path: String, _ arguments: [String], runs: Int) -> Figures? {
        var walls: [Double] = []
        var cpus: [Double] = []
        for _ in 0..<runs {
            guard let run = spawn(path, arguments) else { return nil }
            walls.append(run.wallMilliseconds)
            cpus.append(run.cpuMilliseconds)
        }
        return Figures(wallMilliseconds: median(walls), cpuMilliseconds: median(cpus))
    }

    /// One start: posix_spawn to wait4, with the child's CPU time from its resource usage.
    static func spawn(_ path: String, _ arguments: [String]) -> Figures? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { return nil }
        let elapsed = ContinuousClock.now - start
        // Exit 0 or 1 (the flow has errors) is a finished run; anything else (a crash, usage trouble) is not.
        guard status & 0x7F == 0, (status >> 8) & 0xFF <= 1 else { return nil }
        let wall = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) * 1e-15
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
        return Figures(wallMilliseconds: wall, cpuMilliseconds: cpu)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("segue-bench startup: \(message)\n".utf8))
        return 2
    }
}
