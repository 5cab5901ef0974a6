/// Draws a transition graph as Graphviz DOT: `dot -Tsvg` turns it into a picture.
///
///     let dot = DOTRenderer().render(TransitionGraph(flow: flow))
///
/// Present is dashed, show solid, replace solid with a hollow arrow; dismiss, pop, pop to root and unwind are dotted
/// back-edges that do not pull the layout. Each navigation controller is a cluster; nested states sit in a cluster
/// with their screen.
public struct DOTRenderer: Sendable {
    public init() {}

    public func render(_ graph: TransitionGraph) -> String {
        let ids = DiagramIdentifiers(graph)
        var out = ["// " + DiagramText.banner(graph), "digraph \(quoted(graph.flowID)) {"]
        var graphAttributes = ["rankdir=LR", "fontname=\"Helvetica\"", "newrank=true"]
        if let title = graph.title { graphAttributes += ["label=\(quoted(title))", "labelloc=t"] }
        out.append("    graph [\(graphAttributes.joined(separator: ", "))];")
        out.append("    node [shape=box, style=rounded, fontname=\"Helvetica\"];")
        out.append("    edge [fontname=\"Helvetica\", fontsize=10];")

        if graph.screen(named: graph.start) != nil {
            out.append("    __start [shape=point, width=0.15, label=\"\"];")
        }
        var drawn: Set<String> = []
        for controller in graph.navigationControllers {
            out.append("    subgraph cluster_\(ids.navigationCluster(controller.root)) {")
            out.append(
                "        label=\(quoted("navigation: \(controller.root)")); style=\"rounded,dashed\"; color=grey50;")
            for name in [controller.root] + controller.members {
                guard let screen = graph.screen(named: name) else { continue }
                out += screenBlock(screen, ids: ids, indent: 2)
                drawn.insert(name)
            }
            out.append("    }")
        }
        for screen in graph.screens where !drawn.contains(screen.name) {
            out += screenBlock(screen, ids: ids, indent: 1)
        }
        for (index, alert) in graph.alerts.enumerated() {
            let label = DiagramText.alertLines(alert).map(escaped).joined(separator: "\\n")
            out.append(
                "    \(DiagramIdentifiers.alert(index)) [shape=note, style=filled, fillcolor=\"#FFF8DC\", label=\"\(label)\"];"
            )
        }
        let nowhere = Set(graph.transitions.filter { $0.to == nil }.map(\.from))
        for screen in graph.screens where nowhere.contains(screen.name) {
            out.append(
                "    \(ids.nowhere(from: screen.name)) [shape=circle, label=\"?\", width=0.3, fixedsize=true, color=grey50];"
            )
        }

        if let start = graph.screen(named: graph.start) { out.append("    __start -> \(ids.screen(start.name));") }
        for edge in graph.transitions {
            let target = edge.to.map(ids.screen) ?? ids.nowhere(from: edge.from)
            out.append("    \(ids.screen(edge.from)) -> \(target) [\(attributes(edge).joined(separator: ", "))];")
        }
        for edge in graph.stateTransitions {
            let source = edge.from.map { ids.state(edge.screen, $0) } ?? ids.screen(edge.screen)
            out.append(
                "    \(source) -> \(ids.state(edge.screen, edge.to)) [label=\(quoted(edge.label)), color=grey40];")
        }
        for (index, alert) in graph.alerts.enumerated() {
            out.append(
                "    \(ids.screen(alert.screen)) -> \(DiagramIdentifiers.alert(index)) "
                    + "[label=\(quoted(alert.label)), style=dotted, arrowhead=none, color=grey50];")
        }
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    private func screenBlock(_ screen: ScreenNode, ids: DiagramIdentifiers, indent: Int) -> [String] {
        let pad = String(repeating: "    ", count: indent)
        var attributes = ["label=\"\(DiagramText.screenLines(screen).map(escaped).joined(separator: "\\n"))\""]
        if screen.isNavigationRoot { attributes.append("peripheries=2") }
        if screen.visited { attributes += ["color=\"#D62728\"", "penwidth=2"] }
        let node = "\(pad)\(ids.screen(screen.name)) [\(attributes.joined(separator: ", "))];"
        guard !screen.states.isEmpty else { return [node] }
        var lines = ["\(pad)subgraph cluster_\(ids.screen(screen.name)) {"]
        lines.append("\(pad)    label=\"\"; style=rounded; color=grey70;")
        lines.append("    " + node)
        lines += stateBlock(
            screen.states, parallel: screen.parallelStates, screen: screen.name, ids: ids, indent: indent + 1)
        lines.append("\(pad)}")
        return lines
    }

    private func stateBlock(
        _ states: [NestedState], parallel: Bool, screen: String, ids: DiagramIdentifiers, indent: Int
    )
        -> [String]
    {
        let pad = String(repeating: "    ", count: indent)
        var lines: [String] = []
        for state in states {
            var attributes = ["label=\(quoted(state.name))", "shape=ellipse"]
            if state.isInitial { attributes.append("style=bold") }
            if parallel { attributes.append("style=dashed") }
            let node = "\(pad)\(ids.state(screen, state.path)) [\(attributes.joined(separator: ", "))];"
            if state.children.isEmpty {
                lines.append(node)
                continue
            }
            lines.append("\(pad)subgraph cluster_\(ids.state(screen, state.path)) {")
            lines.append("\(pad)    label=\"\"; style=rounded; color=grey80;")
            lines.append("    " + node)
            lines += stateBlock(
                state.children, parallel: state.parallelChildren, screen: screen, ids: ids, indent: indent + 1)
            lines.append("\(pad)}")
        }
        return lines
    }

    private func attributes(_ edge: TransitionEdge) -> [String] {
        var attributes = ["label=\(quoted(DiagramText.edgeLabel(edge)))"]
        if edge.isBackEdge {
            attributes += ["style=dotted", "constraint=false"]
        } else {
            attributes.append(edge.kind == .present ? "style=dashed" : "style=solid")
            if edge.kind == .replace { attributes.append("arrowhead=empty") }
        }
        switch edge.emphasis {
        case .plain: break
        case .traced: attributes += ["color=\"#D62728\"", "fontcolor=\"#D62728\"", "penwidth=2.5"]
        case .covered: attributes.append("penwidth=3")
        case .uncovered: attributes += ["color=grey70", "fontcolor=grey60"]
        }
        return attributes
    }

    private func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }

    /// Inside a DOT string: quotes and backslashes escaped, line breaks as `\n`; other text (Cyrillic too) as is.
    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }
}
