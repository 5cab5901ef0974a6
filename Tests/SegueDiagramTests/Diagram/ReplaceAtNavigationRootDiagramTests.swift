import SegueDiagram
import Testing

/// The diagrams place screens in navigation controllers by the runtime's rules (SegueModel's navigation model).
@Suite struct ReplaceAtNavigationRootDiagramTests {
    @Test func aNavigationRootReplacedByAPlainScreenLeavesNoControllerAround() {
        let flow = Build.flow(
            "f", start: "main",
            screens: [
                Build.screen(
                    "main", navigation: true, elements: [Build.button("swap", tap: [Build.navigate(.replace, "plain")])]
                ),
                Build.screen("plain", elements: [Build.button("go", tap: [Build.show("detail")])]),
                Build.screen("detail", elements: [Build.button("close", tap: [Build.dismiss])]),
            ])
        let graph = TransitionGraph(flow: flow)
        // `plain` is alone in its layer, so its `show` presents `detail` modally, and dismissing returns to it.
        #expect(graph.navigationControllers == [NavigationController(root: "main", members: [])])
        #expect(
            edgeLines(graph) == [
                "main → plain (replace) tap swap",
                "plain → detail (show) tap go",
                "detail → plain (dismiss) tap close",
            ])
    }
}
