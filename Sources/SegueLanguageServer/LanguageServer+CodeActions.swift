import SegueDiagnostics
import SegueJSON

extension LanguageServer {
    /// Quick fixes from the diagnostics' fix-its ("did you mean `donate_form`?") that touch the requested range.
    func codeActions(_ params: JSON) throws -> JSON {
        let document = try document(params)
        let start = document.positions.offset(params["range"]?["start"])
        let end = document.positions.offset(params["range"]?["end"])
        var actions: [JSON] = []
        for diagnostic in document.analysis.diagnostics where diagnostic.range.path == document.path {
            guard diagnostic.range.start.offset <= end, start <= diagnostic.range.end.offset else { continue }
            for fix in diagnostic.fixIts where fix.range.path == document.path {
                let edit: JSON = ["range": document.positions.range(fix.range), "newText": .string(fix.replacement)]
                actions.append([
                    "title": .string("Change to `\(fix.replacement)`"), "kind": "quickfix", "isPreferred": true,
                    "diagnostics": [Self.lspDiagnostic(diagnostic, in: document.file, sources: [:])],
                    "edit": ["changes": .object([document.uri: [edit]])],
                ])
            }
        }
        return .array(actions)
    }
}
