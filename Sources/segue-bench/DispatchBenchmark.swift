import Foundation
import SegueDiagnostics
import SegueModel
import SegueRuntime
import SegueYAML

/// `segue-bench dispatch`: loads, compiles and drives the peer benchmark machines (ring of 1,000 and 10,000
/// screens, nested depth 8) with the pattern next, next, back, and checks each ends where the peers end.
///
/// With `--json` the last line is one JSON object with, per shape, load/compile milliseconds and events per second
/// (untraced `MachineDriver.apply`, and traced `Machine.step`).
enum DispatchBenchmark {
    struct Shape {
        var name: String
        var yaml: String
        /// The top screen and its active states after `events` events, as the peers compute it.
        var expected: (Int) -> String
    }

    static func main(_ arguments: [String]) -> Int32 {
        var json = false
        var events = 3_000_000
        var only: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--json": json = true
            case "--shape":
                guard index < arguments.count else { return fail("--shape needs ring_1000, ring_10000 or nested_d8") }
                only = arguments[index]
                index += 1
            case "--events":
                guard index < arguments.count, let value = Int(arguments[index]), value > 0 else {
                    return fail("--events needs a positive whole number")
                }
                events = value - value % 3
                index += 1
            default:
                return fail(
                    "unknown option \(argument); usage: segue-bench dispatch [--json] [--events N] [--shape NAME]")
            }
        }
        var results: [String: [String: Double]] = [:]
        for shape in [ring(1000), ring(10_000), nested(depth: 8, leaves: 3)] where only == nil || only == shape.name {
            do {
                results[shape.name] = try measure(shape, events: events, json: json)
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
        let loaded = YAMLLoader().load(file)
        var decoder = FlowDecoder(file: file)
        guard let flow = decoder.decodeFlow(loaded.root), loaded.diagnostics.isEmpty, decoder.diagnostics.isEmpty else {
            throw BenchmarkFailure(
                description: (loaded.diagnostics + decoder.diagnostics).map(\.message).joined(separator: "; "))
        }
        let program = try Compiler.compile(flow)
        let loadTime = seconds(ContinuousClock.now - loadStart)
        let machine = Machine(program: program)
        guard let next = program.event(named: "next"), let back = program.event(named: "back") else {
            throw BenchmarkFailure(description: "the flow has no next/back events")
        }
        let pattern: [Input] = [
            .event(next, payload: .null), .event(next, payload: .null), .event(back, payload: .null),
        ]
        let launched = machine.step(MachineState(), .launch(LaunchEnvironment())).state
        var driver = MachineDriver(machine: machine, state: launched)
        let start = ContinuousClock.now
        var round = 0
        while round < events {
            driver.apply(pattern[round % 3])
            round += 1
        }
        let untraced = Double(events) / seconds(ContinuousClock.now - start)
        let reached = describe(driver.state, program)
        guard reached == shape.expected(events) else {
            throw BenchmarkFailure(description: "ended in \(reached), the peers end in \(shape.expected(events))")
        }
        let tracedEvents = max(3, events / 10)
        var state = launched
        let tracedStart = ContinuousClock.now
        for round in 0..<tracedEvents { state = machine.step(state, pattern[round % 3]).state }
        let traced = Double(tracedEvents) / seconds(ContinuousClock.now - tracedStart)
        if !json {
            print(
                "\(shape.name): load+compile \(String(format: "%.1f", loadTime * 1000)) ms, "
                    + "\(String(format: "%.2f", untraced / 1e6))M events/s untraced, "
                    + "\(String(format: "%.2f", traced / 1e6))M events/s traced; ends in \(reached)")
        }
        return ["load_ms": loadTime * 1000, "events_per_second": untraced, "traced_events_per_second": traced]
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

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("segue-bench dispatch: \(message)\n".utf8))
        return 2
    }
}
