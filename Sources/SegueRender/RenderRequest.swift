import Foundation
import SegueCheck
import SegueDiagnostics
import SegueDriver
import SegueMachine
import SegueModel
import SegueScenario

/// What `segue render` draws: every screen reached from launch (or one of them), or the screen at a scenario's
/// step, on one device or on the small and large built-in profiles side by side.
///
///     let screens = try await RenderRequest(devices: RenderRequest.sideBySide).render(flowPath: "flows/donate.yaml")
///     screens.map(\.name)  // ["main", "donate", "donate_one_post", …]
public struct RenderRequest: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case svg, png
    }

    /// Only this screen (by name); nil draws every screen reached.
    public var screen: String?
    /// Draw the screen after step `step` (1 is the first) of this scenario file instead of touring the flow.
    public var scenario: (path: String, step: Int)?
    /// One device, or several drawn side by side in one picture.
    public var devices: [DeviceProfile]
    /// Where `examples/` and a scenario's services are found (the project's root).
    public var root: String
    /// Each phone as tall as its content, so nothing is scrolled out of sight.
    public var fullLength = false
    /// The built-in texts' locale over the flow's `locale:` (`--locale`), if any.
    public var locale: String?

    /// `--all-devices`: the smallest and the largest built-in profile, iOS 12 and iOS 18.
    public static let sideBySide: [DeviceProfile] = [.iPhoneSE, .iPhone16ProMax]

    public init(
        screen: String? = nil, scenario: (path: String, step: Int)? = nil, devices: [DeviceProfile] = [.standard],
        root: String = FileManager.default.currentDirectoryPath
    ) {
        self.screen = screen
        self.scenario = scenario
        self.devices = devices.isEmpty ? [.standard] : devices
        self.root = root
    }

    /// One drawn screen: the file name it is written under, the screen, how it was reached, and its SVG.
    public struct Rendered: Sendable {
        public var name: String
        public var screen: String
        public var inputs: [String]
        public var svg: String
    }

    /// Draws the screens; the flow must load without errors.
    public func render(flowPath: String) async throws(RenderError) -> [Rendered] {
        let loaded = FlowLoader().load(path: flowPath)
        guard let checked = loaded.checked else {
            throw .flowHasErrors(loaded.diagnostics.filter { $0.severity == .error })
        }
        var program = Compiler.compile(checked)
        if let locale { program.locale = locale }
        if let screen, !program.screens.contains(where: { $0.name == screen }) {
            throw .problem(
                "\(flowPath) has no screen `\(screen)`"
                    + Suggestion.didYouMean(screen, in: program.screens.map(\.name)))
        }
        let images = ImageFiles(roots: [PathName.directory(of: flowPath), root]).resolver
        if let scenario {
            return [
                try await atStep(scenario.path, scenario.step, flowPath: flowPath, program: program, images: images)
            ]
        }
        var drawn: [String: [DisplayList]] = [:]
        var inputs: [String: [String]] = [:]
        var order: [String] = []
        for device in devices {
            let embedded: EmbeddedServices
            do {
                embedded = try await EmbeddedServices.make(for: checked.flow, options: Self.services(root: root))
            } catch {
                throw .problem(error.description)
            }
            defer { embedded.removeTemporaryFiles() }
            let driver = FlowDriver(program: program, embedded: embedded, device: device)
            for stop in await ScreenTour(driver: driver).explore() where screen == nil || stop.screen == screen {
                let list = ScreenDrawing(
                    machine: driver.machine, state: stop.state, images: images, fullLength: fullLength
                ).draw()
                if drawn[stop.screen] == nil { order.append(stop.screen) }
                drawn[stop.screen, default: []].append(list)
                inputs[stop.screen] = inputs[stop.screen] ?? stop.inputs
            }
        }
        if let screen, drawn[screen] == nil {
            throw .problem("no run of taps and timers from launch reaches `\(screen)`; draw it at a scenario step")
        }
        return order.map { name in
            Rendered(name: name, screen: name, inputs: inputs[name] ?? [], svg: svg(drawn[name] ?? []))
        }
    }

    /// The screen after `step` steps of a scenario, on each device.
    private func atStep(
        _ path: String, _ step: Int, flowPath: String, program: Program, images: @escaping @Sendable (String) -> String?
    ) async throws(RenderError) -> Rendered {
        var scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(path: path)
        } catch {
            throw .problem(error.description)
        }
        guard (1...max(scenario.steps.count, 1)).contains(step), !scenario.steps.isEmpty else {
            let steps = Plural.english(scenario.steps.count, "step")
            throw .problem("\(path) has \(steps); --step takes 1 to \(scenario.steps.count)")
        }
        guard PathName.absolute(scenario.flowPath) == PathName.absolute(flowPath) else {
            throw .problem("\(path) runs \(scenario.flowPath), not \(flowPath)")
        }
        var lists: [DisplayList] = []
        var screen = ""
        for device in devices {
            scenario.device = device.name
            let runner = ScenarioRunner(root: root, options: Self.services(root: root, boardEntries: 0))
            var list: DisplayList?
            let result = await runner.run(scenario, steps: step) { driver in
                list = ScreenDrawing(
                    machine: driver.machine, state: driver.state, images: images, fullLength: fullLength
                ).draw()
            }
            if let failure = result.failure { throw .problem("the scenario fails before step \(step): \(failure)") }
            if let list {
                screen = list.screen
                lists.append(list)
            }
        }
        let name = PathName.stem(of: path) + "-step\(step)"
        return Rendered(name: name, screen: screen, inputs: [], svg: svg(lists))
    }

    /// What render draws on: the embedded services, never a flow's processes or a real server (docs/security.md).
    /// A tour's board shows 12 sample entries; a scenario's starts as `segue test` starts it (`boardEntries: 0`), so
    /// the step drawn is the step the scenario checks.
    static func services(root: String, boardEntries: Int = 12) -> ServiceOptions {
        var options = ServiceOptions(boardEntries: boardEntries, root: root)
        options.commands = .skip(because: "segue render only reads a flow and starts no processes")
        options.usesServers = false
        return options
    }

    private func svg(_ lists: [DisplayList]) -> String {
        lists.count == 1 ? SVGWriter().write(lists[0]) : SVGWriter().writeSideBySide(lists)
    }
}

/// Why `segue render` drew nothing.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// The flow's error diagnostics, to print as `segue validate` does.
    case flowHasErrors([Diagnostic])
    case problem(String)

    public var description: String {
        switch self {
        case .flowHasErrors(let diagnostics): "the flow has \(diagnostics.count) error(s)"
        case .problem(let message): message
        }
    }
}
