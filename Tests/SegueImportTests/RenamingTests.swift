import SegueDiagnostics
import Testing

@testable import SegueImport

/// One renaming for state ids and event names, collision-free (a name that meets another gets the next free one,
/// with an I008 warning at it); send ids are strings and stay as written, in `id:`, `cancel_timer:` and
/// `current_event.sendid` alike.
@Suite struct RenamingTests {
    static func translate(_ states: String) -> (yaml: String?, diagnostics: [Diagnostic]) {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml">
            \(states)
            </scxml>
            """
        let result = SCXMLImporter.translate(SourceFile(path: "t.scxml", text: xml))
        return (result.yaml, result.diagnostics)
    }

    @Test func eventNamesThatWouldMeetStayTwoEvents() throws {
        let result = Self.translate(
            """
            <state id="a"><onentry><raise event="go-left"/><raise event="go_left.x"/></onentry>
            <transition event="go-left" target="a"/><transition event="go_left" target="a"/></state>
            """)
        let yaml = try #require(result.yaml)
        #expect(yaml.contains("- send: go_left_2\n"))
        #expect(yaml.contains("- send: go_left.x\n"))
        #expect(yaml.contains("        go_left_2:\n") && yaml.contains("        go_left:\n"))
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.code == "I008")
        #expect(
            warning.message
                == "the event names `go_left` and `go-left` would both become `go_left` in the flow; `go-left` is `go_left_2` there"
        )
        // At the first place the renamed name is written: `<raise event="go-left"/>`.
        #expect(warning.range.start.line == 2 && warning.range.start.column == 38)
        #expect(result.diagnostics.count == 1)
    }

    @Test func stateIdsThatWouldMeetAreTwoStates() throws {
        let result = Self.translate(
            """
            <state id="s-1"><transition event="e" target="s_1"/><final id="f"/></state>
            <state id="s_1"><transition event="done.state.s-1" target="s-1"/></state>
            """)
        let yaml = try #require(result.yaml)
        #expect(yaml.contains("      s_1_2:\n") && yaml.contains("      s_1:\n"))
        #expect(yaml.contains("done.state.s_1_2:\n          - goto: s_1_2\n"))
        #expect(
            result.diagnostics.map(\.message) == [
                "the state ids `s_1` and `s-1` would both become `s_1` in the flow; `s-1` is `s_1_2` there"
            ])
    }

    @Test func sendIdsAreKeptAsWrittenByTheSendAndItsCancel() throws {
        let result = Self.translate(
            """
            <state id="a"><onentry><send event="e" id="t-1.x" delay="1s"/><cancel sendid="t-1.x"/>
            <cancel sendidexpr="'t-1.x'"/></onentry><transition event="e" target="a"/></state>
            """)
        let yaml = try #require(result.yaml)
        #expect(yaml.contains("id: \"t-1.x\"\n"))
        #expect(yaml.components(separatedBy: "- cancel_timer: \"t-1.x\"\n").count == 3)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func doneEventsNameTheStateOrInvocationAsTheFlowDoes() {
        let names = EventNames(
            written: [], stateNames: ["a.b": "a_b", "p-1": "p_1"], invokeIDs: ["w-1"])
        #expect(names.descriptor("done.state.a.b") == "done.state.a_b")
        #expect(names.descriptor("done.state.p-1.*") == "done.state.p_1")
        #expect(names.event("done.invoke.w-1") == "done.invoke.w_1")
        #expect(names.descriptor("done.state.*") == "done.state")
        #expect(names.descriptor("done.*") == "done")
        #expect(names.event("done.state.nobody-here") == "done.state.nobody_here")
    }
}
