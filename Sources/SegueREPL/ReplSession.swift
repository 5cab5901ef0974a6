import Foundation
import SegueCheck
import SegueDiagnostics
import SegueDriver
import SegueExpression
import SegueMachine
import SegueModel
import SegueRuntime

/// The REPL's engine: runs one command line at a time against a flow on its embedded services and answers with
/// the text to print. It needs no terminal, so golden transcripts and tests drive it directly.
///
///     let session = try await ReplSession.open(path: "flows/donate.yaml", options: ServiceOptions())
///     print(await session.start())
///     print(await session.execute("tap donate").text)
public final class ReplSession {
    /// What one command printed, and whether it failed or asked to quit.
    public struct Reply: Sendable, Hashable {
        public var text: String
        public var failed: Bool
        public var quit: Bool

        public init(text: String, failed: Bool = false, quit: Bool = false) {
            self.text = text
            self.failed = failed
            self.quit = quit
        }
    }

    /// Why a session could not start.
    public enum OpenError: Error, Sendable, CustomStringConvertible {
        /// The flow file has errors (or could not be read): render `result.diagnostics`.
        case invalidFlow(FlowLoadResult)
        /// The file is a library of components, not a flow with screens.
        case notAFlow(String)
        case services(String)
        /// `admit` refused what the flow reaches (it said why).
        case refused(String)

        public var description: String {
            switch self {
            case .invalidFlow(let result):
                let count = result.diagnostics.filter { $0.severity == .error }.count
                return "\(result.path) has \(Plural.english(count, "error")); fix them with `segue validate` first"
            case .notAFlow(let path):
                return "\(path) is a library of components, not a flow: it has no screens to step through"
            case .services(let message): return "the embedded services could not start: \(message)"
            case .refused(let path): return "\(path) was not run: it is not trusted"
            }
        }
    }

    /// One point on the timeline undo and redo move along: the step that led here and the state after it.
    struct Moment {
        var step: TimelineStep
        var state: MachineState
        var device: DeviceProfile
        /// The service calls the command made, so a saved session replays with the same outcomes.
        var calls: [ServiceCallRecord]
        var steps: [Step]
    }

    public let flow: Flow
    public let program: Program
    /// The locale chosen over the flow's `locale:` (`--locale`), if any.
    public let localeOverride: String?
    public let embedded: EmbeddedServices
    public var style: ReplStyle
    let driver: FlowDriver
    let invariants: FlowInvariants
    var timeline: [Moment] = []
    var position = 0

    /// `locale` (`en`, `ru-RU`) replaces the flow's `locale:` for the built-in texts, like `--locale`.
    public init(
        checked: CheckedFlow, embedded: EmbeddedServices, device: DeviceProfile = .standard, style: ReplStyle = .plain,
        locale: String? = nil
    ) {
        self.flow = checked.flow
        self.embedded = embedded
        self.style = style
        localeOverride = locale
        var compiled = Compiler.compile(checked)
        if let locale { compiled.locale = locale }
        program = compiled
        driver = FlowDriver(program: program, embedded: embedded, device: device)
        invariants = FlowInvariants(program: program)
    }

    /// Loads and checks `path`, refusing a flow with errors, builds its embedded services and compiles it.
    /// `admit`, when given, sees what the flow reaches (its commands and servers) before any service is built and
    /// says whether its commands may start; nil refuses the run (`segue repl` and `serve`: `RunTrust`).
    public static func open(
        path: String, options: ServiceOptions, device: DeviceProfile = .standard, style: ReplStyle = .plain,
        locale: String? = nil, admit: ((FlowReach) -> CommandPolicy?)? = nil
    ) async throws(OpenError) -> ReplSession {
        let result = FlowLoader().load(path: path)
        guard result.role == .flow || result.hasErrors else { throw .notAFlow(path) }
        guard let checked = result.checked else { throw .invalidFlow(result) }
        let options = try admitted(options, flow: checked.flow, path: path, admit: admit)
        let embedded: EmbeddedServices
        do {
            embedded = try await EmbeddedServices.make(for: checked.flow, options: options)
        } catch {
            throw .services(error.description)
        }
        return ReplSession(checked: checked, embedded: embedded, device: device, style: style, locale: locale)
    }

