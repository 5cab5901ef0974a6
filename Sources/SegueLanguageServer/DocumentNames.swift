import SegueCheck
import SegueModel

/// The names a document can refer to, for completion: the declarations the checker recorded in its symbol table,
/// its own and those of the files it imports.
struct DocumentNames {
    let table: SymbolTable
    let services: [ServiceDeclaration]

    /// The types every flow has (docs/expressions.md).
    static let builtinTypes = ["string", "int", "number", "bool", "date", "any", "list", "map"]

    /// The names offered where a name of `kind` goes, the cursor being inside screen or component `owner`.
    func names(_ kind: SymbolKind, in owner: String?) -> [String] {
        switch kind {
        case .screen, .component, .service, .function:
            return table.names(kind)
        case .type:
            return table.names(.type) + Self.builtinTypes
        case .event:
            // Declared events and those sent or handled without a declaration.
            return table.names(.event, declaredOnly: false)
        case .operation:
            return operations
        case .state, .element:
            return owner.map { table.names(kind, in: .screen($0)) + table.names(kind, in: .component($0)) } ?? []
        case .data, .namedValue:
            // The screen's (or component's) own, then the flow's.
            let own = owner.map { table.names(kind, in: .screen($0)) + table.names(kind, in: .component($0)) } ?? []
            var seen: Set<String> = []
            return (own + table.names(kind, in: .flow)).filter { seen.insert($0).inserted }
        case .parameter, .computedField:
            // Which screen, component or record they belong to is written beside them, not known here.
            return []
        }
    }

    /// `service.operation` for every declared service, built-in operations included.
    private var operations: [String] {
        services.flatMap { service in
            let declared = service.operations.map(\.name.text)
            let builtin = BuiltinOperations.signatures(for: service.kind).map(\.name)
            return (declared + builtin).map { "\(service.name.text).\($0)" }
        }
    }
}
