import SegueDiagnostics

/// `segue import scxml`: an SCXML document (or a W3C IRP `.txml` test) as a Segue flow.
///
///     let result = SCXMLImporter.translate(SourceFile(path: "chart.scxml", text: xml))
///     result.yaml         // "segue: 1\nflow: chart\nstart: chart\nscreens:\n  chart: …" or nil
///     result.diagnostics  // I001…I008, positioned in the SCXML file
public enum SCXMLImporter {
    public struct Result: Sendable {
        /// The flow, when the document translated without an error.
        public var yaml: String?
        public var diagnostics: [Diagnostic]
        /// Each SCXML state id's name in the flow (`s-1` → `s_1`).
        public var stateNames: [String: String] = [:]
    }

    /// Translates `file`; the flow is named `flowName`, or after the file (`test144.txml` → `test144`).
    public static func translate(_ file: SourceFile, flowName: String? = nil) -> Result {
        let root: XMLElement
        do {
            root = ConformanceRewriter.rewrite(try XMLDocumentReader.read(file))
        } catch {
            return Result(yaml: nil, diagnostics: [error])
        }
        var translator = SCXMLTranslator(file: file, root: root)
        let tree = translator.translate(root, flowName: flowName ?? defaultName(file.path))
        var diagnostics = translator.diagnostics.sorted { $0.range.start < $1.range.start }
        var yaml: String?
        if !diagnostics.contains(where: { $0.severity == .error }) {
            do {
                yaml = try YAMLWriter.write(tree)
            } catch {
                // Only when memory runs out: libyaml is handed whole collections of valid UTF-8.
                diagnostics.append(
                    .error(
                        ImportCode.overLimit.rawValue, "the flow could not be written: \(error.problem)",
                        at: SourceRange(path: file.path, at: file.location(ofOffset: 0))))
            }
        }
        return Result(yaml: yaml, diagnostics: diagnostics, stateNames: translator.outline.nodes.mapValues(\.name))
    }

    static func defaultName(_ path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        return stem.isEmpty ? "chart" : stem
    }
}