    /// `options` with the command policy `admit` gives for what `flow` reaches (unchanged without `admit`);
    /// `.refused` when it gives none.
    public static func admitted(
        _ options: ServiceOptions, flow: Flow, path: String, admit: ((FlowReach) -> CommandPolicy?)?
    ) throws(OpenError) -> ServiceOptions {
        guard let admit else { return options }
        guard let policy = admit(FlowReach(flow: flow, options: options)) else { throw .refused(path) }
        var options = options
        options.commands = policy
        return options
    }

    /// The machine's current state.
    public var state: MachineState { driver.state }
    /// The top screen as shown now.
    public var view: ScreenView? { driver.view }
    public var device: DeviceProfile { driver.device }

    /// Launches the flow and returns the first screen.
    public func start() async -> String {
        let steps = await driver.launch()
        timeline = [
            Moment(step: .launch, state: driver.state, device: driver.device, calls: driver.calls, steps: steps)
        ]
        position = 0
        let intro = style.dim(
            "\(flow.id.text): \(Plural.english(program.screens.count, "screen")) · device \(driver.device.name) · `help` lists the commands, Tab completes"
        )
        // The servers' lines keep their paths whole: who chose the server matters more than a short line.
        let servers = embedded.serverBanners.map(style.dim)
        let screen = relative(
            (ChangePrinter(style: style, dataDirectory: embedded.directory).render(steps: steps, calls: driver.calls)
                + screenLines()).joined(separator: "\n"))
        return style.terminal(([relative(intro)] + servers + [screen].filter { !$0.isEmpty }).joined(separator: "\n"))
    }

    /// Runs one command line; a mistake is a reply with `failed` set, never a thrown error. Control and bidi
    /// characters from the flow or its services are shown escaped (`\u{1B}`), never raw (`ReplStyle.terminal`).
    public func execute(_ line: String) async -> Reply {
        await answer { await self.run(line) }
    }

    /// Takes one step, as its command line would (`segue serve`'s page posts steps). `typing` says the step is
    /// the text of a field as someone types it: an edit of the field the step shown now edited (with no call
    /// between) joins that step, so the timeline holds one edit per field, as a device's undo does.
    public func perform(_ step: UserStep, typing: Bool = false) async -> Reply {
        await answer { await self.run(step, typing: typing) }
    }

    private func answer(_ body: () async -> Reply) async -> Reply {
        // Commands need a launched flow; a caller that skipped `start` gets one silently.
        if timeline.isEmpty { _ = await start() }
        var reply = await body()
        reply.text = style.terminal(relative(reply.text))
        return reply
    }

    /// Paths inside the data directory are shown relative to it, so output does not depend on where it is.
    private func relative(_ text: String) -> String {
        text.replacingOccurrences(of: embedded.directory + "/", with: "")
    }

    private func run(_ line: String) async -> Reply {
        let command: ReplCommand
        do {
            command = try ReplCommand.parse(line)
        } catch {
            return failure(error.description)
        }
        switch command {
        case .step(let step): return await run(step)
        case .empty: return Reply(text: "")
        case .quit: return Reply(text: "", quit: true)
        case .help(let topic): return help(topic)
        case .state: return Reply(text: stateText())
        case .data(nil): return Reply(text: dataText())
        case .data(let name?): return variableText(name)
        case .stack: return Reply(text: stackText())
        case .trace: return Reply(text: traceText())
        case .history: return Reply(text: historyText())
        case .undo: return await travel(by: -1)
        case .redo: return await travel(by: 1)
        case .save(let path): return save(to: path)
        case .load(let path): return await load(from: path)
        case .device(nil): return Reply(text: deviceText())
        case .device(let name?): return await changeDevice(name)
        }
    }

    private func run(_ step: UserStep, typing: Bool = false) async -> Reply {
        switch step {
        case .outcome(let call, let outcome): return await scriptOutcome(call, outcome)
        case .restart: return await record(.user(step)) { await self.driver.launch() }
        case .tick(let span): return await record(.user(step)) { await self.driver.advance(by: span) }
        case .send(let name, let payload):
            // Any name may be sent (`SentEvent`); one no handler takes is dropped with a warning, as SCXML drops it.
            switch SentEvent.input(name, payload: payload, in: program) {
            case .success(let input): return await record(.user(step)) { await self.driver.send(input) }
            case .failure(let unhandled): return Reply(text: style.yellow("warning: ") + unhandled.message)
            }
        default:
            switch input(for: step) {
            case .success(let input):
                return await record(.user(step), joining: typing && typesOn(step)) { await self.driver.send(input) }
            case .failure(let problem): return failure(problem.message)
            }
        }
    }

