import Foundation
import Testing

@testable import SegueTools

@Suite(.enabled(if: Graphviz.locate() != nil, "Graphviz `dot` is not installed (Debian package graphviz): skipped"))
struct GraphvizTests {
    @Test func dotRendersTheDiagramAsSVGWithRussianLabels() async throws {
        let graph = TransitionGraph(flow: Build.donations, includeAlerts: true)
        let svg = String(decoding: try await Graphviz().render(DOTRenderer().render(graph), as: .svg), as: UTF8.self)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("<title>donate</title>"))
        #expect(svg.contains(">Поддержать</text>"))
        #expect(svg.contains(">✓ Отлично</text>"))
        #expect(svg.contains("<title>cluster_nav_s_donate</title>"))
        // One SVG group per edge: the start arrow, each merged transition, every alert link and the legend's.
        let legend = DiagramLegend.entries.count
        let edges = svg.components(separatedBy: #"<g id="edge"#).count - 1
        #expect(edges == 1 + graph.mergedTransitions.count + graph.alerts.count + legend)
        #expect(graph.mergedTransitions.count < graph.transitions.count, "the donations flow has parallel edges")
        let nodes = svg.components(separatedBy: #"class="node""#).count - 1
        #expect(nodes == 1 + graph.screens.count + graph.alerts.count + 2 * legend)
    }

    @Test func pngBytesStartWithThePNGSignature() async throws {
        let png = try await Graphviz().render(DOTRenderer().render(TransitionGraph(flow: Build.tiny)), as: .png)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func dotErrorsComeBackTyped() async {
        await #expect(throws: DiagramError.self) { try await Graphviz().render("digraph {", as: .svg) }
        do {
            _ = try await Graphviz().render("digraph { a -> }", as: .svg)
            Issue.record("dot accepted a broken graph")
        } catch {
            guard case .graphvizFailed(let status, let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(status == 1)
            #expect(message.contains("syntax error"))
        }
    }
}

@Test func aMissingDotNamesTheDebianPackage() async {
    #expect(Graphviz.locate(path: "/nonexistent:/also/missing") == nil)
    await #expect(throws: DiagramError.graphvizMissing) {
        try await Graphviz(searchPath: "/nonexistent").render("digraph {}", as: .svg)
    }
    #expect(
        DiagramError.graphvizMissing.description
            == "SVG and PNG need Graphviz's `dot`, which is not installed; install the Debian package `graphviz` "
            + "(apt-get install graphviz), or use --format dot, mermaid or plantuml")
}
