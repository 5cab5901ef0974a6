import Foundation
import SegueDiagnostics
import SegueJSON
import SegueMachine

/// `segue-bench dispatch`: loads, compiles and drives the peer benchmark machines (ring of 1,000 and 10,000
/// screens, nested depth 8) with the pattern next, next, back, and checks each ends where the peers end.
///
/// With `--json` the last line is one JSON object with, per shape, load/compile milliseconds, events per second
/// (untraced `MachineDriver.apply`, and traced `Machine.step`), states hashed and copied per second, and, when the
/// Python peers are set up (`--peers DIR`, default `.build/peers`), their events per second measured in the same run
/// and Segue's ratio to each.
enum DispatchBenchmark {
    struct Shape {
        var name: String
        var yaml: String
        /// The top screen and its active states after `events` events, as the peers compute it.
        var expected: (Int) -> String
    }

    static func main(_ arguments: [String]) -> Int32 {
        let shapes = [ring(1000), ring(10_000), nested(depth: 8, leaves: 3)]
        let json: Bool
        let events: Int
        let only: String?
        let peers: String?
        do throws(BenchOptions.Misuse) {
            let options = try BenchOptions(
                arguments, suite: "dispatch", flags: ["--json", "--no-peers"],
                values: ["--events": "N", "--shape": "NAME", "--peers": "DIR"])
            json = options.has("--json")
            let count = try options.positiveInt("--events", default: 3_000_000)
            events = max(3, count - count % 3)
            only = options.text("--shape")
            if let only, !shapes.contains(where: { $0.name == only }) {
                throw options.misuse("--shape needs \(shapes.map(\.name).joined(separator: ", ")), not \(only)")
            }
            peers = options.has("--no-peers") ? nil : options.text("--peers", default: ".build/peers")
        } catch {
            return error.report()
        }
        var results: [String: [String: Double]] = [:]
        if let peers { PeerSetup.prepare(peers, quiet: json) }
        let runner = peers.flatMap(PeerRunner.init)
        if peers != nil, runner == nil, !json {
            print("peers: not set up in \(peers ?? "") (see docs/library.md, Performance); Segue alone")
        }
        for shape in shapes where only == nil || only == shape.name {
            do {
                var result = try measure(shape, events: events, json: json)
                if let runner { result.merge(runner.compare(shape.name, result, json: json)) { $1 } }
                results[shape.name] = result
            } catch {
                return fail("\(shape.name): \(error)")
            }
        }
        if json, let data = try? JSONSerialization.data(withJSONObject: results, options: [.sortedKeys]) {
            print(String(decoding: data, as: UTF8.self))
        }
        return 0
    }

    struct BenchmarkFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func measure(_ shape: Shape, events: Int, json: Bool) throws -> [String: Double] {
        let loadStart = ContinuousClock.now
        let file = SourceFile(path: "\(shape.name).yaml", text: shape.yaml)
        let program = try Compiler.compile(file)
        let loadTime = seconds(ContinuousClock.now - loadStart)
        let machine = Machine(program: program)
        guard let next = program.event(named: "next"), let back = program.event(named: "back") else {
            throw BenchmarkFailure(description: "the flow has no next/back events")
        }
        let pattern: [Input] = [
            .event(next, payload: .null), .event(next, payload: .null), .event(back, payload: .null),
        ]
        let launched = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        // The median of five runs from the launched state (the peers report the median of theirs), each checked,
        // after one run that warms caches and clocks up and is not counted.
        var rates: [Double] = []
        var driver = MachineDriver(machine: machine, state: launched)
        for _ in 0..<6 {
            driver = MachineDriver(machine: machine, state: launched)
            let (first, second, third) = (pattern[0], pattern[1], pattern[2])
            let start = ContinuousClock.now
            for _ in 0..<(events / 3) {
                driver.apply(first)
                driver.apply(second)
                driver.apply(third)
            }
            rates.append(Double(events) / seconds(ContinuousClock.now - start))
            let reached = describe(driver.state, program)
            guard reached == shape.expected(events) else {
                throw BenchmarkFailure(
                    description: "ended in \(reached), the peers end in \(shape.expected(events))")
            }
        }
        let untraced = rates.dropFirst().sorted()[2]
        let reached = describe(driver.state, program)
        let tracedEvents = max(3, events / 10)
        var state = launched
        let tracedStart = ContinuousClock.now
        for round in 0..<tracedEvents { state = machine.step(state, pattern[round % 3]).state }
        let traced = Double(tracedEvents) / seconds(ContinuousClock.now - tracedStart)
        let (hashed, copied) = hashAndCopyRates(driver.state, machine: machine, input: pattern[0])
        if !json {
            print(
                "\(shape.name): load+compile \(String(format: "%.1f", loadTime * 1000)) ms, "
                    + "\(String(format: "%.2f", untraced / 1e6))M events/s untraced, "
                    + "\(String(format: "%.2f", traced / 1e6))M events/s traced; ends in \(reached); "
                    + "states: \(String(format: "%.2f", hashed / 1e6))M hashed/s, "
                    + "\(String(format: "%.2f", copied / 1e6))M copied+stepped+hashed/s")
        }
        return [
            "load_ms": loadTime * 1000, "events_per_second": untraced, "traced_events_per_second": traced,
            "state_hashes_per_second": hashed, "state_copy_step_hash_per_second": copied,
        ]
    }

