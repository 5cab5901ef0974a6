import SegueDiagnostics
import SegueMachine
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

    /// A malformed `typeexpr` fails where the session would start (error.execution); the flow's `when:` compares it
    /// with SCXML's types as text, so it type-checks (it compared a number with strings: X104, "a bug in the importer").
    @Test func aMalformedTypeexprFailsWhereTheSessionWouldStart() {
        let found = importing(
            """
            <state id="s"><invoke typeexpr="'scxml' 'x'"><content><scxml xmlns="http://www.w3.org/2005/07/scxml" \
            version="1.0"><final id="f"/></scxml></content></invoke></state>
            """)
        #expect(found.codes == ["I009"] && found.lines == [2] && found.compiles == true)
    }

    /// A `<foreach>` whose `array` is known not to be a collection (a number; a malformed one, translated as `1 / 0`)
    /// raises error.execution and runs no pass, in SCXML and in the flow (it wrote `foreach: "1 / 0"`: C201, "a bug in
    /// the importer").
    @Test(arguments: [("!l x", ["I009", "I009"]), ("5 * 2", ["I009"])])
    func aForeachOverNoCollectionRaisesErrorExecution(array: String, codes: [String]) {
        let found = importing(
            """
            <datamodel><data id="l" expr="[1, 2]"/><data id="n" expr="0"/></datamodel>
            <state id="s"><onentry><foreach array="\(array)" item="x"><assign location="n" expr="n + 1"/></foreach>\
            </onentry><transition event="error.execution" target="p"/></state>
            <final id="p"/>
            """)
        #expect(found.codes == codes && found.compiles == true, "\(found)")
    }

    /// The `item` and `index` of a `<foreach>` that runs no pass are still data a condition may read (they were
    /// declared only where the loop was written: X101, "a bug in the importer").
    /// A `<data>` initialised from one that comes after it reads ECMAScript's undefined (null), as SCXML's early
    /// binding initialises data in document order (the flow's default read a name declared later: X101).
    @Test func dataReadBeforeItsOwnDeclarationIsNull() throws {
        let result = SCXMLImporter.translate(
            SourceFile(
                path: "chart.scxml",
                text: Self.open + """
                    <datamodel><data id="l" expr="[1, u, l]"/><data id="u" expr="2"/></datamodel>
                    <state id="s"><transition cond="l[1] === undefined &amp;&amp; u === 2" target="p"/></state>
                    <final id="p"/></scxml>
                    """))
        let yaml = try #require(result.yaml, "\(result.diagnostics)")
        #expect(yaml.contains("default: \"[1, null, null]\""), "\(yaml)")
        #expect((try? Compiler.compile(SourceFile(path: "chart.yaml", text: yaml))) != nil)
    }

    /// A number written without its leading zero (`.5`) is one byte longer as a token than in the script: the
    /// space before the next token was read from past its start (a crash: "Range requires lowerBound <= upperBound").
    @Test func aNumberWithoutItsLeadingZeroBeforeANameDoesNotCrash() {
        let found = importing(
            """
            <datamodel><data id="x"/></datamodel>
            <state id="s"><onentry><script>x = .5y</script></onentry></state>
            """)
        #expect(found.codes == ["I009", "I009"] && found.compiles == true, "\(found)")
    }

    @Test func theNamesOfAForeachThatNeverRunsAreData() {
        let found = importing(
            """
            <state id="s"><onentry><foreach array="7" item="x" index="i"/></onentry>
            <transition cond="x == null &amp;&amp; i == null" target="p"/></state>
            <final id="p"/>
            """)
        #expect(found.codes == ["I009", "I009"] && found.compiles == true, "\(found)")
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

    /// A history's default `<transition>` without a `target` (SCXML requires one) is refused at the transition,
    /// instead of a flow whose history `default:` has actions and no `goto` (the fuzz target's `<transition />`).
    @Test func aHistoryDefaultWithoutATargetIsRefused() {
        for transition in [#"<transition />"#, #"<transition target=" "/>"#] {
            let found = importing(
                """
                <state id="p"><history id="h">\(transition)</history><state id="a"/></state>
                """)
            #expect(found.codes == ["I003"] && found.lines == [2] && found.compiles == nil, "\(transition): \(found)")
        }
    }

    /// `typeof x` of an undeclared `x` is 'undefined', but `typeof x.y` reads `x` first: in an `<assign>` it raises
    /// error.execution like any read of an undeclared name (the fuzz smoke run's `typeof nowheerror.executre`).
    @Test func typeofOfAMemberOfAnUndeclaredNameReadsTheName() {
        for operand in ["nowhere.field", "nowhere[0]"] {
            let found = importing(
                """
                <datamodel><data id="text" expr="''"/></datamodel>
                <state id="s"><onentry><assign location="text" expr="typeof \(operand)"/></onentry>
                  <transition event="error.execution" target="p"/></state>
                <final id="p"/>
                """)
            #expect(found.codes == ["I009"] && found.lines == [3] && found.compiles == true, "\(operand): \(found)")
        }
        let lone = importing(
            """
            <datamodel><data id="text" expr="''"/></datamodel>
            <state id="s"><onentry><assign location="text" expr="typeof nowhere"/></onentry></state>
            """)
        #expect(lone.codes.isEmpty && lone.compiles == true, "\(lone)")
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

/// The classes the long run of docs/fuzzing.md left open: `done.state.X` SCXML never raises, ECMAScript's
/// conversions between types, a `<cancel>` of a send the flow does not keep as a timer, a `<parallel>` without
/// regions.
@Suite struct FuzzFindingClassTests {
    let finding = FuzzFindingTests()

    /// SCXML raises `done.state.X` only for a compound state with a final child or a parallel state: a transition
    /// on it for any other state (or none) never fires, and the flow leaves it out at a warning; a chart that
    /// raises such an event itself is refused, at the transition.
    @Test func doneStateOfAStateThatNeverCompletesIsLeftOut() {
        let found = finding.importing(
            """
            <state id="s"><transition event="done.state.s" target="p"/>
              <transition event="done.state.nowhere go" target="p"/></state>
            <final id="p"/>
            """)
        #expect(found.codes == ["I009", "I009"] && found.lines == [2, 3] && found.compiles == true, "\(found)")
        let raised = finding.importing(
            """
            <state id="s"><onentry><raise event="done.state.s"/></onentry>
              <transition event="done.state.s" target="p"/></state>
            <final id="p"/>
            """)
        #expect(raised.codes == ["I005"] && raised.lines == [3] && raised.compiles == nil, "\(raised)")
    }

    /// `!` of a value Segue's checker knows is no `bool`, and a `cond` that is none, are ECMAScript's truthiness
    /// (the suite's `truthiness` chart runs them); a conversion the flow cannot write is I006 at the attribute.
    @Test(arguments: [
        ("!_event.type", "(current_event.type == '')"),
        ("!'abc' == !null", "('abc' == '') == true"),
        ("!(1 + 2)", "((1 + 2) == 0)"),
        ("!_event.sendid", "(current_event.sendid == null || current_event.sendid == '')"),
        ("!x", "!x"),
        ("!(x == 1)", "!(x == 1)"),
    ])
    func notOfAValueThatIsNoBoolIsItsTruthiness(_ ecma: String, _ segue: String) {
        let result = SCXMLImporter.translate(
            SourceFile(
                path: "chart.scxml",
                text: FuzzFindingTests.open + #"<datamodel><data id="x" expr="1"/><data id="y"/></datamodel>"#
                    + #"<state id="s"><onentry><assign location="y" expr="\#(ecma.replacingXMLEntities)"/>"#
                    + "</onentry></state></scxml>"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.yaml?.contains("y: \"\(segue)\"") == true, "\(result.yaml ?? "")")
    }

    @Test(arguments: [
        #"<data id="t" expr="-''"/>"#,
        #"<data id="t" expr="x + !_event.type"/>"#,
        #"<data id="t" expr="(x == 1) == 'a'"/>"#,
    ])
    func aConversionTheFlowCannotWriteIsRefusedAtItsPlace(_ data: String) {
        let found = finding.importing(
            #"<datamodel><data id="x" expr="1"/>"# + "\n" + data + "</datamodel>" + #"<state id="s"/>"#)
        #expect(found.codes == ["I006"] && found.lines == [3] && found.compiles == nil, "\(found)")
    }

    /// The `<cancel>` of a delayed send whose event no transition takes (emitted to the host, no timer) cancels
    /// nothing; a `<parallel>` without regions is entered and left as an atomic state.
    @Test func aCancelOfNoTimerAndAParallelWithoutRegionsLoad() {
        let found = finding.importing(
            """
            <state id="s"><onentry><send event="tick" delay="1s" id="ticker"/></onentry>
              <onexit><cancel sendid="ticker"/></onexit><transition event="go" target="p"/></state>
            <parallel id="p"><transition event="done.state.p" target="s"/></parallel>
            """)
        #expect(found.codes == ["I009", "I009", "I009"] && found.lines == [2, 3, 4], "\(found)")
        #expect(found.compiles == true)
    }
}

extension String {
    /// The text as an XML attribute's value writes it.
    fileprivate var replacingXMLEntities: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
