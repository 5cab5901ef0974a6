/// Draws a transition graph as Graphviz DOT: `dot -Tsvg` turns it into a picture.
///
///     let dot = DOTRenderer().render(TransitionGraph(flow: flow))
///
/// Present is dashed, show solid, replace solid with a hollow arrow; dismiss, pop, pop to root and unwind are dotted
/// back-edges that do not pull the layout; parallel transitions are one edge listing their triggers. Each navigation
/// controller is a cluster; a screen with nested states is a labelled box around them, compound states labelled
/// boxes inside it; a legend explains the edge styles.
public struct DOTRenderer: Sendable {
    public init() {}

    public func render(_ graph: TransitionGraph) -> String {
        let ids = DiagramIdentifiers(graph)
        var out = ["// " + DiagramText.banner(graph), "digraph \(quoted(graph.flowID)) {"]
        var graphAttributes = ["rankdir=LR", "fontname=\"Helvetica\"", "newrank=true", "compound=true"]
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
        let boxed = Set(graph.screens.filter { !$0.states.isEmpty }.map(\.name))
        for edge in graph.mergedTransitions {
            let target = edge.to.map(ids.screen) ?? ids.nowhere(from: edge.from)
            var attributes = attributes(edge)
            // A screen with nested states is a box: its arrows end at the box's edge.
            if boxed.contains(edge.from) { attributes.append("ltail=cluster_\(ids.screen(edge.from))") }
            if let to = edge.to, boxed.contains(to) { attributes.append("lhead=cluster_\(ids.screen(to))") }
            out.append("    \(ids.screen(edge.from)) -> \(target) [\(attributes.joined(separator: ", "))];")
        }
        let compound = Set(
            graph.screens.flatMap { screen in
                DiagramIdentifiers.flattened(screen.states).filter { !$0.children.isEmpty }.map {
                    ids.state(screen.name, $0.path)
                }
            })
        for edge in graph.mergedStateTransitions {
            let source = edge.from.map { ids.state(edge.screen, $0) } ?? ids.screen(edge.screen)
            let target = ids.state(edge.screen, edge.to)
            var attributes = ["label=\(quoted(edge.labels.joined(separator: "\n")))", "color=grey40"]
            if let from = edge.from, compound.contains(source), !edge.to.hasPrefix(from + ".") {
                attributes.append("ltail=cluster_\(source)")
            }
            if compound.contains(target), !(edge.from ?? "").hasPrefix(edge.to + ".") {
                attributes.append("lhead=cluster_\(target)")
            }
            out.append("    \(source) -> \(target) [\(attributes.joined(separator: ", "))];")
        }
        for (index, alert) in graph.alerts.enumerated() {
            out.append(
                "    \(ids.screen(alert.screen)) -> \(DiagramIdentifiers.alert(index)) "
                    + "[label=\(quoted(alert.label)), style=dotted, arrowhead=none, color=grey50];")
        }
        out += legend()
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    /// The key to the edge styles: a sample arrow of each, in a box of its own.
    private func legend() -> [String] {
        var lines = [
            "    subgraph cluster_legend {", "        label=\"legend\"; style=rounded; color=grey70; fontsize=10;",
        ]
        for (index, entry) in DiagramLegend.entries.enumerated() {
            lines.append("        legend_\(index)a [shape=point, width=0.05, label=\"\"];")
            lines.append("        legend_\(index)b [shape=plaintext, fontsize=10, label=\(quoted(entry.meaning))];")
            let style: String
            switch entry.style {
            case .solid: style = "style=solid"
            case .dashed: style = "style=dashed"
            case .bold: style = "style=solid, arrowhead=empty"
            case .dotted: style = "style=dotted"
            case .state: style = "color=grey40"
            }
            lines.append("        legend_\(index)a -> legend_\(index)b [\(style)];")
        }
        lines.append("    }")
        return lines
    }

    private func screenBlock(_ screen: ScreenNode, ids: DiagramIdentifiers, indent: Int) -> [String] {
        let pad = String(repeating: "    ", count: indent)
        var attributes = ["label=\"\(DiagramText.screenLines(screen).map(escaped).joined(separator: "\\n"))\""]
        if screen.isNavigationRoot { attributes.append("peripheries=2") }
        if screen.visited { attributes += ["color=\"#D62728\"", "penwidth=2"] }
        let node = "\(pad)\(ids.screen(screen.name)) [\(attributes.joined(separator: ", "))];"
        guard !screen.states.isEmpty else { return [node] }
        // The screen is the box its nested states are drawn in, labelled like a screen node; its arrows end at
        // the box (ltail/lhead) through an invisible anchor.
        var box = [
            "label=\"\(DiagramText.screenLines(screen).map(escaped).joined(separator: "\\n"))\"", "style=rounded",
        ]
        box.append(screen.visited ? "color=\"#D62728\"" : "color=black")
        if screen.isNavigationRoot || screen.visited { box.append("penwidth=2") }
        var lines = ["\(pad)subgraph cluster_\(ids.screen(screen.name)) {"]
        lines.append("\(pad)    \(box.joined(separator: "; "));")
        lines.append("\(pad)    \(ids.screen(screen.name)) [shape=point, style=invis, width=0.01, label=\"\"];")
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
            // A compound state is a labelled box around its children.
            lines.append("\(pad)subgraph cluster_\(ids.state(screen, state.path)) {")
            var box = [
                "label=\(quoted(state.name))", "style=\(parallel ? "\"rounded,dashed\"" : "rounded")", "color=grey50",
            ]
            if state.isInitial { box.append("penwidth=2") }
            lines.append("\(pad)    \(box.joined(separator: "; "));")
            lines.append(
                "\(pad)    \(ids.state(screen, state.path)) [shape=point, style=invis, width=0.01, label=\"\"];")
            lines += stateBlock(
                state.children, parallel: state.parallelChildren, screen: screen, ids: ids, indent: indent + 1)
            lines.append("\(pad)}")
        }
        return lines
    }

    private func attributes(_ edge: MergedTransition) -> [String] {
        var attributes = ["label=\(quoted(edge.labels.joined(separator: "\n")))"]
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

    /// Inside a DOT string: quotes and backslashes escaped (so `\N`, `\G` and `\l` stay text), `&` as `&amp;` (Graphviz
    /// reads entities in labels), line breaks as `\n`, controls as `\u{1B}` text (they would make the SVG ill-formed);
    /// other text (Cyrillic too) as is.
    private func escaped(_ text: String) -> String {
        DiagramText.escaped(text, lineBreak: "\\n", special: ["\"": "\\\"", "\\": "\\\\", "&": "&amp;"])
    }
}
