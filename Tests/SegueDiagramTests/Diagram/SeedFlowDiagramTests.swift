import Foundation
import SegueDiagnostics
import SegueModel
import SegueYAML
import Testing

@testable import SegueDiagram

/// The seed flows, read from flows/ with the YAML loader and the decoder, draw the transitions the apps have.
@Suite struct SeedFlowDiagramTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func load(_ name: String) throws -> Flow {
        let url = Self.root.appendingPathComponent("flows/\(name)")
        let file = SourceFile(path: "flows/\(name)", bytes: Array(try Data(contentsOf: url)))
        let loaded = YAMLLoader().load(file)
        var decoder = FlowDecoder(file: file)
        let flow = decoder.decodeFlow(loaded.root)
        #expect(loaded.diagnostics.isEmpty && decoder.diagnostics.isEmpty)
        return try #require(flow)
    }

    @Test func donateHasEveryNavigationOfTheDonationsApp() throws {
        let graph = TransitionGraph(flow: try load("donate.yaml"))
        #expect(
            edgeLines(graph) == [
                "main → donate (present) tap donate",
                "donate → donate_form (present) on buy / store.purchase ok",
                "donate → donate_form (present) tap add",
                "donate → donate_one_post (show) on open_entry",
                "donate → donate_all_post (show) tap all",
                "donate → main (dismiss) tap close",
                "donate_all_post → donate_form (present) tap entry_action [!has_entry]",
                "donate_all_post → donate_one_post (show) on open_entry",
                "donate_form → donate (dismiss) on add_entry / board.add_entry ok",
                "donate_form → donate (dismiss) tap later",
                "donate_form → donate_all_post (dismiss) on add_entry / board.add_entry ok",
                "donate_form → donate_all_post (dismiss) tap later",
            ])
        #expect(
            graph.navigationControllers == [
                NavigationController(root: "donate", members: ["donate_one_post", "donate_all_post"])
            ])
    }
}

extension SeedFlowDiagramTests {
    @Test func pictoneHasItsScreensTransitionsAndRecordingStates() throws {
        let graph = TransitionGraph(flow: try load("pictone.yaml"))
        #expect(
            edgeLines(graph) == [
                "splash → home (replace) on_enter / after 1.5s",
                "home → scripts_list (show) tap all_scripts",
                "home → script_details (show) tap featured",
                "home → script_details (show) tap home_scripts",
                "scripts_list → script_details (show) tap scripts",
                "script_details → trim_take (present) on trim",
                "trim_take → script_details (dismiss) tap cancel",
                "trim_take → script_details (dismiss) tap save / audio.trim ok",
            ])
        #expect(
            graph.navigationControllers == [
                NavigationController(root: "home", members: ["scripts_list", "script_details"])
            ])
        #expect(
            graph.stateTransitions.map { "\($0.from ?? "-") → \($0.to)" } == [
                "playback → recording", "recording → playback", "recording.ready → recording.counting",
                "recording.counting → recording.capturing", "recording.counting → recording.ready",
                "recording.capturing → recording.ready", "recording.capturing → recording.ready",
            ])
        let details = try #require(graph.screen(named: "script_details"))
        #expect(details.states.map(\.path) == ["playback", "recording"])
        #expect(
            details.states[1].children.map(\.path) == ["recording.ready", "recording.counting", "recording.capturing"])
    }
}
