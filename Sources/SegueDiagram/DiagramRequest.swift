import Foundation
import SegueModel

/// What `segue diagram` was asked for: a format, optionally one screen's neighbourhood, alerts and an overlay.
///
///     var request = DiagramRequest(format: .mermaid)
///     request.focus = DiagramRequest.Focus(screen: "donate", depth: 1)
///     let text = try await request.render(flow).text
public struct DiagramRequest: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case dot
        case mermaid
        case plantuml
        case svg
        case png
    }

    /// One screen and the screens within `depth` transitions of it (`--screen NAME --depth N`).
    public struct Focus: Sendable, Hashable {
        public var screen: String
        public var depth: Int

        public init(screen: String, depth: Int = 1) {
            self.screen = screen
            self.depth = depth
        }
    }

    public var format: Format
    /// Draw only part of the flow.
    public var focus: Focus?
    /// Draw alerts as notes beside the screens that show them.
    public var includeAlerts: Bool
    /// Highlight the transitions a run took.
    public var trace: TransitionTrace?
    /// Draw taken transitions bold and never-taken ones grey.
    public var coverage: TransitionCoverage?

    public init(
        format: Format, focus: Focus? = nil, includeAlerts: Bool = false,
        trace: TransitionTrace? = nil, coverage: TransitionCoverage? = nil
    ) {
        self.format = format
        self.focus = focus
        self.includeAlerts = includeAlerts
        self.trace = trace
        self.coverage = coverage
    }

    /// The diagram's bytes, plus warnings about overlay entries that match no transition.
    public struct Output: Sendable {
        public var data: Data
        public var warnings: [String]

        /// The bytes as UTF-8 text (for DOT, Mermaid and PlantUML).
        public var text: String { String(decoding: data, as: UTF8.self) }
    }

    /// The graph this request draws: focused, with alerts and overlays applied.
    public func graph(of flow: Flow) throws(DiagramError) -> (graph: TransitionGraph, warnings: [String]) {
        var graph = TransitionGraph(flow: flow, includeAlerts: includeAlerts)
        var warnings: [String] = []
        if let trace {
            for step in graph.unmatchedSteps(of: trace) {
                let taken = trace.steps[step - 1]
                warnings.append(
                    "trace step \(step) (\(taken.from) → \(taken.to), \(taken.kind.rawValue)) is not a transition of "
                        + "flow \(flow.id.text)")
            }
            graph = graph.highlighting(trace)
        }
        if let coverage {
            let unmatched = coverage.counts.keys.filter { taken in !graph.transitions.contains { taken.matches($0) } }
            for taken in unmatched.sorted(by: {
                ($0.from, $0.to, $0.kind.rawValue) < ($1.from, $1.to, $1.kind.rawValue)
            }) {
                warnings.append(
                    "coverage entry \(taken.from) → \(taken.to) (\(taken.kind.rawValue)) is not a transition of "
                        + "flow \(flow.id.text)")
            }
            graph = graph.applying(coverage)
        }
        if let focus { graph = try graph.focused(on: focus.screen, depth: focus.depth) }
        return (graph, warnings)
    }

    /// Draws the flow; SVG and PNG run Graphviz's `dot`.
    public func render(_ flow: Flow, graphviz: Graphviz = Graphviz()) async throws(DiagramError) -> Output {
        let (graph, warnings) = try self.graph(of: flow)
        let data: Data
        switch format {
        case .dot: data = Data(DOTRenderer().render(graph).utf8)
        case .mermaid: data = Data(MermaidRenderer().render(graph).utf8)
        case .plantuml: data = Data(PlantUMLRenderer().render(graph).utf8)
        case .svg: data = try await graphviz.render(DOTRenderer().render(graph), as: .svg)
        case .png: data = try await graphviz.render(DOTRenderer().render(graph), as: .png)
        }
        return Output(data: data, warnings: warnings)
    }
}
