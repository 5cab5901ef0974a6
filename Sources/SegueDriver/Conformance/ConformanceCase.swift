import Foundation
import SegueDiagnostics
import SegueMachine
import SegueModel

/// One case of Segue's own conformance suite (`conformance/`): a flow and a transcript of inputs (`> send go`)
/// each followed by what must be observed, in order (`exit idle`, `emit moved`, `enter busy`).
///
///     let result = try ConformanceCase(flowPath: "conformance/06-microstep-order.yaml").run()
///     result.passed   // the observed transcript is the expected one
///
/// The format is plain text so that another implementation can run the same cases (conformance/README.md).
public struct ConformanceCase: Sendable {
    public let name: String
    public let flowPath: String
    public let transcriptPath: String

    /// The case of `NAME.yaml`, whose transcript is `NAME.trace` beside it.
    public init(flowPath: String) {
        self.flowPath = flowPath
        transcriptPath = String(flowPath.dropLast(".yaml".count)) + ".trace"
        name = PathName.stem(of: flowPath)
    }

    /// The cases of a directory, by name.
    public static func all(in directory: String) -> [ConformanceCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map {
            ConformanceCase(flowPath: PathName.appending($0, to: directory))
        }
    }

    /// What running the case's inputs observed, beside what its transcript expects.
    public struct Result: Sendable {
        public var expected: [String]
        public var observed: [String]
        public var passed: Bool { expected == observed }

        /// The first line where the two differ, for a failure message.
        public var firstDifference: String? {
            guard !passed else { return nil }
            let index =
                zip(expected, observed).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expected.count, observed.count)
            let want = index < expected.count ? expected[index] : "(end)"
            let got = index < observed.count ? observed[index] : "(end)"
            return "line \(index + 1): expected `\(want)`, observed `\(got)`"
        }
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Compiles the flow, replays the transcript's inputs from a fresh state and records what is observed.
    public func run() throws -> Result {
        let text: String
        do {
            text = try String(contentsOfFile: transcriptPath, encoding: .utf8)
        } catch {
            throw Failure(description: "\(name): no transcript at \(transcriptPath)")
        }
        let expected = text.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let program: Program
        do {
            program = try Compiler.compile(path: flowPath)
        } catch {
            throw Failure(description: "\(name): the flow does not compile: \(error)")
        }
        let machine = Machine(program: program)
        var state = MachineState()
        var observed: [String] = []
        for line in expected where line.hasPrefix("> ") {
            let command = String(line.dropFirst(2))
            observed.append(line)
            let input = try self.input(command, program: program, state: state)
            let step = machine.step(state, input)
            state = step.state
            observed += Self.observations(step)
        }
        return Result(expected: expected, observed: observed)
    }

    /// `launch`, `send EVENT`, `tap ELEMENT`, `tick DURATION`.
    private func input(_ command: String, program: Program, state: MachineState) throws -> Input {
        let words = command.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = words.count > 1 ? words[1] : ""
        switch words.first {
        case "launch":
            return .launch(LaunchEnvironment())
        case "send":
            switch SentEvent.input(argument, payload: .null, in: program) {
            case .success(let input): return input
            case .failure(let unhandled): throw Failure(description: "\(name): \(unhandled.message)")
            }
        case "tap":
            guard let top = state.topInstance, let path = program.path(argument, on: top.screen) else {
                throw Failure(description: "\(name): no element `\(argument)` on the top screen")
            }
            return .tap(path)
        case "tick":
            guard let span = ClockDuration(parsing: argument) else {
                throw Failure(description: "\(name): `\(argument)` is not a duration")
            }
            return .advanceTime(by: span)
        default:
            throw Failure(description: "\(name): unknown input `\(command)`")
        }
    }

    /// A step's observable lines: states entered and exited, events taken and ignored, output events in the
    /// order their `emit` ran, events the machine raised, timers firing, the end of the flow; an invoked session's
    /// own lines prefixed with its id (`[worker] enter busy`), and its start and end (`invoke worker`, `done worker`).
    static func observations(_ step: Step) -> [String] {
        var emitted = step.effects.compactMap { effect -> String? in
            if case .emit(let event, _) = effect { return event }
            return nil
        }[...]
        return step.trace.compactMap { observation($0, emitted: &emitted) }
    }

    private static func observation(_ entry: TraceEntry, emitted: inout ArraySlice<String>) -> String? {
        switch entry {
        case .stateEntered(_, let state): return "enter \(state)"
        case .stateExited(_, let state): return "exit \(state)"
        case .eventConsumed(let event, let by):
            return "event \(event) by \(by.split(separator: ".").last.map(String.init) ?? by)"
        case .ignored(let what, _): return "ignore \(what)"
        case .action("emit", _): return emitted.popFirst().map { "emit \($0)" }
        case .timerFired: return "timer"
        case .error(_, let handledBy, _) where handledBy.hasPrefix("raised as "):
            return "raise " + handledBy.dropFirst("raised as ".count)
        case .doneRaised(let event): return "raise " + event
        case .flowEnded: return "end"
        case .eventLimit: return "limit"
        case .session(let id, let inner): return observation(inner, emitted: &emitted).map { "[\(id)] \($0)" }
        case .sessionStarted(let id): return "invoke \(id)"
        case .sessionEnded(let id, let cancelled): return cancelled ? "cancel \(id)" : "done \(id)"
        default: return nil
        }
    }
}
