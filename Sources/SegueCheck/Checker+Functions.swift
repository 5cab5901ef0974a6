import SegueDiagnostics
import SegueExpression
import SegueModel

/// The flow's own functions (`functions:`): typed in the order they call each other, cycles refused (C507), each
/// body checked with only its parameters in scope (a function reads nothing but its arguments), and a name a
/// built-in function already has refused (C503).
extension CheckRun {
    /// The typed functions, leaving out one in a cycle or whose body does not parse; and the cycles, each in calling
    /// order. Reports nothing: `checkFunctions` does.
    static func functionTypes(_ declarations: [FunctionDeclaration], resolver: TypeResolver) -> (
        functions: [String: FlowFunction], cycles: [[String]]
    ) {
        var parsed: [String: (FunctionDeclaration, Expression)] = [:]
        for declaration in declarations where parsed[declaration.name.text] == nil {
            if let body = try? Expression.parse(declaration.value.text) {
                parsed[declaration.name.text] = (declaration, body)
            }
        }
        let (order, cycles, inCycle) = dependencyOrder(declarations.map(\.name.text)) { name in
            (parsed[name].map { calledNames($0.1) } ?? []).filter { parsed[$0] != nil }
        }
        var functions: [String: FlowFunction] = [:]
        for name in order where !inCycle.contains(name) {
            guard let (declaration, body) = parsed[name] else { continue }
            let parameters = declaration.parameters.map {
                FlowFunction.Parameter(name: $0.name.text, type: resolver.lenient($0.type.text))
            }
            let scope = TypeBindings(
                Dictionary(parameters.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first }),
                functions: functions)
            let analysis = TypeChecker(scope: scope).analyze(body)
            let inferred = (try? analysis.type.get()) ?? .any
            let result = declaration.returns.map { resolver.lenient($0.text) } ?? inferred
            // Reads of computed fields are lowered here, as the compiler's other expressions are.
            let lowered = body.lowering(analysis.computedReads, fields: resolver.computedFields)
            functions[name] = FlowFunction(name: name, parameters: parameters, result: result, body: lowered)
        }
        return (functions, cycles)
    }

    /// The names `expression` calls (built-in or not).
    private static func calledNames(_ expression: Expression) -> Set<String> {
        var names: Set<String> = []
        func walk(_ node: Expression) {
            if case .call(let function, _, _) = node.kind { names.insert(function) }
            node.kind.children.forEach(walk)
        }
        walk(expression)
        return names
    }

    mutating func checkFunctions() {
        let declarations = flow.functions
        guard !declarations.isEmpty else { return }
        let cycles = Self.functionTypes(declarations, resolver: types).cycles
        for cycle in cycles {
            guard let first = declarations.first(where: { $0.name.text == cycle[0] }) else { continue }
            let chain = (cycle + [cycle[0]]).map { "`\($0)`" }.joined(separator: " → ")
            report(
                .error(
                    CheckCode.namedValueCycle,
                    "function `\(cycle[0])` calls itself: \(chain); a function cannot recurse", at: first.name.range))
        }
        let cyclic = Set(cycles.joined())
        for declaration in declarations {
            let name = declaration.name.text
            declare(.function, declaration.name, extent: declaration.range)
            if BuiltinFunction(rawValue: name) != nil {
                report(
                    .error(
                        CheckCode.duplicateDeclaration,
                        "`\(name)` is a built-in function; give the flow's function another name",
                        at: declaration.name.range))
            }
            // Its parameters are bound inside, as an item is: nothing of the flow is visible, so it stays pure.
            var scope = Scope(
                owner: .flow, bindings: [:], variables: [:], fields: [], errorHandled: false, functions: functions)
            for parameter in declaration.parameters {
                declare(.parameter, parameter.name, in: .function(name))
                scope = scope.binding(
                    parameter.name.text, resolve(parameter.type),
                    as: SymbolID(.parameter, parameter.name.text, in: .function(name)))
            }
            let returns = declaration.returns.map { resolve($0) }
            guard !cyclic.contains(name) else { continue }
            check(declaration.value, in: scope, expecting: returns, role: "the value of function `\(name)`")
        }
    }
}
