import SegueModel

/// The names a document can refer to, for completion: its own declarations and those of the files it imports.
struct DocumentNames {
    let own: FlowSymbols
    let imported: [FlowSymbols]
    let services: [ServiceDeclaration]

    private var all: [FlowSymbols] { [own] + imported }

    private func collect(_ kind: SymbolKind, keyPrefix: String? = nil, declaredOnly: Bool) -> [String] {
        var seen: Set<String> = []
        return all.flatMap { $0.names(kind, keyPrefix: keyPrefix, declaredOnly: declaredOnly) }.filter {
            seen.insert($0).inserted
        }
    }

    var screens: [String] { collect(.screen, declaredOnly: true) }
    /// Declared events and those sent or handled without a declaration.
    var events: [String] { collect(.event, declaredOnly: false) }
    var components: [String] { collect(.component, declaredOnly: true) }
    /// Record types declared here or in an imported file.
    var types: [String] { collect(.type, declaredOnly: true) }
    /// The types every flow has (docs/expressions.md).
    static let builtinTypes = ["string", "int", "number", "bool", "date", "any", "list", "map"]

    func states(of owner: String?) -> [String] {
        collect(.state, keyPrefix: "state:\(owner ?? ""):", declaredOnly: true)
    }

    /// The flow's variables and those of the screen the cursor is in.
    func data(of owner: String?) -> [String] {
        let declared = own.occurrences.filter { $0.kind == .data && $0.isDeclaration }
        let scoped = declared.filter { $0.key.hasPrefix("data:\(owner ?? "")/") }.map(\.name)
        let global = declared.filter { !$0.key.contains("/") }.map(\.name)
        var seen: Set<String> = []
        return (scoped + global).filter { seen.insert($0).inserted }
    }

    /// `service.operation` for every declared service, built-in operations included.
    var operations: [String] {
        services.flatMap { service in
            let declared = service.operations.map(\.name.text)
            let builtin = BuiltinOperations.signatures(for: service.kind).map(\.name)
            return (declared + builtin).map { "\(service.name.text).\($0)" }
        }
    }
}
