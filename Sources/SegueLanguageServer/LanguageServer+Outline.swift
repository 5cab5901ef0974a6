import Foundation
import SegueDiagnostics
import SegueModel

extension LanguageServer {
    /// The outline: each screen with its elements and states, then components, services, events and types.
    func documentSymbols(_ params: JSON) throws -> JSON {
        let document = try document(params)
        guard let flow = document.analysis.flow else { return [] }
        let positions = document.positions
        func symbol(_ name: Name, kind: Int, detail: String, whole: SourceRange? = nil, children: [JSON] = []) -> JSON?
        {
            guard name.range.path == document.path, !name.text.isEmpty else { return nil }
            let selection = positions.range(name.range)
            var range = whole.map(positions.range) ?? selection
            if let whole, whole.path != document.path || whole.start.offset > name.range.start.offset {
                range = selection
            }
            return [
                "name": .string(name.text), "kind": JSON(kind), "detail": .string(detail), "range": range,
                "selectionRange": selection, "children": .array(children),
            ]
        }
        func states(_ chart: StateChart?) -> [JSON] {
            chart?.states.compactMap {
                symbol($0.name, kind: 10, detail: "state", whole: $0.range, children: states($0.children))
            } ?? []
        }
        func elements(_ list: [Element]) -> [JSON] {
            list.compactMap { element in
                var children: [JSON] = []
                if case .lines(let lines) = element.kind { children = elements(lines.footer) }
                return symbol(element.id, kind: 8, detail: element.keyword, whole: element.range, children: children)
            }
        }
        var result: [JSON] = []
        for screen in flow.screens {
            let children = elements(screen.elements) + states(screen.states)
            if let item = symbol(screen.name, kind: 5, detail: "screen", whole: screen.range, children: children) {
                result.append(item)
            }
        }
        for component in flow.components {
            if let item = symbol(
                component.name, kind: 9, detail: "component", whole: component.range,
                children: elements(component.elements))
            {
                result.append(item)
            }
        }
        result += flow.services.compactMap {
            symbol($0.name, kind: 11, detail: "\($0.kind.rawValue) service", whole: $0.range)
        }
        result += flow.events.compactMap { symbol($0.name, kind: 24, detail: "event", whole: $0.range) }
        result += flow.types.compactMap { symbol($0.name, kind: 23, detail: "type", whole: $0.range) }
        result += flow.data.compactMap { symbol($0.name, kind: 13, detail: $0.type.text, whole: $0.range) }
        return .array(result)
    }
}
