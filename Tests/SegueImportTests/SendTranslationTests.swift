import SegueDiagnostics
import Testing

@testable import SegueImport

/// What a `<send>` and `<cancel>` computed at run time become: `target:`, `processor:`, `id_as:`, `timer:`.
@Suite struct SendTranslationTests {
    static func translate(_ body: String, data: String = "<data id=\"v\"/>") -> (yaml: String?, messages: [String]) {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml"><datamodel>\(data)</datamodel>
            <state id="a"><onentry>\(body)</onentry><transition event="e" target="a"/>
            <transition event="error" target="a"/></state></scxml>
            """
        let result = SCXMLImporter.translate(SourceFile(path: "t.scxml", text: xml))
        return (result.yaml, result.diagnostics.map(\.message))
    }

    @Test func targetexprAndTypeexprAreComputedWhenSentAndADelayedOneIsRefused() throws {
        let result = Self.translate("<send event=\"e\" targetexpr=\"v\" typeexpr=\"_event.origintype\"/>")
        let yaml = try #require(result.yaml)
        // `type: external` is SCXML's default queue, for a target that gives null.
        #expect(
            yaml.contains(
                "- send: e\n          target: v\n          processor: current_event.origintype\n"
                    + "          type: external\n"))
        let delayed = Self.translate("<send event=\"e\" targetexpr=\"v\" delay=\"1s\"/>")
        #expect(delayed.yaml == nil)
        #expect(delayed.messages == ["a delayed send with a computed `targetexpr` is not translated"])
    }

    @Test func idlocationBecomesIdAsAndItsSendsTargetIsDecidedWhenSent() throws {
        let result = Self.translate("<send event=\"e\" target=\"baz\" idlocation=\"v\"/>")
        let yaml = try #require(result.yaml)
        // Not the static `error.execution`: the error must carry the id generated into `v`.
        #expect(
            yaml.contains(
                "- send: e\n          target: \"'baz'\"\n          type: external\n          id_as: v\n"))
        #expect(result.messages.isEmpty)
    }

    @Test func anEventNoTransitionTakesIsStillSentWhenSendingStoresAnId() throws {
        let result = Self.translate("<send event=\"unheard\" idlocation=\"v\"/>")
        let yaml = try #require(result.yaml)
        #expect(
            yaml.contains(
                "- send: ~\n          event: \"'unheard'\"\n          type: external\n          id_as: v\n"
                    + "        - emit: unheard\n"))
        // Delayed: the id is stored when it is sent; the delay only postponed an event SCXML discards.
        let delayed = try #require(Self.translate("<send event=\"unheard\" idlocation=\"v\" delay=\"2ms\"/>").yaml)
        #expect(delayed.contains("- send: ~\n          event: \"'unheard'\"\n          type: external\n          id_as: v\n"))
        #expect(!delayed.contains("delay"))
    }

    /// The host still sees an event no transition takes (Qt's `eventoccurred`, a pinball's `updateScore`): it
    /// leaves as an output event with its payload.
    @Test func anEventNoTransitionTakesLeavesForTheHost() throws {
        let result = Self.translate(
            "<send event=\"updateScore\"><param name=\"points\" expr=\"10\"/></send>"
                + "<send event=\"eventoccurred\"><content>'hi'</content></send>")
        let yaml = try #require(result.yaml)
        #expect(yaml.contains("- emit: updateScore\n          with:\n            points: \"10\"\n"), "\(yaml)")
        #expect(yaml.contains("- emit: eventoccurred\n          with:\n            data: \"'hi'\"\n"), "\(yaml)")
        #expect(
            result.messages.first
                == "no transition takes `updateScore`; SCXML discards it, so the flow emits it to the host as an output event instead"
        )
    }

    @Test func anIdlocationThatIsNoDataOrBesideAnIdIsRefused() {
        #expect(
            Self.translate("<send event=\"e\" idlocation=\"w\"/>").messages == [
                "`idlocation` must name a `<data>` of the chart to be translated"
            ])
        #expect(
            Self.translate("<send event=\"e\" id=\"x\" idlocation=\"v\"/>").messages == [
                "`<send>` takes an `id` or an `idlocation`, not both"
            ])
    }

    @Test func sendidexprCancelsByTheIdItComputes() throws {
        let result = Self.translate("<send event=\"e\" id=\"x\" delay=\"1s\"/><cancel sendidexpr=\"v\"/>")
        let yaml = try #require(result.yaml)
        #expect(yaml.contains("        - cancel_timer: ~\n          timer: v\n"))
    }
}