    /// The rendered top screen.
    func screenLines() -> [String] {
        guard let view = driver.view else { return [style.dim("(no screen is shown)")] }
        return ScreenPrinter(
            style: style, dataDirectory: embedded.directory, messages: driver.machine.messages(in: driver.state)
        ).render(view)
    }

    func failure(_ message: String) -> Reply {
        Reply(text: style.red("error: ") + message, failed: true)
    }

    /// Whether `step` edits the field that the step shown now edited, which made no call: typing on in it.
    private func typesOn(_ step: UserStep) -> Bool {
        guard position > 0, case .user(let last) = timeline[position].step, timeline[position].calls.isEmpty,
            let field = step.editedField
        else { return false }
        return last.editedField == field
    }

    /// Runs an input that changes the state, adds the result to the timeline and prints what changed and the screen.
    /// `joining`: the step takes the place of the one shown now (typing on in a field) unless it makes a call.
    func record(_ step: TimelineStep, joining: Bool = false, _ body: () async -> [Step]) async -> Reply {
        // Like an SPAlert, a shown alert is gone by the time the user does the next thing.
        if driver.state.alert != nil { await driver.send(.dismissAlert) }
        let shownBefore = screenLines()
        let clockBefore = driver.state.now
        let before = driver.calls.count
        let steps = await body()
        let calls = Array(driver.calls[before...])
        let moment = Moment(step: step, state: driver.state, device: driver.device, calls: calls, steps: steps)
        var lines = ChangePrinter(style: style, dataDirectory: embedded.directory).render(steps: steps, calls: calls)
        if driver.state.now != clockBefore {
            lines.insert("• time \(driver.state.now)", at: 0)
        }
        // Typed back to the text before the typing began, the typing step goes: nothing changed.
        let base = joining && calls.isEmpty ? position - 1 : position
        if moment.state == timeline[base].state {
            if base < position {
                timeline.removeSubrange((base + 1)...)
                position = base
            }
            lines.append(style.dim("(nothing changed)"))
            return Reply(text: lines.joined(separator: "\n"))
        }
        timeline.removeSubrange((base + 1)...)
        timeline.append(moment)
        position = base + 1
        lines += invariants.broken(in: driver.state).map { style.red("✗ \($0)") }
        let shown = screenLines()
        return Reply(
            text: (lines + (shown == shownBefore ? [style.dim("(same screen)")] : shown)).joined(separator: "\n"))
    }

    /// Undo (`-1`) or redo (`+1`): puts the machine back into a state of the timeline.
    func travel(by offset: Int) async -> Reply {
        let target = position + offset
        guard timeline.indices.contains(target) else {
            return failure(offset < 0 ? "nothing to undo: this is the launch state" : "nothing to redo")
        }
        let what =
            offset < 0 ? "undid `\(timeline[position].step.replText)`" : "redid `\(timeline[target].step.replText)`"
        position = target
        await driver.restore(timeline[target].state)
        driver.device = timeline[target].device
        return Reply(
            text: ([style.dim("\(what) (\(position) of \(timeline.count - 1))")] + screenLines()).joined(
                separator: "\n"))
    }

    private func changeDevice(_ name: String) async -> Reply {
        guard let profile = DeviceProfile.named(name) else {
            let keys = DeviceProfile.builtIn.map(\.completionKey)
            let hint = Suggestion.closest(to: name.lowercased(), in: keys).map { "; did you mean `\($0)`?" } ?? ""
            return failure("unknown device `\(name)`\(hint) (one of: \(keys.joined(separator: ", ")))")
        }
        return await record(.device(name)) {
            self.driver.device = profile
            return await self.driver.launch()
        }
    }

    private func deviceText() -> String {
        var lines = ["device \(driver.device.name): \(driver.device.summary)"]
        for profile in DeviceProfile.builtIn {
            lines.append(
                "  \(profile.completionKey)\(profile == driver.device ? " (current)" : "") — \(profile.summary)")
        }
        lines.append(style.dim("`device NAME` switches and relaunches the flow"))
        return lines.joined(separator: "\n")
    }
}

extension DeviceProfile {
    /// The name typed after `device`: `iphone7`, `iphone16promax`.
    var completionKey: String { name.lowercased().filter { !$0.isWhitespace } }

    var summary: String {
        "\(Value.number(width).description)×\(Value.number(height).description) pt, iOS \(osMajor).\(osMinor)"
    }
}
