import Foundation
import SegueCheck
import SegueDiagnostics
import SegueDiagram
import SegueDriver
import SegueExpression
import SegueMachine
import SegueREPL
import SegueRender
import SegueRuntime

/// The flow behind the page: one REPL session (a stepped `Session` through the `FlowDriver`, on the embedded
/// services) that the page's inputs, outcome choices, clock and timeline act on, publishing each new state.
/// Requests from several connections take turns (`exclusive`), as the REPL's commands do at one prompt.
///
///     let served = try await ServedFlow.open(path: "flows/donate.yaml", options: ServiceOptions(), hub: hub)
///     await served.exclusive { await served.perform(.steps([.tap("donate")])) }
public final class ServedFlow: @unchecked Sendable {
    let turns = TurnTaking()
    public let path: String
    let options: ServiceOptions
    let hub: EventHub
    var session: ReplSession
    /// The files the flow was read from (itself and its imports), by path, as last read.
    var watched: [String: [UInt8]]
    var version = 0
    var message = ""
    var failed = false
    var diagnostics = ""
    var reloadNote: String?
    var realTime = false
    /// Wall-clock seconds run in real time and not yet given to the machine.
    var unticked = 0.0
    var diagramCache: (version: Int, svg: Result<String, DiagramError>)?

    /// The commands and servers named when serve started: a reloaded flow that would reach anything else is not
    /// run (docs/security.md).
    let announced: FlowReach

    init(path: String, options: ServiceOptions, hub: EventHub, session: ReplSession, result: FlowLoadResult) {
        self.path = path
        self.options = options
        announced = FlowReach(flow: session.flow, options: options)
        self.hub = hub
        self.session = session
        watched = Self.fingerprints(result.sources)
        diagnostics = Self.render(result)
    }

    /// Loads, checks and compiles the flow at `path` on its embedded services, and launches it.
    /// `admit` sees what the flow reaches before anything is built, as `ReplSession.open`'s does; the policy it
    /// gives holds for every reload.
    public static func open(
        path: String, device: DeviceProfile = .standard, options: ServiceOptions, hub: EventHub, locale: String? = nil,
        admit: ((FlowReach) -> CommandPolicy?)? = nil
    ) async throws(ReplSession.OpenError) -> ServedFlow {
        let result = FlowLoader().load(path: path)
        guard result.role == .flow || result.hasErrors else { throw .notAFlow(path) }
        guard let checked = result.checked else { throw .invalidFlow(result) }
        let options = try ReplSession.admitted(options, flow: checked.flow, path: path, admit: admit)
        let embedded: EmbeddedServices
        do {
            embedded = try await EmbeddedServices.make(for: checked.flow, options: options)
        } catch {
            throw .services(error.description)
        }
        let session = ReplSession(checked: checked, embedded: embedded, device: device, locale: locale)
        let served = ServedFlow(path: path, options: options, hub: hub, session: session, result: result)
        await served.launch()
        return served
    }

    private func launch() async {
        message = await session.start()
    }

    /// Runs `body` when no other request is using the session, and before any that comes later.
    public func exclusive<T>(_ body: () async -> T) async -> T {
        await turns.enter()
        let result = await body()
        await turns.leave()
        return result
    }

    /// The page's state now.
    func snapshot() -> PageState {
        let machine = Machine(program: session.program)
        let state = session.state
        let view = session.view
        let nextTimer = nextTimerDue.map(\.seconds)
        let device = session.device
        return PageState(
            flow: session.program.flowID, file: path, version: version,
            device: PageState.Device(
                name: device.name, width: device.width, height: device.height,
                os: "iOS \(device.osMajor).\(device.osMinor)"),
            screen: view,
            drawing: SVGWriter().write(ScreenDrawing(machine: machine, state: state, images: images).draw()),
            screenText: session.screenText,
            inputs: PageInput.available(machine: machine, state: state, view: view), message: message,
            failed: failed, stack: "", data: "", trace: "", state: "",
            clock: PageState.Clock(now: state.now.seconds, nextTimer: nextTimer, realTime: realTime),
            timeline: PageState.Timeline(
                position: session.timelinePosition, commands: session.timelineEntries.map(\.command)),
            outcomes: PageState.outcomes(of: session), diagnostics: diagnostics, reload: reloadNote)
    }

    /// Pictures the drawing inlines: sources the flow names, next to it, and the photos the services keep.
    var images: @Sendable (String) -> String? {
        ImageFiles(roots: [PathName.directory(of: path), session.embedded.directory]).resolver
    }

    /// The snapshot with the REPL's inspector texts filled in (they run commands, so they are asked here).
    func fullSnapshot() async -> PageState {
        var page = snapshot()
        page.stack = await session.execute("stack").text
        page.data = await session.execute("data").text
        page.trace = await session.execute("trace").text
        page.state = await session.execute("state").text
        return page
    }

    /// Shows why a request did nothing, and answers false.
    func refuse(_ reason: String) async -> Bool {
        message = reason
        failed = true
        await publish()
        return false
    }

    /// Publishes the state to every open page.
    func publish() async {
        hub.publish("state", data: String(decoding: await fullSnapshot().encoded(), as: UTF8.self))
    }

    /// Takes one step, keeps its reply as the page's message, and publishes the new state.
    @discardableResult
    func take(_ step: UserStep, typing: Bool = false) async -> Bool {
        let reply = await session.perform(step, typing: typing)
        message = reply.text
        failed = reply.failed
        await publish()
        return !reply.failed
    }

