import SegueDiagnostics

/// The W3C IRP suite's manifest.xml: which tests are mandatory and automatic (`conformance="mandatory"`,
/// `manual="false"`), the 159 the implementation reports count.
public enum W3CManifest {
    public static func mandatoryAutomatic(_ file: SourceFile) throws(Diagnostic) -> Set<String> {
        let root = try XMLDocumentReader.read(file)
        var ids: Set<String> = []
        func walk(_ element: XMLElement) {
            if element.name == "test", element["conformance"] == "mandatory", element["manual"] == "false",
                let id = element["id"]
            {
                ids.insert(id)
            }
            element.children.forEach(walk)
        }
        walk(root)
        return ids
    }
}
