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
        // An expression the checks passed over (C900) is a gap in the checker: a finding.
        if let gap = result.diagnostics.first(where: { $0.code == CheckCode.uncheckedExpression }) {
            fatalError("the checker passed over an expression: \(gap.message)")
        }
        guard let checked = result.checked, !result.hasErrors else { return }
        _ = Compiler.compile(checked)
    }
}
