/// Draws a transition graph as a PlantUML state diagram (`@startuml` … `@enduml`).
///
///     let text = PlantUMLRenderer().render(TransitionGraph(flow: flow))
///
/// Screens are states; navigation controllers and screens with nested states are composite states; present is
/// dashed, show solid, replace bold, and back-edges dotted; alerts are notes beside their screen.
public struct PlantUMLRenderer: Sendable {
    public init() {}

    public func render(_ graph: TransitionGraph) -> String {
        let ids = DiagramIdentifiers(graph)
        var out = ["@startuml", "' " + DiagramText.banner(graph)]
        if let title = graph.title { out.append("title \(escaped(title))") }
        out.append("hide empty description")
        var drawn: Set<String> = []
        for controller in graph.navigationControllers {
            out.append(
                "state \"navigation: \(escaped(controller.root))\" as \(ids.navigationCluster(controller.root)) {")
            for name in [controller.root] + controller.members {
                guard let screen = graph.screen(named: name) else { continue }
                out += screenBlock(screen, ids: ids, indent: 1)
                drawn.insert(name)
            }
            out.append("}")
        }
        for screen in graph.screens where !drawn.contains(screen.name) {
            out += screenBlock(screen, ids: ids, indent: 0)
        }
        let nowhere = Set(graph.transitions.filter { $0.to == nil }.map(\.from))
        for screen in graph.screens where nowhere.contains(screen.name) {
            out.append("state \"?\" as \(ids.nowhere(from: screen.name))")
        }

        if graph.screen(named: graph.start) != nil { out.append("[*] --> \(ids.screen(graph.start))") }
        for edge in graph.mergedTransitions {
            let target = edge.to.map(ids.screen) ?? ids.nowhere(from: edge.from)
            let label = edge.labels.map(escaped).joined(separator: "\\n")
            out.append("\(ids.screen(edge.from)) \(arrow(edge)) \(target) : \(label)")
        }
        for edge in graph.mergedStateTransitions {
            let source = edge.from.map { ids.state(edge.screen, $0) } ?? ids.screen(edge.screen)
            let label = edge.labels.map(escaped).joined(separator: "\\n")
            out.append("\(source) --> \(ids.state(edge.screen, edge.to)) : \(label)")
        }
        for alert in graph.alerts {
            out.append("note right of \(ids.screen(alert.screen))")
            out.append(noteLine(alert.label + ":"))
            out += DiagramText.alertLines(alert).map(noteLine)
            out.append("end note")
        }
        out.append("legend bottom right")
        let styles: [DiagramLegend.Style: String] = [
            .solid: "solid", .dashed: "dashed", .bold: "bold", .dotted: "dotted", .state: "inside a screen",
        ]
        for entry in DiagramLegend.entries { out.append("  \(styles[entry.style] ?? ""): \(escaped(entry.meaning))") }
        out.append("endlegend")
        out.append("@enduml")
        return out.joined(separator: "\n") + "\n"
    }

    private func screenBlock(_ screen: ScreenNode, ids: DiagramIdentifiers, indent: Int) -> [String] {
        let pad = String(repeating: "  ", count: indent)
        let label = DiagramText.screenLines(screen).map(escaped).joined(separator: "\\n")
        var head = "\(pad)state \"\(label)\" as \(ids.screen(screen.name))"
        if screen.visited {
            head += " ##[bold]D62728"
        } else if screen.isNavigationRoot {
            head += " ##[bold]"
        }
        guard !screen.states.isEmpty else { return [head] }
        return [head + " {"]
            + stateBlock(
                screen.states, parallel: screen.parallelStates, screen: screen.name, ids: ids, indent: indent + 1)
            + ["\(pad)}"]
    }

    private func stateBlock(
        _ states: [NestedState], parallel: Bool, screen: String, ids: DiagramIdentifiers, indent: Int
    )
        -> [String]
    {
        let pad = String(repeating: "  ", count: indent)
        var lines: [String] = []
        for (index, state) in states.enumerated() {
            if parallel, index > 0 { lines.append("\(pad)--") }
            let id = ids.state(screen, state.path)
            let head = "\(pad)state \"\(escaped(state.name))\" as \(id)"
            if state.children.isEmpty {
                lines.append(head)
            } else {
                lines.append(head + " {")
                lines += stateBlock(
                    state.children, parallel: state.parallelChildren, screen: screen, ids: ids, indent: indent + 1)
                lines.append("\(pad)}")
            }
            if state.isInitial { lines.append("\(pad)[*] --> \(id)") }
        }
        return lines
    }

    /// `-[dashed]->` and friends: the kind's line style plus what an overlay adds.
    private func arrow(_ edge: MergedTransition) -> String {
        var options: [String] = []
        switch edge.emphasis {
        case .plain: break
        case .traced: options += ["#D62728", "thickness=2"]
        case .covered: options.append("thickness=3")
        case .uncovered: options.append("#BBBBBB")
        }
        if edge.isBackEdge {
            options.append("dotted")
        } else if edge.kind == .present {
            options.append("dashed")
        } else if edge.kind == .replace {
            options.append("bold")
        }
        return options.isEmpty ? "-->" : "-[\(options.joined(separator: ","))]->"
    }

    /// As numeric entities: quotes, backslashes, `<` and `>` (creole's `<img:…>` would read a file or a URL when the
    /// diagram is drawn), `[` and `]` (`[[links]]`), `%` (the preprocessor's `%getenv(…)` and other built-ins) and
    /// `'` (comments); line breaks as `\n`; Cyrillic and other text as is.
    private func escaped(_ text: String) -> String {
        DiagramText.escaped(text, lineBreak: "\\n", special: Self.entities)
    }

    private static let entities: [Character: String] = [
        "\"": "&#34;", "\\": "&#92;", "<": "&#60;", ">": "&#62;", "[": "&#91;", "]": "&#93;", "%": "&#37;",
        "'": "&#39;",
    ]

    /// A line of a note: escaped, and a line reading `end note` (or `endnote`) starts with an entity, so it cannot
    /// end the note early.
    private func noteLine(_ text: String) -> String {
        let line = escaped(text)
        guard let first = line.first, line.lowercased().hasPrefix("end"), let ascii = first.asciiValue else {
            return "  " + line
        }
        return "  &#\(ascii);" + line.dropFirst()
    }
}
