/// The variables an expression reads while it is evaluated.
///
/// The runtime backs this with its interned variable slots; tests use `ValueBindings`.
public protocol ValueScope {
    /// The current value of a variable, or nil when there is no such variable.
    func value(of name: String) -> Value?
    /// A named value (`let:`) computed now, or nil when `name` is not one; asked only after `value(of:)`.
    func computedValue(of name: String) -> Result<Value, EvaluationError>?
    /// The variable a bound name reads: a scope that knows the table the id indexes answers without searching
    /// by text; any other reads it by its name.
    func value(of name: ResolvedName) -> Value?
    /// The named value a bound name reads, computed now; asked only after `value(of:)`.
    func computedValue(of name: ResolvedName) -> Result<Value, EvaluationError>?
    /// The flow's own function of this name (`functions:`), or nil.
    func flowFunction(named name: String) -> FlowFunction?
    /// `name.field` read without making `name`'s whole record (`state.recording`, `form.title`), or nil when the
    /// scope has no shortcut for it and the record is made and read as usual. The same value either way.
    func field(_ field: String, of name: ResolvedName) -> Value?
}

extension ValueScope {
    public func computedValue(of name: String) -> Result<Value, EvaluationError>? { nil }
    public func value(of name: ResolvedName) -> Value? { value(of: name.name) }
    public func computedValue(of name: ResolvedName) -> Result<Value, EvaluationError>? { computedValue(of: name.name) }
    public func flowFunction(named name: String) -> FlowFunction? { nil }
    public func field(_ field: String, of name: ResolvedName) -> Value? { nil }
}

/// A `ValueScope` backed by a dictionary.
///
///     ValueBindings(["count": .int(3)])
public struct ValueBindings: ValueScope, Sendable, Hashable {
    public var values: [String: Value]

    public init(_ values: [String: Value] = [:]) {
        self.values = values
    }

    public func value(of name: String) -> Value? { values[name] }
}

/// A scope with names bound over another: a function argument's parameter while its body is evaluated for one item.
package struct BoundValueScope<Base: ValueScope>: ValueScope {
    let base: Base
    let bound: [String: Value]

    package init(base: Base, bound: [String: Value]) {
        self.base = base
        self.bound = bound
    }

    package func value(of name: String) -> Value? { bound[name] ?? base.value(of: name) }

    package func computedValue(of name: String) -> Result<Value, EvaluationError>? {
        bound[name] == nil ? base.computedValue(of: name) : nil
    }

    package func flowFunction(named name: String) -> FlowFunction? { base.flowFunction(named: name) }
}
