import Foundation
import SegueDiagnostics
import Testing

@testable import SegueImport

/// The flow an SCXML document becomes, construct by construct.
@Suite struct TranslationTests {
    @Test func theMicrowaveTranslatesConstructByConstruct() throws {
        let result = SCXMLImporter.translate(try Fixture.source("microwave.scxml"))
        #expect(result.diagnostics.isEmpty)
        let yaml = try #require(result.yaml)
        let expected = try Fixture.text("microwave.yaml")
        if yaml != expected { try? yaml.write(toFile: "/tmp/microwave.actual.yaml", atomically: true, encoding: .utf8) }
        #expect(yaml == expected)
    }

    @Test func expressionsInTheSharedSubsetBecomeSegueExpressions() {
        let cases: [(String, String)] = [
            ("Var1 === 'a' && In('s0')", "Var1 == 'a' && state.s0"),
            ("x !== null || !(y > 2)", "x != null || !(y > 2)"),
            ("_event.data.amount * 2 + .5", "current_event.data.amount * 2 + 0.5"),
            ("_event.data === undefined", "current_event.data == null"),
            ("list[0].name", "list[0].name"),
            ("\"double\" + 'single'", "'double' + 'single'"),
            ("a ? -1 : {k: [1, 2]}", "a ? -1 : { k: [1, 2] }"),
            ("undefined == x", "null == x"),
            ("'k' in rec", "'k' in rec"),
            (
                "_event.name == 'go' && _event.sendid === undefined",
                "current_event.name == 'go' && current_event.sendid == null"
            ),
            ("'origin' in _event", "'origin' in current_event"),
            ("_sessionid + _name", "session.id + session.name"),
            (
                "_ioprocessors['scxml'].location",
                "({'http://www.w3.org/TR/scxml/#SCXMLEventProcessor': {location: '#_scxml_' + session.id}, scxml: {location: '#_scxml_' + session.id}}) ['scxml'].location"
            ),
        ]
        let file = SourceFile(path: "t.scxml", text: "")
        let range = SourceRange(path: "t.scxml", at: file.location(ofOffset: 0))
        for (ecma, segue) in cases {
            let translator = ECMAExpression(valueRange: range, file: file) { $0 == "s0" ? "s0" : nil }
            #expect((try? translator.translate(ecma, construct: "`cond`").get()) == segue, "\(ecma)")
        }
    }

    @Test func durationsFollowCSS2() {
        #expect(SCXMLNames.duration("1s") == "1s")
        #expect(SCXMLNames.duration(".5s") == "0.5s")
        #expect(SCXMLNames.duration("250ms") == "250ms")
        #expect(SCXMLNames.duration("2m") == "120s")
        #expect(SCXMLNames.duration("soon") == nil)
        #expect(SCXMLNames.duration("1.2.3s") == nil)
    }

    @Test func idsAndEventsBecomeNames() {
        #expect(SCXMLNames.identifier("s-1") == "s_1")
        #expect(SCXMLNames.identifier("1a") == "_1a")
        #expect(SCXMLNames.descriptor("done.state.s-1.*") == "done.state.s_1")
        #expect(SCXMLNames.descriptor("error.") == "error")
        #expect(SCXMLNames.descriptor("*") == "*")
    }

    @Test func oneTransitionWithSeveralEventsIsListedUnderEach() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml"><state id="a">
            <transition event="x y" target="b"/><transition event="y" target="a"/></state><state id="b"/></scxml>
            """
        let yaml = try #require(SCXMLImporter.translate(SourceFile(path: "t.scxml", text: xml)).yaml)
        #expect(
            yaml.contains(
                "        on:\n          x:\n          - goto: b\n          y:\n          - goto: b\n      b:"
            ), "the second `y` transition is never tried after the unguarded first")
    }

    @Test func aMoreSpecificDescriptorComesFirstAndKeepsDocumentOrder() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml"><datamodel><data id="n" expr="1"/></datamodel>
            <state id="a"><transition event="e" cond="n == 2" target="b"/><transition event="e.x" target="c"/>
            <transition event="e" target="a"/></state><state id="b"/><state id="c"/></scxml>
            """
        let yaml = try #require(SCXMLImporter.translate(SourceFile(path: "t.scxml", text: xml)).yaml)
        let guarded = "          - when: \"n == 2\"\n            goto: b\n"
        // `e.x` takes `e`'s earlier transition too, and is tried first: SCXML's first in document order wins.
        #expect(
            yaml.contains(
                "        on:\n          e.x:\n" + guarded + "          - goto: c\n          e:\n" + guarded
                    + "          - goto: a\n"))
    }

    @Test func sendsToUnreachableTargetsRaiseTheErrorSCXMLRaisesAndEndTheirBlock() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml"><state id="a">
            <onentry><send event="e" target="baz"/><raise event="e"/></onentry>
            <onentry><send event="e" target="#_scxml_nobody"/></onentry><onentry><send event="e" type="27"/></onentry>
            <transition event="error" target="a"/><transition event="e" target="a"/></state></scxml>
            """
        let result = SCXMLImporter.translate(SourceFile(path: "t.scxml", text: xml))
        let yaml = try #require(result.yaml)
        #expect(
            yaml.contains(
                "on_enter:\n        - send: error.execution\n          type: platform\n"
                    + "        - send: error.communication\n          type: platform\n"
                    + "        - send: error.execution\n          type: platform\n        on:"))
        #expect(result.diagnostics.map(\.code) == ["I009", "I009", "I009"])
        #expect(
            result.diagnostics.first?.message
                == "`baz` is not a target SCXML can send to; SCXML raises error.execution here, and so does the flow")
    }

    @Test func eventsNoTransitionTakesAreNotRaised() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml"><state id="a">
            <onentry><raise event="unheard"/><raise event="done.x"/></onentry>
            <transition event="done" target="a"/></state></scxml>
            """
        let result = SCXMLImporter.translate(SourceFile(path: "t.scxml", text: xml))
        let yaml = try #require(result.yaml)
        #expect(yaml.contains("on_enter:\n        - send: done.x\n"))
        #expect(result.diagnostics.map(\.code) == ["I009"])
    }

    @Test func aComputedEventExprBecomesAnEmptySendWithEventAndADelayedOneIsRefused() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml"><datamodel><data id="n" expr="'e'"/></datamodel>
            <state id="a"><onentry><send eventexpr="n"/></onentry><transition event="e" target="a"/></state></scxml>
            """
        let yaml = try #require(SCXMLImporter.translate(SourceFile(path: "t.scxml", text: xml)).yaml)
        #expect(yaml.contains("on_enter:\n        - send: ~\n          event: n\n          type: external\n"))
        let delayed = SCXMLImporter.translate(
            SourceFile(
                path: "t.scxml",
                text: xml.replacingOccurrences(
                    of: "<send eventexpr=\"n\"/>", with: "<send eventexpr=\"n\" delay=\"1s\"/>")))
        #expect(delayed.diagnostics.map(\.message) == ["a delayed send with a computed `eventexpr` is not translated"])
    }
}
