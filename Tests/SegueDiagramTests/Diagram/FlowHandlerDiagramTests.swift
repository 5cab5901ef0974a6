import SegueModel
import Testing

@testable import SegueDiagram

/// The flow's own `on:` is the responder chain's last step: its navigation is drawn from each screen that raises
/// the event and does not take it itself, as if the handler were on that screen.
@Suite struct FlowHandlerDiagramTests {
    /// `list` and `wall` send `open` and leave it to the flow; `own` sends it and takes it itself.
    static func flow(flowHandlers: [Handler]) -> Flow {
        var flow = Build.flow(
            "f", start: "list",
            screens: [
                Build.screen(
                    "list", navigation: true,
                    elements: [
                        Build.button("open", tap: [Build.send("open")]), Build.button("all", tap: [Build.show("wall")]),
                        Build.button("mine", tap: [Build.show("own")]),
                    ]),
                Build.screen("wall", elements: [Build.list("cells", item: "card", tap: nil)]),
                Build.screen(
                    "own", elements: [Build.button("open", tap: [Build.send("open")])],
                    handlers: [Build.handler("open", [(nil, [Build.present("sheet")])])]),
                Build.screen("post", elements: [Build.button("back", tap: [Build.navigate(.pop)])]),
                Build.screen("sheet", elements: [Build.button("close", tap: [Build.dismiss])]),
            ],
            components: [Build.component("card", [Build.button("more", tap: [Build.send("open")])])])
        flow.handlers = flowHandlers
        return flow
    }

    @Test func aFlowHandlerIsDrawnFromEverySenderThatLeavesTheEventToIt() {
        let graph = TransitionGraph(
            flow: Self.flow(flowHandlers: [Build.handler("open", [(nil, [Build.show("post")])])]))
        #expect(
            edgeLines(graph) == [
                "list → wall (show) tap all",
                "list → own (show) tap mine",
                // From the flow's `on: open`, drawn where it is sent: `list` itself and the card on `wall`.
                "list → post (show) on open",
                "wall → post (show) on open",
                // `own` takes `open` itself: only its own handler is drawn from it.
                "own → sheet (present) on open",
                // `post` is pushed from both senders, so its pop returns to either.
                "post → list (pop) tap back",
                "post → wall (pop) tap back",
                "sheet → own (dismiss) tap close",
            ])
    }

    @Test func withoutTheFlowHandlerNothingIsDrawnForTheSend() {
        let edges = edgeLines(TransitionGraph(flow: Self.flow(flowHandlers: [])))
        #expect(!edges.contains { $0.contains("→ post") })
    }

    @Test func anEventTheFlowHandlerSendsGoesOnFromTheSameScreen() {
        let graph = TransitionGraph(
            flow: Self.flow(flowHandlers: [
                Build.handler("open", [(nil, [Build.send("reveal")])]),
                Build.handler("reveal", [("ready", [Build.show("post")])]),
            ]))
        let fromFlow = edgeLines(graph).filter { $0.contains("→ post") }
        #expect(fromFlow == ["list → post (show) on reveal [ready]", "wall → post (show) on reveal [ready]"])
    }
}