    /// What exhaustive exploration pays per state, in states per second: hashing a state (as a visited set does),
    /// and copying a state, applying one input to the copy and hashing the result (one successor).
    static func hashAndCopyRates(_ state: MachineState, machine: Machine, input: Input) -> (Double, Double) {
        let rounds = 200_000
        var sink = 0
        let hashStart = ContinuousClock.now
        for round in 0..<rounds {
            var hasher = Hasher()
            hasher.combine(round)
            hasher.combine(state)
            sink &+= hasher.finalize()
        }
        let hashed = Double(rounds) / seconds(ContinuousClock.now - hashStart)
        let copyStart = ContinuousClock.now
        for _ in 0..<rounds {
            var successor = state
            _ = machine.apply(input, to: &successor)
            sink &+= successor.hashValue
        }
        let copied = Double(rounds) / seconds(ContinuousClock.now - copyStart)
        // Keeps the loops from being optimized away.
        if sink == 42 { print("") }
        return (hashed, copied)
    }

    /// The top screen and its active leaf states: `s1`, `n0/n7b`.
    static func describe(_ state: MachineState, _ program: Program) -> String {
        guard let top = state.topInstance else { return "nothing" }
        let screen = program.screens[top.screen]
        let leaves = top.states.filter { screen.states[$0].children.isEmpty }.map { screen.states[$0].name }
        return ([screen.name] + leaves).joined(separator: "/")
    }

    /// `s0 … s(n-1)`: `next` replaces the screen with the following one, `back` with the previous one.
    static func ring(_ count: Int) -> Shape {
        var yaml = "segue: 1\nflow: ring\nstart: s0\nscreens:\n"
        for index in 0..<count {
            yaml += "  s\(index):\n    on:\n"
            yaml += "      next: [{ replace: s\((index + 1) % count) }]\n"
            yaml += "      back: [{ replace: s\((index + count - 1) % count) }]\n"
        }
        // Each next, next, back moves one screen on.
        return Shape(name: "ring_\(count)", yaml: yaml) { events in "s\((events / 3) % count)" }
    }

    /// Screen `n0` holds states n0a…, and n1 holding n1a… and n2, down to n(depth-1); `next`/`back` are handled
    /// only by the screen, so dispatch walks up from the deepest leaf.
    static func nested(depth: Int, leaves: Int) -> Shape {
        let letters = "abcdefghijklmnopqrstuvwxyz".prefix(leaves).map(String.init)
        let last = depth - 1
        func level(_ k: Int, indent: Int) -> String {
            let pad = String(repeating: " ", count: indent)
            var text = ""
            for letter in letters { text += "\(pad)n\(k)\(letter): {}\n" }
            if k < last {
                text +=
                    "\(pad)n\(k + 1):\n\(pad)  initial: \(k + 1 == last ? "n\(last)a" : "n\(k + 2)")\n\(pad)  states:\n"
                text += level(k + 1, indent: indent + 4)
            }
            return text
        }
        var yaml = "segue: 1\nflow: nested\nstart: n0\nscreens:\n  n0:\n"
        yaml += "    initial_state: n1\n    on:\n      next: [{ goto: n\(last)b }]\n      back: [{ goto: n\(last)a }]\n"
        yaml += "    states:\n" + level(0, indent: 6)
        return Shape(name: "nested_d\(depth)", yaml: yaml) { _ in "n0/n\(last)a" }
    }

    /// Runs the Python peers' benchmark workers (`bench.py --worker`) on the same shapes, when a copy of the peers
    /// folder with generated machines (`gen/`) is there, with a Python (`.venv/bin/python`, else `python3`) that
    /// has the peer libraries (sismic, transitions, python-statemachine; the plain-dict reference needs none).
    struct PeerRunner {
        var folder: String
        var python: String

        init?(_ folder: String) {
            let files = FileManager.default
            guard files.fileExists(atPath: folder + "/bench.py"), files.fileExists(atPath: folder + "/gen") else {
                return nil
            }
            self.folder = folder
            python = files.isExecutableFile(atPath: folder + "/.venv/bin/python") ? ".venv/bin/python" : "python3"
        }

        /// The peers' events per second on a shape, and Segue's untraced rate over each.
        func compare(_ shape: String, _ segue: [String: Double], json: Bool) -> [String: Double] {
            var result: [String: Double] = [:]
            let rate = segue["events_per_second"] ?? 0
            for peer in ["sismic", "transitions", "pystatemachine", "plain"] {
                guard let peerRate = run(peer, shape) else {
                    if !json { print("  \(peer): unavailable") }
                    continue
                }
                result["\(peer)_events_per_second"] = peerRate
                result["ratio_to_\(peer)"] = rate / peerRate
                if !json {
                    print(
                        "  \(peer) (Python): \(String(format: "%.0f", peerRate)) events/s; Segue untraced "
                            + "\(String(format: "%.1f", rate / peerRate))×")
                }
            }
            return result
        }

        /// One worker run (about a second of events); nil when the peer cannot run here.
        func run(_ peer: String, _ shape: String) -> Double? {
            let spec = #"{"task": "run", "lib": "\#(peer)", "tag": "\#(shape)", "reps": 3, "target_s": 1}"#
            guard
                let output = BenchCommand.output(
                    [python, "bench.py", "--worker", spec], in: URL(fileURLWithPath: folder)),
                let line = output.split(separator: "\n").last(where: {
                    $0.hasPrefix("RESULT ")
                }),
                let rates = (try? JSON.parse(String(line.dropFirst(7))))?["rates"]?.array?.compactMap(\.double),
                !rates.isEmpty
            else { return nil }
            return rates.sorted()[rates.count / 2]
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("segue-bench dispatch: \(message)\n".utf8))
        return 2
    }
}
