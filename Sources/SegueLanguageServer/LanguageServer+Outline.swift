import SegueCheck
import SegueDiagnostics
import SegueJSON
import SegueModel

extension LanguageServer {
    /// The outline, from the checker's declarations: each screen with its elements and states (nested as written),
    /// then components with their elements, services, events, types and the flow's data.
    func documentSymbols(_ params: JSON) throws -> JSON {
        let document = try document(params)
        let positions = document.positions
        let declarations = document.symbols.declarations.filter { $0.range.path == document.path }
        var inside: [SymbolID: [SymbolDeclaration]] = [:]
        var byOwner: [SymbolOwner: [SymbolDeclaration]] = [:]
        for declaration in declarations {
            if let container = declaration.container {
                inside[container, default: []].append(declaration)
            } else {
                byOwner[declaration.id.owner, default: []].append(declaration)
            }
        }
        func symbol(_ declaration: SymbolDeclaration, children: [JSON]) -> JSON {
            let selection = positions.range(declaration.range)
            let whole = declaration.extent
            let range =
                whole.path != document.path || whole.start.offset > declaration.range.start.offset
                ? selection : positions.range(whole)
            return [
                "name": .string(declaration.id.name), "kind": JSON(Self.outlineKind(declaration.id.kind)),
                "detail": .string(declaration.detail ?? declaration.id.kind.rawValue), "range": range,
                "selectionRange": selection, "children": .array(children),
            ]
        }
        func nested(_ declaration: SymbolDeclaration) -> JSON {
            symbol(declaration, children: (inside[declaration.id] ?? []).map(nested))
        }
        func members(of owner: SymbolOwner, _ kinds: [SymbolKind]) -> [JSON] {
            kinds.flatMap { kind in (byOwner[owner] ?? []).filter { $0.id.kind == kind }.map(nested) }
        }
        let top = byOwner[.flow] ?? []
        var result: [JSON] = []
        for kind in [SymbolKind.screen, .component, .service, .event, .type, .data] {
            for declaration in top where declaration.id.kind == kind {
                let children: [JSON] =
                    switch kind {
                    case .screen: members(of: .screen(declaration.id.name), [.element, .state])
                    case .component: members(of: .component(declaration.id.name), [.element])
                    default: []
                    }
                result.append(symbol(declaration, children: children))
            }
        }
        return .array(result)
    }

    /// The protocol's SymbolKind number for a kind of declaration.
    private static func outlineKind(_ kind: SymbolKind) -> Int {
        switch kind {
        case .screen: 5
        case .element: 8
        case .component: 9
        case .state: 10
        case .service: 11
        case .function, .operation: 12
        case .data, .namedValue: 13
        case .parameter, .computedField: 7
        case .type: 23
        case .event: 24
        }
    }
}
