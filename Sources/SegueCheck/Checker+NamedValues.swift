import SegueDiagnostics
import SegueExpression
import SegueModel

/// Named values (`let:`): typed from their expressions in dependency order, cycles refused, names unique.
extension CheckRun {
    /// The type of each named value read in `bindings` (and the others before it); a value in a cycle, or with an
    /// error, is `any` (its diagnostics come from `checkNamedValues`). Returns the cycles, each in reading order.
    static func namedValueTypes(
        _ lets: [NamedValue], in bindings: [String: ValueType], functions: [String: FlowFunction] = [:]
    ) -> (types: [String: ValueType], cycles: [[String]]) {
        var parsed: [String: Expression] = [:]
        for named in lets where parsed[named.name.text] == nil {
            if let expression = try? Expression.parse(named.value.text) { parsed[named.name.text] = expression }
        }
        let (order, cycles, inCycle) = dependencyOrder(lets.map(\.name.text)) { name in
            (parsed[name]?.referencedNames ?? []).filter { parsed[$0] != nil }
        }
        var visible = bindings
        var types: [String: ValueType] = [:]
        for name in order {
            var type = ValueType.any
            if !inCycle.contains(name), let expression = parsed[name],
                case .success(let found) = TypeChecker(scope: TypeBindings(visible, functions: functions)).check(
                    expression)
            {
                type = found
            }
            types[name] = type
            if visible[name] == nil { visible[name] = type }
        }
        return (types, cycles)
    }

    /// `names` ordered so each comes after those it depends on (`dependencies`), with the cycles among them (each in
    /// depending order, reported once) and every name on one: named values that read each other, functions that
    /// call each other.
    static func dependencyOrder(_ names: [String], dependencies: (String) -> Set<String>) -> (
        order: [String], cycles: [[String]], inCycle: Set<String>
    ) {
        var order: [String] = []
        var cycles: [[String]] = []
        var inCycle: Set<String> = []
        var done: Set<String> = []
        var path: [String] = []
        func visit(_ name: String) {
            if done.contains(name) { return }
            if let start = path.firstIndex(of: name) {
                let cycle = Array(path[start...])
                if inCycle.isDisjoint(with: cycle) { cycles.append(cycle) }
                inCycle.formUnion(cycle)
                return
            }
            path.append(name)
            for next in dependencies(name).sorted() { visit(next) }
            path.removeLast()
            done.insert(name)
            order.append(name)
        }
        for name in names { visit(name) }
        return (order, cycles, inCycle)
    }

    /// Reports what is wrong with named values: their expressions' problems, cycles (C507), and a name that is
    /// already taken where they stand (C503: `taken` are the names visible before them, with where each is
    /// declared when it is in the file).
    mutating func checkNamedValues(
        _ lets: [NamedValue], in scope: Scope, taken: [String: Name?], owner: String
    ) {
        reportDuplicates(lets.map(\.name), code: CheckCode.duplicateDeclaration, what: "\(owner)'s named value")
        for named in lets { declare(.namedValue, named.name, in: scope.owner.symbolOwner, extent: named.range) }
        for named in lets {
            let name = named.name.text
            guard let previous = taken[name] else { continue }
            let what = ImplicitName(rawValue: name) != nil ? "a name the language binds" : "already declared"
            report(
                .error(
                    CheckCode.duplicateDeclaration, "named value `\(name)` is \(what); give it another name",
                    at: named.name.range,
                    notes: previous.map { [DiagnosticNote("declared here", at: $0.range)] } ?? []))
        }
        for cycle in Self.namedValueTypes(lets, in: scope.bindings).cycles {
            guard let first = lets.first(where: { $0.name.text == cycle[0] }) else { continue }
            let chain = (cycle + [cycle[0]]).map { "`\($0)`" }.joined(separator: " → ")
            report(
                .error(
                    CheckCode.namedValueCycle,
                    "named value `\(cycle[0])` depends on itself: \(chain); compute one of them from something else",
                    at: first.name.range))
        }
        for named in lets {
            namingValue = named.name.text
            check(named.value, in: scope, role: "named value `\(named.name.text)`")
            namingValue = nil
        }
    }

    /// Types a screen's or component's named values into `scope` and reports their problems; `besides` are the
    /// parameters and variables declared next to them, whose names they must not take.
    mutating func bindNamedValues(_ lets: [NamedValue], besides: [Name], into scope: inout Scope, owner: String) {
        guard !lets.isEmpty else { return }
        var taken = flowNamesTaken()
        for named in flow.lets where taken[named.name.text] == nil { taken[named.name.text] = named.name }
        for declared in besides { taken[declared.text] = declared }
        // A name the scope already has keeps its meaning (C503 reports it).
        for (name, type) in Self.namedValueTypes(lets, in: scope.bindings, functions: functions).types
        where scope.bindings[name] == nil {
            scope.bind(name, type, as: SymbolID(.namedValue, name, in: scope.owner.symbolOwner))
        }
        checkNamedValues(lets, in: scope, taken: taken, owner: owner)
    }

    /// The names an expression at the flow's level sees before its named values, for C503.
    func flowNamesTaken() -> [String: Name?] {
        var taken: [String: Name?] = [:]
        for name in ImplicitName.allCases { taken[name.rawValue] = .some(nil) }
        for variable in flow.data where taken[variable.name.text] == nil { taken[variable.name.text] = variable.name }
        return taken
    }
}
