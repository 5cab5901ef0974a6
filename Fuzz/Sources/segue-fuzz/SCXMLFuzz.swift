import Foundation
import SegueDiagnostics
import SegueImport
import SegueMachine

/// Bytes as an SCXML document through `segue import scxml`: read (libxml2), translated to a flow, and the flow
/// compiled as the command checks it. A problem is an I-code placed in the document; a translated flow that does not
/// validate ("a bug in the importer") or an error without a place is a finding.
enum SCXMLFuzz {
    /// `<data src>` and `<invoke src>` resolve against this directory, which holds nothing, so an input never reads
    /// the repository.
    static let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fuzz-scxml").path
    static let chartPath = directory + "/chart.scxml"

    static func run(_ data: Data) {
        let file = SourceFile(path: chartPath, bytes: [UInt8](data))
        let result = SCXMLImporter.translate(file)
        for diagnostic in result.diagnostics {
            let range = diagnostic.range
            guard diagnostic.code.hasPrefix("I"), range.path == chartPath, range.start.line >= 1,
                range.start.offset <= file.bytes.count, range.end.offset <= file.bytes.count
            else { fatalError("an import diagnostic without a place in the chart: \(diagnostic)") }
        }
        _ = DiagnosticRenderer(format: .human, sources: [file]).render(result.diagnostics)
        guard let yaml = result.yaml else {
            guard result.diagnostics.contains(where: { $0.severity == .error }) else {
                fatalError("the chart was not translated, and no error says why")
            }
            return
        }
        let flow = SourceFile(path: directory + "/chart.yaml", text: yaml)
        do {
            _ = try Compiler.compile(flow)
        } catch {
            let report = DiagnosticRenderer(format: .human, sources: [flow]).render(error.diagnostics)
            fatalError("the translated flow does not validate (a bug in the importer):\n\(report)\n\(yaml)")
        }
    }
}
