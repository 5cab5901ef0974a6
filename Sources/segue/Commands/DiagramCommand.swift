import Foundation
import SegueCheck
import SegueDiagnostics
import SegueDiagram
import SegueModel

/// `segue diagram FLOW`: the flow's transition diagram as DOT, Mermaid, PlantUML, SVG or PNG.
enum DiagramCommand: SegueCommand {
    static let name = "diagram"
    static let summary = "Draw a flow's transitions (Graphviz DOT, Mermaid, PlantUML, SVG, PNG)"
    static let synopsis = ["FLOW"]
    static let about = """
        Draws every screen of FLOW and every navigation transition between them: present dashed, show solid,
        replace bold, and dismiss, pop, pop to root and unwind as dotted back-edges; navigation controllers and
        nested states as clusters. Labels say what triggers each transition, its guards and the service outcome.
        """
    static let options = [
        CommandOption(
            "--format", value: "F", help: "dot (default), mermaid (a GitHub-rendered flowchart), plantuml, svg or png;",
            "without it, the extension of -o chooses (.dot .gv .mmd .puml .svg .png)",
            completion: .words(["dot", "mermaid", "plantuml", "svg", "png"])),
        CommandOption("--output", "-o", value: "F", help: "write to F instead of standard output"),
        CommandOption(
            "--screen", value: "NAME", help: "only NAME and the screens within --depth transitions of it (default depth 1)",
            completion: .text),
        CommandOption("--depth", value: "N", help: "how far from --screen to draw, 0 or more", completion: .text),
        CommandOption("--alerts", help: "draw the alerts each screen shows, as notes"),
        CommandOption(
            "--trace", value: "F", help: "highlight the transitions of a run: a JSON list",
            "[{\"from\": \"main\", \"to\": \"donate\", \"kind\": \"present\"}, …]"),
        CommandOption(
            "--coverage", value: "F", help: "draw taken transitions bold and never-taken ones grey: a JSON object",
            "{\"transitions\": [{\"from\": …, \"to\": …, \"kind\": …, \"count\": N}, …]}"),
        CommandOption.root,
    ]
    static let notes = """
        SVG and PNG run Graphviz's `dot` (Debian package graphviz). See docs/diagrams.md.
        exit status: 0 drawn, 1 the flow has errors, 2 usage, file or Graphviz trouble
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let request: DiagramRequest
        let flowPath: String
        let outputPath: String?
        do {
            (request, flowPath, outputPath) = try parse(arguments)
        } catch let error as UsageError {
            let synopsis = usage.split(separator: "\n").prefix(2).joined(separator: "\n")
            printError("segue diagram: \(error)\n\(synopsis)\nrun `segue help diagram` for the options")
            return 2
        } catch let error as DiagramError {
            printError("segue diagram: \(error)")
            return 2
        } catch {
            printError("segue diagram: \(error)")
            return 2
        }

        let flow: Flow
        switch load(flowPath) {
        case .success(let loaded): flow = loaded
        case .failure(let failure):
            printError(failure.message)
            return failure.status
        }
        guard !flow.screens.isEmpty else {
            printError("segue diagram: \(flowPath) has no screens to draw (a library of components and types?)")
            return 1
        }
        if outputPath == nil, request.format == .png, isatty(STDOUT_FILENO) == 1 {
            printError("segue diagram: PNG is binary; write it with -o FILE or redirect standard output")
            return 2
        }

        // dot may exit before reading all its input; a broken pipe must be an error, not a signal.
        signal(SIGPIPE, SIG_IGN)
        do {
            let output = try await request.render(flow)
            for warning in output.warnings { printError("segue diagram: warning: \(warning)") }
            if let outputPath {
                try output.data.write(to: URL(fileURLWithPath: outputPath), options: .atomic)
            } else {
                try FileHandle.standardOutput.write(contentsOf: output.data)
            }
            return 0
        } catch let error as DiagramError {
            printError("segue diagram: \(error)")
            return 2
        } catch {
            if let outputPath {
                printError("segue diagram: cannot write \(outputPath): \(error.localizedDescription)")
            } else {
                printError("segue diagram: cannot write to standard output (closed early?)")
            }
            return 2
        }
    }

    /// The request, the flow's path and the output path from the command line, with overlay files read.
    static func parse(_ arguments: [String]) throws -> (DiagramRequest, String, String?) {
        let parsed = try ParsedArguments(arguments, options: Self.options)
        guard parsed.positional.count == 1, let flowPath = parsed.positional.first else {
            throw UsageError(parsed.positional.isEmpty ? "name the flow file to draw" : "draw one flow at a time")
        }
        let outputPath = parsed.options["-o"] ?? parsed.options["--output"]
        let format = try format(parsed.options["--format"], output: outputPath)
        var request = DiagramRequest(format: format, includeAlerts: parsed.switches.contains("--alerts"))
        if let depthText = parsed.options["--depth"], parsed.options["--screen"] == nil {
            throw UsageError("--depth \(depthText) needs --screen NAME")
        }
        if let screen = parsed.options["--screen"] {
            let depthText = parsed.options["--depth"] ?? "1"
            guard let depth = Int(depthText), depth >= 0 else {
                throw UsageError("--depth must be a whole number, 0 or more, found `\(depthText)`")
            }
            request.focus = DiagramRequest.Focus(screen: screen, depth: depth)
        }
        if let path = parsed.options["--trace"] { request.trace = try TransitionTrace(json: read(path), path: path) }
        if let path = parsed.options["--coverage"] {
            request.coverage = try TransitionCoverage(json: read(path), path: path)
        }
        return (request, flowPath, outputPath)
    }

    private static func format(_ text: String?, output: String?) throws -> DiagramRequest.Format {
        let names = DiagramRequest.Format.allCases.map(\.rawValue)
        if let text {
            guard let format = DiagramRequest.Format(rawValue: text) else {
                throw UsageError(
                    "unknown format `\(text)`\(Suggestion.didYouMean(text, in: names)) "
                        + "(one of \(names.joined(separator: ", ")))")
            }
            return format
        }
        let byExtension: [String: DiagramRequest.Format] = [
            "dot": .dot, "gv": .dot, "mmd": .mermaid, "mermaid": .mermaid, "puml": .plantuml, "plantuml": .plantuml,
            "svg": .svg, "png": .png,
        ]
        let pathExtension = output.map { PathName.pathExtension(of: $0).lowercased() } ?? ""
        return byExtension[pathExtension] ?? .dot
    }

    /// Why the flow could not be drawn: the text to print and the exit status.
    struct LoadFailure: Error {
        var message: String
        var status: Int32
    }

    /// Loads and checks the flow file; any error diagnostic stops the diagram (exit 1), an unreadable file exit 2.
    static func load(_ path: String) -> Result<Flow, LoadFailure> {
        let loaded = FlowLoader().load(path: path)
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        let color = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let rendered = DiagnosticRenderer(format: .human, color: color, sources: loaded.sources).render(errors)
        if loaded.isUnreadable { return .failure(LoadFailure(message: rendered, status: 2)) }
        guard let flow = loaded.flow, errors.isEmpty else {
            return .failure(
                LoadFailure(
                    message: rendered + "segue diagram: \(path) has errors; run `segue validate \(path)` for details",
                    status: 1))
        }
        return .success(flow)
    }

    private static func read(_ path: String) throws -> Data {
        do {
            return try SafeFile.read(path, limit: 64 << 20, links: .followed)
        } catch {
            throw DiagramError.invalidOverlay(path: path, message: "cannot read the file: \(error.reason)")
        }
    }
}
