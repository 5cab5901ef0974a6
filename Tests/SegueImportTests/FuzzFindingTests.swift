import SegueDiagnostics
import SegueRuntime
import Testing

@testable import SegueImport

/// Charts the `scxml` fuzz target found (docs/fuzzing.md), each cut down: what the importer writes must load as a
/// flow, or the chart is refused with an I-code placed in it, never "a bug in the importer".
@Suite struct FuzzFindingTests {
    static let open = #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">"#

    /// The import's codes, and whether the flow it wrote compiles (nil when nothing was written).
    func importing(_ body: String) -> (codes: [String], lines: [Int], compiles: Bool?) {
        let result = SCXMLImporter.translate(SourceFile(path: "chart.scxml", text: Self.open + "\n" + body + "</scxml>"))
        let compiles = result.yaml.map { (try? Compiler.compile(SourceFile(path: "chart.yaml", text: $0))) != nil }
        return (result.diagnostics.map(\.code), result.diagnostics.map(\.range.start.line), compiles)
    }

    /// A syntax error in a `cond` is error.execution where it is evaluated, in SCXML and in the flow.
    @Test func tokensSideBySideFailWhereEvaluated() {
        let found = importing(
            """
            <datamodel><data id="r" expr="[1, 2, 3, 4]"/></datamodel>
            <state id="s"><transition cond="r[0] === 1 &amp;&amp; r[3]0 === 3" target="p"/></state>
            <final id="p"/>
            """)
        #expect(found.codes == ["I009"] && found.lines == [3] && found.compiles == true)
    }

    @Test func aFieldEventDoesNotHaveIsRefused() {
        let found = importing(
            """
            <state id="s"><transition event="e" cond="_event.origint.origin === 'x'" target="p"/></state>
            <final id="p"/>
            """)
        #expect(found.codes == ["I006"] && found.lines == [2] && found.compiles == nil)
    }

    /// An `<assign>`'s `expr` reading an undeclared name raises error.execution and abandons the block, as SCXML
    /// does; any other expression reading one is refused, at its place.
    @Test func anUndeclaredNameInAnAssignRaisesAndElsewhereIsRefused() {
        let assign = importing(
            """
            <datamodel><data id="list" expr="[1, 2]"/><data id="sum" expr="0"/></datamodel>
            <state id="s"><onentry><foreach array="list" item="each">
              <assign location="sum" expr="suw + each"/>
            </foreach></onentry><transition event="error.execution" target="p"/></state>
            <final id="p"/>
            """)
        #expect(assign.codes == ["I009"] && assign.lines == [4])
        #expect(assign.compiles == true)
        let log = importing(#"<state id="s"><onentry><log expr="nowhere + 1"/></onentry></state>"#)
        #expect(log.codes == ["I006"] && log.lines == [2] && log.compiles == nil)
    }

    /// A field no `<send>` of the event carries is read through `current_event.data` (any), not the payload's record.
    @Test func aPayloadFieldNoSendCarriesStillLoads() {
        let found = importing(
            """
            <datamodel><data id="got" expr="0"/></datamodel>
            <state id="s"><onentry><send event="tick" delay="1s"><param name="value" expr="1"/></send></onentry>
              <transition event="tick" target="p"><assign location="got" expr="_event.data.val1ue"/></transition>
            </state>
            <final id="p"/>
            """)
        #expect(found.codes.isEmpty && found.compiles == true, "\(found.codes)")
    }
}
