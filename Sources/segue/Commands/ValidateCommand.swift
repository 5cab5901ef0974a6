import Foundation
import SegueCheck
import SegueDiagnostics
import SegueFrontEnd

/// `segue validate PATH…`: load and check flow files, printing diagnostics like a compiler.
enum ValidateCommand: SynchronousCommand {
    static let name = "validate"
    static let summary = "Check flow files and print diagnostics (exit 1 on errors)"
    static let synopsis = ["PATH…"]
    static let about = """
        Checks each flow file; a directory is searched recursively for flow files (YAML files
        that start with `segue:`; scenario files are skipped).
        """
    static let options = [
        CommandOption(
            "--format", value: "FORMAT",
            help: "human: file:line:col: error[CODE]: message, the line and a caret (default; colour on a terminal",
            "unless NO_COLOR is set); json: a JSON array of diagnostics; github: GitHub Actions workflow",
            "annotations; sarif: a SARIF 2.1.0 log for GitHub code scanning (rules are the codes;",
            "SEGUE_DOCS_URL, docs/diagnostics.md's address, links each rule's help)",
            completion: .words(CommandOption.diagnosticsFormat)),
        CommandOption("--strict", help: "warnings fail too"),
        CommandOption("--quiet", help: "print only the diagnostics (errors and warnings), no summary line"),
        CommandOption(
            "--flows-only", help: "skip named files that are not flow files, as directories do (for pre-commit, which",
            "passes every staged YAML file)"),
        CommandOption.root,
    ]
    static let notes = """
        exit status: 0 clean (or only warnings), 1 errors (or warnings with --strict),
                     2 usage or I/O trouble

        example: segue validate flows/ examples/
        """

    static func runSynchronously(_ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: Self.options)
        } catch {
            printError("segue validate: \(error)\n\(usage)")
            return 2
        }
        guard !parsed.positional.isEmpty else {
            printError("segue validate: name at least one flow file or directory\n\(usage)")
            return 2
        }
        let formatName = parsed.options["--format"] ?? "human"
        guard let format = DiagnosticRenderer.Format(rawValue: formatName) else {
            printError("segue validate: unknown format `\(formatName)`; use human, json, github or sarif")
            return 2
        }
        var files: [(path: String, root: ProjectRoot?)] = []
        var ioTrouble = false
        for path in parsed.positional {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                printError("segue validate: \(path): no such file or directory")
                ioTrouble = true
                continue
            }
            if isDirectory.boolValue {
                do {
                    let scan = try FlowDirectory.scan(path)
                    scan.passedOver.forEach { printError("segue validate: \($0)") }
                    // A folder named is the project root of the flows found in it.
                    let root = ProjectRoot.startedFrom(path)
                    files += scan.flows.map { ($0, root) }
                } catch {
                    printError("segue validate: \(error)")
                    ioTrouble = true
                }
            } else if !parsed.switches.contains("--flows-only") || FlowDirectory.isFlow(path) {
                files.append((path, nil))
            }
        }
        let color = format == .human && isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        var renderer = DiagnosticRenderer(format: format, color: color)
        renderer.toolVersion = segueVersion
        renderer.documentationURL = ProcessInfo.processInfo.environment["SEGUE_DOCS_URL"].flatMap {
            $0.isEmpty ? nil : $0
        }
        var all: [Diagnostic] = []
        for (file, root) in files {
            let result = FlowLoader(root: root).load(path: file)
            if result.isUnreadable { ioTrouble = true }
            result.sources.forEach { renderer.add($0) }
            all += result.diagnostics
        }
        let errors = all.filter { $0.severity == .error }.count
        let warnings = all.filter { $0.severity == .warning }.count
        print(renderer.render(all), terminator: "")
        if !parsed.switches.contains("--quiet"), format == .human {
            let summary =
                "\(Plural.english(files.count, "flow file")) checked: "
                + "\(Plural.english(errors, "error")), \(Plural.english(warnings, "warning"))"
            // A blank line after the last caret line, so the summary never reads as part of that excerpt.
            printError((all.isEmpty ? "" : "\n") + summary)
        }
        if errors > 0 || (parsed.switches.contains("--strict") && warnings > 0) { return 1 }
        return ioTrouble ? 2 : 0
    }
}
