import Foundation
import SegueDiagnostics
import SegueMachine
import SegueModel
import SegueRender

/// `segue render FLOW`: draws the flow's screens at a device's size, as SVG or PNG files.
enum RenderCommand: SegueCommand {
    static let name = "render"
    static let summary = "Draw a flow's screens at a device's size (SVG, PNG)"
    static let synopsis = ["FLOW"]
    static let about = """
        Draws each screen of FLOW as the user sees it: reached by the shortest run of taps and timers from launch
        on the embedded services (a demo board of 12 entries; never a real server, and a service's `command:` is
        not started: its calls fail with `not_started`), with its navigation bar, sheets, lists, fields,
        controls and alerts; or the screen after step N of a scenario file. One file per screen, named after it
        (a scenario's as FILE-stepN), and the inputs that reached it printed beside.
        """
    static let options = [
        CommandOption("--screen", value: "S", help: "only screen S", completion: .text),
        CommandOption(
            "--scenario", value: "FILE",
            help: "draw the screen after --step N (1 is the first step) of this scenario of FLOW"),
        CommandOption("--step", value: "N", help: "with --scenario: the step after which to draw", completion: .text),
        CommandOption.device("a built-in profile (default iPhone 15): " + deviceNames.joined(separator: ", ")),
        CommandOption("--all-devices", help: "the smallest and the largest profile side by side in one picture"),
        CommandOption(
            "--out", value: "DIR", help: "the folder to write into (default: the current folder), created if missing",
            completion: .directory),
        CommandOption(
            "--format", value: "F", help: "svg (default) or png (through rsvg-convert, else headless Chromium)",
            completion: .words(["svg", "png"])),
        CommandOption(
            "--full-length", help: "draw each phone as tall as its content, so nothing is scrolled out of sight"),
        CommandOption.locale,
        CommandOption.root,
    ]
    static let notes = """
        See docs/render.md.
        exit status: 0 drawn, 1 the flow has errors, 2 usage, file or converter trouble
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let request: RenderRequest
        let flowPath: String
        let folder: String
        let format: RenderRequest.Format
        do {
            (request, flowPath, folder, format) = try parse(arguments)
        } catch {
            let synopsis = usage.split(separator: "\n").prefix(2).joined(separator: "\n")
            printError("segue render: \(error)\n\(synopsis)\nrun `segue help render` for the options")
            return 2
        }
        if case .failure(let failure) = DiagramCommand.load(flowPath) {
            printError(failure.message.replacingOccurrences(of: "segue diagram:", with: "segue render:"))
            return failure.status
        }
        let screens: [RenderRequest.Rendered]
        do {
            screens = try await request.render(flowPath: flowPath)
        } catch {
            printError("segue render: \(error)")
            return 2
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            printError("segue render: cannot create \(folder): \(error.localizedDescription)")
            return 2
        }
        for screen in screens {
            let path = PathName.appending("\(screen.name).\(format.rawValue)", to: folder)
            do {
                let data: Data
                switch format {
                case .svg: data = Data(screen.svg.utf8)
                case .png:
                    let (width, height) = size(of: screen.svg)
                    data = try await SVGRasterizer().png(from: screen.svg, width: width, height: height)
                }
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch let failure as SVGRasterizer.Failure {
                printError("segue render: \(failure)")
                return 2
            } catch {
                printError("segue render: cannot write \(path): \(error.localizedDescription)")
                return 2
            }
            let reached = screen.inputs.isEmpty ? "" : "  ← " + screen.inputs.joined(separator: ", ")
            print("\(path)\(reached)")
        }
        return 0
    }

    /// The request, the flow, the output folder and the format from the command line.
    static func parse(_ arguments: [String]) throws -> (RenderRequest, String, String, RenderRequest.Format) {
        let parsed = try ParsedArguments(arguments, options: Self.options)
        guard parsed.positional.count == 1, let flowPath = parsed.positional.first else {
            throw UsageError(parsed.positional.isEmpty ? "name the flow file to draw" : "draw one flow at a time")
        }
        let formatText = parsed.options["--format"] ?? "svg"
        guard let format = RenderRequest.Format(rawValue: formatText) else {
            throw UsageError("unknown format `\(formatText)` (svg or png)")
        }
        var devices = [DeviceProfile.standard]
        if let name = parsed.options["--device"] {
            guard parsed.switches.contains("--all-devices") == false else {
                throw UsageError("--device and --all-devices exclude each other")
            }
            guard let profile = DeviceProfile.named(name) else {
                let names = DeviceProfile.builtIn.map(\.name)
                throw UsageError(
                    "unknown device `\(name)`\(Suggestion.didYouMean(name, in: names)) "
                        + "(one of \(names.joined(separator: ", ")))")
            }
            devices = [profile]
        }
        if parsed.switches.contains("--all-devices") { devices = RenderRequest.sideBySide }
        var scenario: (path: String, step: Int)?
        switch (parsed.options["--scenario"], parsed.options["--step"]) {
        case (nil, nil): break
        case (let path?, let stepText?):
            guard let step = Int(stepText), step >= 1 else {
                throw UsageError("--step must be a whole number, 1 or more, found `\(stepText)`")
            }
            guard parsed.options["--screen"] == nil else {
                throw UsageError("--screen and --scenario exclude each other: the step decides the screen")
            }
            scenario = (path, step)
        case (nil, _): throw UsageError("--step N needs --scenario FILE")
        case (_, nil): throw UsageError("--scenario FILE needs --step N")
        }
        var request = RenderRequest(screen: parsed.options["--screen"], scenario: scenario, devices: devices)
        request.fullLength = parsed.switches.contains("--full-length")
        if let locale = parsed.options["--locale"] {
            guard MessageLanguage(locale: locale) != nil else {
                throw UsageError("no built-in texts in locale `\(locale)` (one of \(MessageLanguage.supportedList))")
            }
            request.locale = locale
        }
        return (request, flowPath, parsed.options["--out"] ?? ".", format)
    }

    /// The width and height an SVG's root element declares, for Chromium's window.
    private static func size(of svg: String) -> (Double, Double) {
        func attribute(_ name: String) -> Double {
            guard let start = svg.range(of: " \(name)=\"") else { return 400 }
            let rest = svg[start.upperBound...]
            return Double(rest.prefix { $0 != "\"" }) ?? 400
        }
        return (attribute("width"), attribute("height"))
    }
}