    /// A posted input: refused inputs come back with the input query's reason as the message. The page sends a
    /// field's text as it is typed, so a `fill` or `clear` of the field the step shown now edited is typing on in
    /// it: one step on the timeline.
    @discardableResult
    public func perform(_ command: PageCommand) async -> Bool {
        switch command {
        case .dismissAlert: return await dismissAlert()
        case .steps(let steps):
            for step in steps where !(await take(step, typing: step.editedField != nil)) { return false }
            return true
        }
    }

    private func dismissAlert() async -> Bool {
        guard session.state.alert != nil else {
            return await refuse("no alert is shown")
        }
        await session.dismissAlert()
        message = "alert dismissed"
        failed = false
        await publish()
        return true
    }

    /// Scripts the next outcome of `call`: `ok`, `cancelled`, `error`, or `error` with one of an API's codes.
    @discardableResult
    public func choose(call: String, result: String, code: String?) async -> Bool {
        guard !call.contains(where: \.isWhitespace), call.contains(".") else {
            return await refuse("an outcome names its call: `service.operation`")
        }
        var details: Value?
        if result == "error" {
            let service = String(call.prefix { $0 != "." })
            let meaning = session.flow.services.first { $0.name.text == service }?.codes
                .first { $0.code.text == code }?.meaning
            details = .record(["code": .string(code ?? "error"), "message": .string(meaning ?? "scripted error")])
        }
        guard let outcome = UserStep.scriptedOutcome(call: call, result: result, value: details) else {
            return await refuse("an outcome is ok, error or cancelled")
        }
        return await take(.outcome(call: call, outcome))
    }

    /// Moves to step `index` of the timeline (the page's slider, undo and redo).
    @discardableResult
    public func travel(to index: Int) async -> Bool {
        let reply = await session.travel(to: index)
        message = reply.text
        failed = reply.failed
        await publish()
        return !reply.failed
    }

    /// The virtual clock: `next_timer` advances to the next timer, `tick` by `seconds`, `run` and `pause` switch
    /// real time on and off.
    @discardableResult
    public func clock(_ action: String, seconds: Double? = nil) async -> Bool {
        switch action {
        case "next_timer":
            guard let next = nextTimerDue else { return await refuse("no timer is scheduled") }
            return await take(.tick(next))
        case "tick":
            guard let seconds, seconds > 0, seconds.isFinite, seconds <= 3600 else {
                return await refuse("`tick` takes 0 < seconds ≤ 3600")
            }
            return await take(.tick(ClockDuration(seconds: seconds)))
        case "run", "pause":
            realTime = action == "run"
            unticked = 0
            message = realTime ? "the clock runs in real time" : "the clock is paused"
            failed = false
            await publish()
            return true
        default:
            return await refuse("unknown clock action `\(action)`: next_timer, tick, run or pause")
        }
    }

    /// How long until the next timer is due on the machine's clock, when one is scheduled.
    var nextTimerDue: ClockDuration? {
        let state = session.state
        return state.timers.map(\.deadline).min().map { max($0 - state.now, .zero) }
    }

    /// One beat of real time (called every `interval` seconds): a timer due by now fires, and a take recording or
    /// playing moves on; otherwise nothing is recorded, so the timeline only grows when something happens.
    func beat(_ interval: Double) async {
        guard realTime else { return }
        unticked += interval
        let state = session.state
        let busy = state.recording != nil || state.playback != nil
        if let due = nextTimerDue, due.seconds <= unticked {
            unticked = 0
            await take(.tick(max(due, ClockDuration(nanoseconds: 1))))
        } else if busy {
            let seconds = unticked
            unticked = 0
            await take(.tick(ClockDuration(seconds: seconds)))
        }
    }

    /// The session as a REPL trace (`segue repl` loads it with `load FILE`).
    public func traceJSON() -> Data {
        (try? session.trace().encoded()) ?? Data()
    }

    /// The session as a scenario file that `segue test` passes.
    func scenario() throws(ScenarioExport.Problem) -> String {
        try ScenarioExport(flowPath: path, session: session, boardEntries: options.boardEntries).yaml()
    }

    static func fingerprints(_ sources: [SourceFile]) -> [String: [UInt8]] {
        Dictionary(sources.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    }

    static func render(_ result: FlowLoadResult) -> String {
        guard !result.diagnostics.isEmpty else { return "" }
        return DiagnosticRenderer(format: .human, color: false, sources: result.sources).render(result.diagnostics)
    }
}

extension ServedFlow {
    /// The flow's id, for the page's title and file names.
    var title: String { session.program.flowID }

    /// Undo (`-1`) or redo (`+1`) from where the timeline is now.
    @discardableResult
    public func travel(by offset: Int) async -> Bool {
        await travel(to: session.timelinePosition + offset)
    }

    /// The transition diagram as SVG (Graphviz's `dot`), drawn once per version of the flow.
    func diagram() async -> Result<String, DiagramError> {
        if let cache = diagramCache, cache.version == version { return cache.svg }
        let svg: Result<String, DiagramError>
        do {
            svg = .success(try await DiagramRequest(format: .svg).render(session.flow).text)
        } catch {
            svg = .failure(error)
        }
        diagramCache = (version, svg)
        return svg
    }
}
