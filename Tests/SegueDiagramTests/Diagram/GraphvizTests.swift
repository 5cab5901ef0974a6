import Foundation
import SegueRuntime
import Testing

@testable import SegueDiagram

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

/// Many conversions at once, more than the cooperative pool has threads, each getting back its own output: the
/// blocking reads and the write run on threads of their own. (On `Task.detached` they once deadlocked a full test run
/// on 2 cores: two reads held both pool threads and `dot` never saw the end of its input. This test does not force
/// that schedule; it proves the conversions stay correct when they overlap.) Alone it takes well under a second; the
/// limit catches a hang, and is wide because in a full parallel run each of its awaits resumes behind the suite's
/// queued tests (167 s once on 2 cores at a load average of 15, where every test started reads ~150 s).
@Test(.timeLimit(.minutes(5))) func moreConversionsAtOnceThanThePoolHasThreadsAllFinish() async throws {
    let cat = URL(fileURLWithPath: "/bin/cat")
    let input = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0) })
    let count = 2 * ProcessInfo.processInfo.activeProcessorCount + 1
    let outputs = try await withThrowingTaskGroup(of: Data.self) { group in
        for _ in 0..<count {
            group.addTask { try await ChildProcess.run(cat, arguments: [], input: input).output }
        }
        return try await group.reduce(into: [Data]()) { $0.append($1) }
    }
    #expect(outputs.count == count)
    #expect(outputs.allSatisfy { $0 == input })
}
