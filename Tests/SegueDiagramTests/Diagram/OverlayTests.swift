import Foundation
import Testing

@testable import SegueDiagram

@Suite struct OverlayTests {
    @Test func aTraceHighlightsItsEdgesWithStepNumbers() throws {
        let json = """
            [{"from": "main", "to": "donate", "kind": "present"},
             {"from": "donate", "to": "wall", "kind": "show"},
             {"from": "wall", "to": "donate", "kind": "pop"},
             {"from": "donate", "to": "main", "kind": "dismiss"},
             {"from": "main", "to": "donate", "kind": "present"}]
            """
        let trace = try TransitionTrace(json: Data(json.utf8), path: "run.json")
        let graph = TransitionGraph(flow: Build.donations).highlighting(trace)
        let traced = graph.transitions.compactMap { edge -> String? in
            guard case .traced(let steps) = edge.emphasis else { return nil }
            return "\(edge.from) → \(edge.to ?? "?") \(steps)"
        }
        #expect(traced == ["main → donate [1, 5]", "donate → wall [2]", "donate → main [4]"])
        #expect(graph.screens.filter(\.visited).map(\.name) == ["main", "donate", "wall"])
        #expect(graph.unmatchedSteps(of: trace) == [3])
        let dot = DOTRenderer().render(graph)
        #expect(
            dot.contains(
                ##"s_main -> s_donate [label="tap donate (#1, #5)", style=dashed, color="#D62728", fontcolor="#D62728", penwidth=2.5];"##
            ))
        #expect(dot.contains(##"s_wall [label="Доска почета\n(wall)", color="#D62728", penwidth=2];"##))
    }

    @Test func coverageDrawsTakenEdgesBoldAndTheRestGrey() throws {
        let json = """
            {"transitions": [{"from": "main", "to": "donate", "kind": "present", "count": 3},
                             {"from": "main", "to": "donate", "kind": "present", "count": 2},
                             {"from": "donate", "to": "wall", "kind": "show", "count": 0}]}
            """
        let coverage = try TransitionCoverage(json: Data(json.utf8), path: "coverage.json")
        let graph = TransitionGraph(flow: Build.donations).applying(coverage)
        #expect(graph.transitions[0].emphasis == .covered(count: 5))
        #expect(graph.transitions.dropFirst().allSatisfy { $0.emphasis == .uncovered })
        let mermaid = MermaidRenderer().render(graph)
        #expect(mermaid.contains(#"s_main -->|"tap donate ×5"| s_donate"#))
        #expect(mermaid.contains("linkStyle 1 stroke-dasharray:8 4,stroke-width:4px\n"))
        #expect(mermaid.contains("linkStyle 2,8 stroke-dasharray:8 4,stroke:#BBBBBB,color:#999999\n"))
        // Parallel transitions are one link each, so the grey ones are fewer than the transitions.
        #expect(mermaid.contains("linkStyle 3,4,5,6,7,9,10,11 stroke:#BBBBBB,color:#999999\n"))
        let plantUML = PlantUMLRenderer().render(graph)
        #expect(plantUML.contains("s_main -[thickness=3,dashed]-> s_donate : tap donate ×5\n"))
        #expect(plantUML.contains("s_donate -[#BBBBBB]-> s_wall : tap all\n"))
    }

    @Test func badOverlaysSayWhatAndWhere() {
        #expect(
            throws: DiagramError.invalidOverlay(
                path: "t.json", message: "expected a JSON list of transitions: not valid JSON")
        ) {
            try TransitionTrace(json: Data("[{".utf8), path: "t.json")
        }
        #expect(
            throws: DiagramError.invalidOverlay(
                path: "t.json",
                message: "step 2 has unknown kind `presnt`; did you mean `present`? "
                    + "(one of present, show, dismiss, pop, pop_to_root, unwind, replace)")
        ) {
            try TransitionTrace(
                json: Data(#"[{"from":"a","to":"b","kind":"show"},{"from":"a","to":"b","kind":"presnt"}]"#.utf8),
                path: "t.json")
        }
        #expect(throws: DiagramError.invalidOverlay(path: "t.json", message: "step 1 has no `to`, `kind`")) {
            try TransitionTrace(json: Data(#"[{"from":"a"}]"#.utf8), path: "t.json")
        }
        #expect(
            throws: DiagramError.invalidOverlay(
                path: "c.json", message: "transitions[0] needs a `count` of 0 or more")
        ) {
            try TransitionCoverage(
                json: Data(#"{"transitions":[{"from":"a","to":"b","kind":"pop"}]}"#.utf8), path: "c.json")
        }
        #expect(
            throws: DiagramError.invalidOverlay(
                path: "c.json", message: #"expected a JSON object {"transitions": [...]}: missing `transitions`"#)
        ) {
            try TransitionCoverage(json: Data("{}".utf8), path: "c.json")
        }
    }

    @Test func focusKeepsAScreenAndItsNeighbours() throws {
        let graph = TransitionGraph(flow: Build.donations, includeAlerts: true)
        let near = try graph.focused(on: "main", depth: 1)
        #expect(near.screens.map(\.name) == ["main", "donate"])
        #expect(edgeLines(near) == ["main → donate (present) tap donate", "donate → main (dismiss) tap close"])
        #expect(near.navigationControllers == [NavigationController(root: "donate", members: [])])
        #expect(near.alerts.count == 2)
        let alone = try graph.focused(on: "post", depth: 0)
        #expect(alone.screens.map(\.name) == ["post"])
        #expect(alone.transitions.isEmpty)
        #expect(
            try graph.focused(on: "main", depth: 2).screens.map(\.name) == ["main", "donate", "post", "wall", "form"])
    }

    @Test func focusOnAnUnknownScreenSuggestsOne() {
        let graph = TransitionGraph(flow: Build.donations)
        #expect(throws: DiagramError.unknownScreen(name: "donat", suggestion: "donate")) {
            try graph.focused(on: "donat", depth: 1)
        }
        #expect(throws: DiagramError.negativeDepth(-1)) { try graph.focused(on: "donate", depth: -1) }
        #expect(
            DiagramError.unknownScreen(name: "donat", suggestion: "donate").description
                == "no screen named `donat` in the flow; did you mean `donate`?")
    }

    @Test func aRequestWarnsAboutTraceStepsThatAreNotInTheFlow() async throws {
        let trace = TransitionTrace(steps: [TakenTransition(from: "main", to: "nowhere", kind: .show)])
        let output = try await DiagramRequest(format: .dot, trace: trace).render(Build.donations)
        #expect(output.warnings == ["trace step 1 (main → nowhere, show) is not a transition of flow donate"])
        #expect(output.text.hasPrefix("// flow donate: generated by `segue diagram`; do not edit\ndigraph"))
    }
}

@Test func aFocusedRequestDrawsOnlyTheNeighbourhood() async throws {
    let request = DiagramRequest(format: .plantuml, focus: DiagramRequest.Focus(screen: "form", depth: 1))
    let text = try await request.render(Build.donations).text
    let states = text.split(separator: "\n").filter { $0.contains("state \"") }.map { String($0) }
    #expect(
        states == [
            #"state "navigation: donate" as nav_s_donate {"#, #"  state "Поддержать\n(donate)" as s_donate ##[bold]"#,
            #"  state "Доска почета\n(wall)" as s_wall"#, #"state "Доска почета\n(form)" as s_form"#,
        ])
    await #expect(throws: DiagramError.unknownScreen(name: "forms", suggestion: "form")) {
        try await DiagramRequest(format: .dot, focus: DiagramRequest.Focus(screen: "forms")).render(Build.donations)
    }
}
