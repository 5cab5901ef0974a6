import SegueDiagnostics
import Testing

@testable import SegueImport

/// `<invoke typeexpr>` and `<invoke srcexpr>` (W3C 215, 216): translated when the chart is known at import time.
@Suite struct InvokeTranslationTests {
    static func translate(_ body: String) -> SCXMLImporter.Result {
        SCXMLImporter.translate(
            SourceFile(
                path: "invoke.scxml",
                text: """
                    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
                    \(body)
                    </scxml>
                    """))
    }

    @Test func aComputedTypeIsReadAsTheSessionWouldStart() throws {
        let result = Self.translate(
            """
            <datamodel><data id="t" expr="'scxml'"/></datamodel>
            <state id="s"><invoke typeexpr="t"><content><scxml version="1.0"><final id="f"/></scxml></content></invoke></state>
            """)
        let yaml = try #require(result.yaml, "\(result.diagnostics)")
        #expect(
            yaml.contains(
                "when: \"string(t) == 'http://www.w3.org/TR/scxml' || string(t) == 'http://www.w3.org/TR/scxml/' "
                    + "|| string(t) == 'scxml' || 1 / 0 == 0\""
            ), "\(yaml)")
    }

    @Test(arguments: [
        "<assign location=\"doc\" expr=\"'file:' + n\"/>",  // a computed value
        "<script>doc = 'file:a.scxml'</script>",  // any script
        "<foreach array=\"[1]\" item=\"doc\"/>",  // a loop variable
    ])
    func aSourceWhoseValuesAreNotKnownIsRefused(_ write: String) throws {
        let result = Self.translate(
            """
            <datamodel><data id="doc" expr="'file:a.scxml'"/><data id="n" expr="1"/></datamodel>
            <state id="s"><onentry>\(write)</onentry><invoke srcexpr="doc"/></state>
            """)
        #expect(result.yaml == nil)
        let refusal = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(refusal.code == "I005")
        #expect(
            refusal.message.hasPrefix("a `srcexpr` computed at run time is translated only when it names a `<data>`"))
    }

    @Test func aSourceNamingNoReadableDocumentIsRefused() throws {
        let result = Self.translate(
            """
            <datamodel><data id="doc" expr="'file:nowhere.scxml'"/></datamodel>
            <state id="s"><invoke srcexpr="doc"/></state>
            """)
        let refusal = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(refusal.code == "I005")
        #expect(
            refusal.message == "none of the documents `doc` can name (`file:nowhere.scxml`) can be read beside this one"
        )
    }
}
