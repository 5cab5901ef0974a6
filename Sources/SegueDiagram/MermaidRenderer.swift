/// Draws a transition graph as a Mermaid `flowchart`, which GitHub renders inside a ```` ```mermaid ```` block.
///
///     let text = MermaidRenderer().render(TransitionGraph(flow: flow))
///
/// A flowchart rather than `stateDiagram-v2`: only flowcharts take `linkStyle`, so only they can tell present
/// (dashed) from show (solid) and back-edges (dotted), and draw trace and coverage overlays; subgraphs give the
/// navigation-controller clusters and nested states.
public struct MermaidRenderer: Sendable {
    public init() {}

    public func render(_ graph: TransitionGraph) -> String {
        let ids = DiagramIdentifiers(graph)
        var out: [String] = []
        // Front matter must come first in the file.
        if let title = graph.title { out += ["---", "title: \(yamlQuoted(title))", "---"] }
        out += ["%% " + DiagramText.banner(graph), "flowchart LR"]
        let hasStart = graph.screen(named: graph.start) != nil
        if hasStart { out.append("    start_point((\"start\"))") }
        var drawn: Set<String> = []
        for controller in graph.navigationControllers {
            out.append(
                "    subgraph \(ids.navigationCluster(controller.root)) [\"navigation: \(escaped(controller.root))\"]")
            for name in [controller.root] + controller.members {
                guard let screen = graph.screen(named: name) else { continue }
                out += screenBlock(screen, ids: ids, indent: 2)
                drawn.insert(name)
            }
            out.append("    end")
        }
        for screen in graph.screens where !drawn.contains(screen.name) {
            out += screenBlock(screen, ids: ids, indent: 1)
        }
        for (index, alert) in graph.alerts.enumerated() {
            let label = DiagramText.alertLines(alert).map(escaped).joined(separator: "<br/>")
            out.append("    \(DiagramIdentifiers.alert(index))[\"\(label)\"]:::alert")
        }
        let nowhere = Set(graph.transitions.filter { $0.to == nil }.map(\.from))
        for screen in graph.screens where nowhere.contains(screen.name) {
            out.append("    \(ids.nowhere(from: screen.name))((\"?\"))")
        }

        out.append("    subgraph legend [\"legend\"]")
        for (index, entry) in DiagramLegend.entries.enumerated() {
            out.append("        legend_\(index)a[\" \"]:::legendPoint")
            out.append("        legend_\(index)b[\"\(escaped(entry.meaning))\"]:::legendText")
        }
        out.append("    end")

        // linkStyle counts links in the order they are written, from 0.
        var links: [(text: String, style: String?)] = []
        if hasStart { links.append(("start_point --> \(ids.screen(graph.start))", nil)) }
        for edge in graph.mergedTransitions {
            let target = edge.to.map(ids.screen) ?? ids.nowhere(from: edge.from)
            let arrow = edge.isBackEdge ? "-.->" : edge.kind == .replace ? "==>" : "-->"
            let label = edge.labels.map(escaped).joined(separator: "<br/>")
            links.append(("\(ids.screen(edge.from)) \(arrow)|\"\(label)\"| \(target)", style(edge)))
        }
        for edge in graph.mergedStateTransitions {
            let source = edge.from.map { ids.state(edge.screen, $0) } ?? ids.screen(edge.screen)
            let label = edge.labels.map(escaped).joined(separator: "<br/>")
            links.append(("\(source) -->|\"\(label)\"| \(ids.state(edge.screen, edge.to))", "stroke:#666666"))
        }
        links += legendLinks()
        for (index, alert) in graph.alerts.enumerated() {
            links.append(
                (
                    "\(ids.screen(alert.screen)) -.-|\"\(escaped(alert.label))\"| \(DiagramIdentifiers.alert(index))",
                    "stroke:#999999"
                ))
        }
        out += links.map { "    " + $0.text }

        var styles: [String: [Int]] = [:]
        for (index, link) in links.enumerated() {
            if let style = link.style { styles[style, default: []].append(index) }
        }
        for (style, indices) in styles.sorted(by: { $0.value[0] < $1.value[0] }) {
            out.append("    linkStyle \(indices.map(String.init).joined(separator: ",")) \(style)")
        }

        out.append("    classDef navigationRoot stroke-width:3px")
        out.append("    classDef visited stroke:#D62728,stroke-width:3px")
        out.append("    classDef initial stroke-width:3px")
        out.append("    classDef alert fill:#FFF8DC,stroke:#999999")
        out.append("    classDef legendPoint fill:#FFFFFF,stroke:#FFFFFF")
        out.append("    classDef legendText fill:#FFFFFF,stroke:#FFFFFF,font-size:11px")
        // Classes style nodes; a screen or state drawn as a box (a subgraph) takes a `style` line instead.
        let boxes = Set(
            graph.screens.filter { !$0.states.isEmpty }.map { ids.screen($0.name) }
                + graph.screens.flatMap { screen in
                    DiagramIdentifiers.flattened(screen.states).filter { !$0.children.isEmpty }.map {
                        ids.state(screen.name, $0.path)
                    }
                })
        func mark(_ ids: [String], _ className: String, box style: String) {
            let nodes = ids.filter { !boxes.contains($0) }
            if !nodes.isEmpty { out.append("    class \(nodes.joined(separator: ",")) \(className)") }
            for id in ids where boxes.contains(id) { out.append("    style \(id) \(style)") }
        }
        mark(
            graph.screens.filter(\.isNavigationRoot).map { ids.screen($0.name) }, "navigationRoot",
            box: "stroke-width:3px")
        mark(
            graph.screens.filter(\.visited).map { ids.screen($0.name) }, "visited",
            box: "stroke:#D62728,stroke-width:3px")
        let initial = graph.screens.flatMap { screen in
            DiagramIdentifiers.flattened(screen.states).filter(\.isInitial).map { ids.state(screen.name, $0.path) }
        }
        mark(initial, "initial", box: "stroke-width:3px")
        return out.joined(separator: "\n") + "\n"
    }

