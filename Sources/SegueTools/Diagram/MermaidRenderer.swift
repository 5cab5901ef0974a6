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

        // linkStyle counts links in the order they are written, from 0.
        var links: [(text: String, style: String?)] = []
        if hasStart { links.append(("start_point --> \(ids.screen(graph.start))", nil)) }
        for edge in graph.transitions {
            let target = edge.to.map(ids.screen) ?? ids.nowhere(from: edge.from)
            let arrow = edge.isBackEdge ? "-.->" : edge.kind == .replace ? "==>" : "-->"
            links.append(
                (
                    "\(ids.screen(edge.from)) \(arrow)|\"\(escaped(DiagramText.edgeLabel(edge)))\"| \(target)",
                    style(edge)
                ))
        }
        for edge in graph.stateTransitions {
            let source = edge.from.map { ids.state(edge.screen, $0) } ?? ids.screen(edge.screen)
            links.append(
                ("\(source) -->|\"\(escaped(edge.label))\"| \(ids.state(edge.screen, edge.to))", "stroke:#666666"))
        }
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
        let roots = graph.screens.filter(\.isNavigationRoot).map { ids.screen($0.name) }
        if !roots.isEmpty { out.append("    class \(roots.joined(separator: ",")) navigationRoot") }
        let visited = graph.screens.filter(\.visited).map { ids.screen($0.name) }
        if !visited.isEmpty { out.append("    class \(visited.joined(separator: ",")) visited") }
        let initial = graph.screens.flatMap { screen in
            DiagramIdentifiers.flattened(screen.states).filter(\.isInitial).map { ids.state(screen.name, $0.path) }
        }
        if !initial.isEmpty { out.append("    class \(initial.joined(separator: ",")) initial") }
        return out.joined(separator: "\n") + "\n"
    }

    private func screenBlock(_ screen: ScreenNode, ids: DiagramIdentifiers, indent: Int) -> [String] {
        let pad = String(repeating: "    ", count: indent)
        let label = DiagramText.screenLines(screen).map(escaped).joined(separator: "<br/>")
        let node = "\(pad)\(ids.screen(screen.name))[\"\(label)\"]"
        guard !screen.states.isEmpty else { return [node] }
        var lines = ["\(pad)subgraph \(ids.screen(screen.name))__states [\"\(escaped(screen.name))\"]"]
        lines.append("    " + node)
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
            lines.append("\(pad)subgraph \(id)__states [\"\(escaped(state.name))\"]")
            lines.append("    " + node)
            lines += stateBlock(state.children, screen: screen, ids: ids, indent: indent + 1)
            lines.append("\(pad)end")
        }
        return lines
    }

    /// The `linkStyle` of an edge: dashes for present, and what an overlay adds; nil for a plain solid line.
    private func style(_ edge: TransitionEdge) -> String? {
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

    /// A YAML double-quoted string for the front matter's title.
    private func yamlQuoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// Inside a quoted Mermaid label: quotes, `#`, `<`, `>`, `|` and backticks as entity codes; line breaks as `<br/>`.
    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "#": result += "#35;"
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "|": result += "#124;"
            case "`": result += "#96;"
            case "\n", "\r\n", "\r": result += "<br/>"
            default: result.append(character)
            }
        }
        return result
    }
}
