import SegueDiagnostics
import Testing

@testable import SegueImport

/// An `<initial>` element's transition: its target is the state's `initial`, its actions `initial_do:`.
@Suite struct InitialTranslationTests {
    @Test func theInitialTransitionsActionsBecomeInitialDo() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml"><state id="p">
            <initial><transition target="b"><raise event="go"/></transition></initial>
            <state id="a"/><state id="b"><transition event="go" target="a"/></state></state></scxml>
            """
        let result = SCXMLImporter.translate(SourceFile(path: "t.scxml", text: xml))
        #expect(result.diagnostics.isEmpty)
        let yaml = try #require(result.yaml)
        #expect(yaml.contains("      p:\n        initial: b\n        initial_do:\n        - send: go\n        states:\n"))
    }
}
