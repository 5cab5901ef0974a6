/// A scope with one more name bound over another: a function argument's parameter (`p` in `p => p.done`) or a flow
/// function's parameters, visible only inside the body.
struct BoundTypeScope: TypeScope {
    let base: any TypeScope
    let bound: [String: ValueType]

    func type(of name: String) -> ValueType? { bound[name] ?? base.type(of: name) }

    var visibleNames: [String] { Array(Set(base.visibleNames).union(bound.keys)).sorted() }

    func function(named name: String) -> FlowFunction? { base.function(named: name) }

    var functionNames: [String] { base.functionNames }
}
