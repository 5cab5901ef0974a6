import Foundation
import SegueDiagnostics
import SegueImport
import SegueMachine

/// `segue import scxml FILE [-o FILE]`: an SCXML statechart as a flow; `--test DIR` runs W3C IRP tests.
enum ImportCommand: SegueCommand {
    static let name = "import"
    static let summary = "Convert an SCXML statechart into a flow, or run the W3C SCXML tests (import scxml)"
    static let synopsis = [
        "scxml FILE.scxml [-o|--output FILE.yaml] [--root DIR]", "scxml --test DIR [--manifest FILE]",
    ]
    static let about = """
        Converts an SCXML document into a flow with one screen, `chart`, whose `states:` is the chart (see
        docs/import.md). The flow is checked as `segue validate` would before it is written; a construct the
        importer cannot translate is an error at its line and column in the SCXML file, and nothing is written.
        """
    static let options = [
        CommandOption("--output", "-o", value: "F", help: "write the flow to F instead of standard output"),
        CommandOption(
            "--test", value: "DIR", help: "run every .txml and .scxml file in DIR and its folders as a test, one line",
            "each, then `N passed, N failed, N skipped` (docs/conformance.md): a chart with a .json script",
            "beside it is a SCION test (events, and the atomic states expected after each); any other is a W3C",
            "IRP test: pass when the chart enters its `pass` state; fail on `fail`, an import or validation",
            "error, or a timeout", completion: .directory),
        CommandOption(
            "--manifest", value: "F", help: "with --test, only the tests the suite's manifest.xml marks mandatory and",
            "automatic"),
        CommandOption.root,
    ]
    static let notes = """
        exit status: 0 written (or every test passed), 1 the document cannot be translated (or a test
                     failed), 2 usage or I/O trouble
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: Self.options)
        } catch {
            printError("segue import: \(error)\n\(usage)")
            return 2
        }
        guard parsed.positional.first == "scxml" else {
            printError("segue import: name the format to import from: `segue import scxml FILE`\n\(usage)")
            return 2
        }
        let files = Array(parsed.positional.dropFirst())
        if let directory = parsed.options["--test"] {
            guard files.isEmpty else {
                printError("segue import: --test runs a directory; name no file beside it")
                return 2
            }
            return await runTests(directory, manifest: parsed.options["--manifest"])
        }
        guard files.count == 1, let path = files.first else {
            printError("segue import: name one SCXML file\n\(usage)")
            return 2
        }
        return convert(path, output: parsed.options["-o"] ?? parsed.options["--output"])
    }

    private static func convert(_ path: String, output: String?) -> Int32 {
        let source: SourceFile
        do {
            source = try XMLDocumentReader.load(path: path)
        } catch {
            printError("segue import: \(TerminalText.escaped(path)): \(TerminalText.escaped(error.message))")
            return 2
        }
        let flowName = output.map { SCXMLImporterName.of($0) }
        let result = SCXMLImporter.translate(source, flowName: flowName)
        let color = isatty(2) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        if !result.diagnostics.isEmpty {
            let renderer = DiagnosticRenderer(format: .human, color: color, sources: [source])
            printError(renderer.render(result.diagnostics))
        }
        guard let yaml = result.yaml else { return 1 }
        let flowPath = output ?? (SCXMLImporterName.of(path) + ".yaml")
        let flowSource = SourceFile(path: flowPath, text: yaml)
        do {
            _ = try Compiler.compile(flowSource)
        } catch {
            let renderer = DiagnosticRenderer(format: .human, color: color, sources: [flowSource])
            printError(
                "segue import: the translated flow does not validate (a bug in the importer):\n"
                    + renderer.render(error.diagnostics))
            return 1
        }
        guard let output else {
            FileHandle.standardOutput.write(Data(yaml.utf8))
            return 0
        }
        do {
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            printError("segue import: cannot write \(TerminalText.escaped(output)): \(error.localizedDescription)")
            return 2
        }
        return 0
    }

    private static func runTests(_ directory: String, manifest: String?) async -> Int32 {
        var only: Set<String>?
        if let manifest {
            guard let bytes = FileManager.default.contents(atPath: manifest) else {
                printError("segue import: cannot read \(manifest)")
                return 2
            }
            do {
                only = try W3CManifest.mandatoryAutomatic(SourceFile(path: manifest, bytes: Array(bytes)))
            } catch {
                printError("segue import: \(manifest): \(error.message)")
                return 2
            }
        }
        let paths: [String]
        do {
            paths = try SCXMLTestRunner.tests(in: directory, only: only)
        } catch {
            printError("segue import: cannot list \(TerminalText.escaped(directory)): \(error.localizedDescription)")
            return 2
        }
        var counts: [SCXMLTestRunner.Outcome.Status: Int] = [:]
        for path in paths {
            let outcome =
                SCIONTestRunner.isTest(path)
                ? await SCIONTestRunner.run(path: path, name: SCIONTestRunner.name(of: path, under: directory))
                : await SCXMLTestRunner.run(path: path)
            counts[outcome.status, default: 0] += 1
            print(outcome.line)
        }
        print("\(counts[.pass] ?? 0) passed, \(counts[.fail] ?? 0) failed, \(counts[.skip] ?? 0) skipped")
        return (counts[.fail] ?? 0) == 0 ? 0 : 1
    }
}

/// A flow's name from a path: `out/chart.yaml` → `chart`.
private enum SCXMLImporterName {
    static func of(_ path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return base.split(separator: ".").first.map(String.init) ?? base
    }
}
