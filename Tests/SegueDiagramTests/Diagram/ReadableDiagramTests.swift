import Foundation
import SegueCheck
import SegueModel
import SegueRuntime
import SegueTestFixtures
import Testing

@testable import SegueDiagram

/// Diagrams a person reads (issue 14): parallel edges merged, nested states boxed inside their screen, template
/// titles replaced by the screen id, a legend; and each format accepted by its own tool where it is installed.
@Suite struct ReadableDiagramTests {
    func seed(_ name: String) throws -> TransitionGraph {
        let loaded = FlowLoader().load(path: repository.appendingPathComponent("flows/\(name).yaml").path)
        return TransitionGraph(flow: try #require(loaded.flow))
    }

    @Test func parallelEdgesBetweenTwoScreensAreOneEdgeListingTheirTriggers() throws {
        let graph = try seed("donate")
        let back = graph.mergedTransitions.filter { $0.from == "donate_form" && $0.to == "donate" }
        #expect(back.count == 1)
        #expect(
            back.first?.labels == ["on add_entry / board.add_entry ok", "tap later"])
        let dot = DOTRenderer().render(graph)
        #expect(dot.components(separatedBy: "s_donate_form -> s_donate ").count == 2, "one DOT edge")
        let mermaid = MermaidRenderer().render(graph)
        #expect(
            mermaid.contains(
                "s_donate_form -.->|\"on add_entry / board.add_entry ok<br/>tap later\"| s_donate\n"))
        let plantUML = PlantUMLRenderer().render(graph)
        #expect(plantUML.contains("s_donate_form -[dotted]-> s_donate : on add_entry"))
    }

    @Test func aMergedEdgeKeepsWhatTheOverlaysSay() {
        #expect(
            MergedTransition.combined([.traced(steps: [4]), .plain, .traced(steps: [1])]) == .traced(steps: [1, 4]))
        #expect(MergedTransition.combined([.covered(count: 2), .uncovered, .covered(count: 1)]) == .covered(count: 3))
        #expect(MergedTransition.combined([.uncovered, .uncovered]) == .uncovered)
        #expect(MergedTransition.combined([.plain]) == .plain)
    }

    @Test func nestedStatesAreDrawnInsideTheirScreenWithCompoundStatesLabelled() throws {
        let dot = DOTRenderer().render(try seed("pictone"))
        let screen = try #require(dot.range(of: "subgraph cluster_s_script_details {"))
        let recording = try #require(dot.range(of: "subgraph cluster_s_script_details__recording {"))
        #expect(screen.upperBound < recording.lowerBound, "recording's box is inside the screen's")
        #expect(dot.contains("label=\"recording\"; style=rounded"))
        #expect(dot.contains("label=\"script_details\"; style=rounded"))
        // Arrows to and from the screen end at its box.
        #expect(
            dot.contains(
                "s_home -> s_script_details [label=\"tap featured\\ntap home_scripts\", style=solid, lhead=cluster_s_script_details];"
            ))
        #expect(dot.contains("ltail=cluster_s_script_details__recording"))
        let mermaid = MermaidRenderer().render(try seed("pictone"))
        #expect(mermaid.contains("subgraph s_script_details [\"script_details\"]"))
        #expect(mermaid.contains("subgraph s_script_details__recording [\"recording\"]"))
    }

    @Test func aTemplateTitleShowsTheScreenID() throws {
        for render in [DOTRenderer().render, MermaidRenderer().render, PlantUMLRenderer().render] {
            let text = render(try seed("donate"))
            #expect(!text.contains("${entry.name}"))
        }
        #expect(DOTRenderer().render(try seed("donate")).contains("s_donate_one_post [label=\"donate_one_post\"];"))
        #expect(
            DOTRenderer().render(try seed("donate")).contains("label=\"Поддержать\\n(donate)\""), "plain titles stay")
    }

    @Test func everyFormatHasALegendOfTheEdgeStyles() throws {
        let graph = try seed("donate")
        for text in [DOTRenderer().render(graph), MermaidRenderer().render(graph), PlantUMLRenderer().render(graph)] {
            for entry in DiagramLegend.entries { #expect(text.contains(entry.meaning)) }
        }
    }

    @Test(arguments: ["donate", "pictone"])
    func graphvizDrawsTheSeedDiagramsWithoutAWarning(flow: String) async throws {
        guard let dot = Graphviz.locate() else {
            print("skipped: Graphviz `dot` is not installed (apt-get install graphviz)")
            return
        }
        let result = try await run(dot, ["-Tsvg", "-o", "/dev/null"], input: DOTRenderer().render(try seed(flow)))
        #expect(result.status == 0)
        #expect(result.errors.isEmpty, "dot warned: \(result.errors)")
    }

    @Test(arguments: ["donate", "pictone"])
    func plantUMLAcceptsTheSeedDiagrams(flow: String) async throws {
        let path = ProcessInfo.processInfo.environment["PATH"]
        guard let plantuml = ChildProcess.executable(named: "plantuml", searchPath: path) else {
            print("skipped: PlantUML is not installed (apt-get install plantuml)")
            return
        }
        let result = try await run(plantuml, ["-syntax"], input: PlantUMLRenderer().render(try seed(flow)))
        #expect(result.output.hasPrefix("STATE"), "plantuml -syntax: \(result.output)")
        #expect(!result.output.contains("ERROR"))
    }

    /// Runs a tool with `input` on its standard input (the one process runner, Graphviz's).
    private func run(_ executable: URL, _ arguments: [String], input: String) async throws -> (
        status: Int32, output: String, errors: String
    ) {
        let result = try await ChildProcess.run(executable, arguments: arguments, input: Data(input.utf8))
        return (
            result.status, String(decoding: result.output, as: UTF8.self),
            String(decoding: result.errors, as: UTF8.self)
        )
    }
}