    private func screenBlock(_ screen: ScreenNode, ids: DiagramIdentifiers, indent: Int) -> [String] {
        let pad = String(repeating: "    ", count: indent)
        let label = DiagramText.screenLines(screen).map(escaped).joined(separator: "<br/>")
        let node = "\(pad)\(ids.screen(screen.name))[\"\(label)\"]"
        guard !screen.states.isEmpty else { return [node] }
        // The screen is the box its nested states sit in; links to it end at the box.
        var lines = ["\(pad)subgraph \(ids.screen(screen.name)) [\"\(label)\"]"]
        lines += stateBlock(screen.states, screen: screen.name, ids: ids, indent: indent + 1)
        lines.append("\(pad)end")
        return lines
    }

    private func stateBlock(_ states: [NestedState], screen: String, ids: DiagramIdentifiers, indent: Int) -> [String] {
        let pad = String(repeating: "    ", count: indent)
        var lines: [String] = []
        for state in states {
            let id = ids.state(screen, state.path)
            let node = "\(pad)\(id)([\"\(escaped(state.name))\"])"
            if state.children.isEmpty {
                lines.append(node)
                continue
            }
            lines.append("\(pad)subgraph \(id) [\"\(escaped(state.name))\"]")
            lines += stateBlock(state.children, screen: screen, ids: ids, indent: indent + 1)
            lines.append("\(pad)end")
        }
        return lines
    }

    /// The legend's sample links, one of each style, between the nodes of the `legend` subgraph.
    private func legendLinks() -> [(text: String, style: String?)] {
        DiagramLegend.entries.enumerated().map { index, entry in
            let from = "legend_\(index)a"
            let to = "legend_\(index)b"
            switch entry.style {
            case .solid: return ("\(from) --> \(to)", nil)
            case .dashed: return ("\(from) --> \(to)", "stroke-dasharray:8 4")
            case .bold: return ("\(from) ==> \(to)", nil)
            case .dotted: return ("\(from) -.-> \(to)", nil)
            case .state: return ("\(from) --> \(to)", "stroke:#666666")
            }
        }
    }

    /// The `linkStyle` of an edge: dashes for present, and what an overlay adds; nil for a plain solid line.
    private func style(_ edge: MergedTransition) -> String? {
        var parts: [String] = []
        if edge.kind == .present { parts.append("stroke-dasharray:8 4") }
        switch edge.emphasis {
        case .plain: break
        case .traced: parts += ["stroke:#D62728", "stroke-width:3px", "color:#D62728"]
        case .covered: parts.append("stroke-width:4px")
        case .uncovered: parts += ["stroke:#BBBBBB", "color:#999999"]
        }
        return parts.isEmpty ? nil : parts.joined(separator: ",")
    }

    /// A YAML double-quoted string for the front matter's title: `%` as YAML's `\x25` (Mermaid looks for
    /// `%%{init: …}%%` directives anywhere in the text).
    private func yamlQuoted(_ text: String) -> String {
        "\"" + DiagramText.escaped(text, lineBreak: " ", special: ["\"": "\\\"", "\\": "\\\\", "%": "\\x25"]) + "\""
    }

    /// Inside a quoted Mermaid label: quotes, `#`, `&`, `<`, `>`, `|`, backticks and `%` (which could start a
    /// `%%{init: …}%%` directive, read anywhere in the text) as entity codes; line breaks as `<br/>`.
    private func escaped(_ text: String) -> String {
        DiagramText.escaped(
            text, lineBreak: "<br/>",
            special: [
                "#": "#35;", "\"": "#quot;", "&": "#38;", "<": "#lt;", ">": "#gt;", "|": "#124;", "`": "#96;",
                "%": "#37;",
            ])
    }
}
