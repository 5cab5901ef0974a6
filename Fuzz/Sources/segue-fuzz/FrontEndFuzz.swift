import Foundation
import SegueCheck
import SegueDiagnostics
import SegueMachine

/// Bytes as a flow file, through everything `segue validate` does, then the compiler when the checks pass.
enum FrontEndFuzz {
    /// Imports resolve against this directory, which holds nothing, so an input never reads the repository.
    static let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fuzz-flow/flow.yaml").path

    static func run(_ data: Data) {
        let file = SourceFile(path: path, bytes: [UInt8](data))
        let result = FlowLoader().load(file)
        var renderer = DiagnosticRenderer(format: .human, sources: [file])
        renderer.add(file)
        _ = renderer.render(result.diagnostics)
        guard let checked = result.checked, !result.hasErrors else { return }
        do {
            _ = try Compiler.compile(checked)
        } catch {
            // The compiler throws only for what the checker should have refused: a checker gap is a finding.
            fatalError("a flow that checks clean does not compile: \(error)")
        }
    }
}
