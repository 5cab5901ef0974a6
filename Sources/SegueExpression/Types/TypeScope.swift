/// The variables an expression may read at one place in a flow, and their types.
public protocol TypeScope: Sendable {
    /// The type of a variable, or nil when no such variable is visible.
    func type(of name: String) -> ValueType?
    /// Every visible variable name, for did-you-mean suggestions.
    var visibleNames: [String] { get }
    /// The flow's own function of this name (`functions:`), or nil.
    func function(named name: String) -> FlowFunction?
    /// The names of the flow's own functions, for completion.
    var functionNames: [String] { get }
}

extension TypeScope {
    public func function(named name: String) -> FlowFunction? { nil }
    public var functionNames: [String] { [] }
}

/// A `TypeScope` backed by a dictionary, for tests and simple callers.
///
///     TypeBindings(["count": .int, "user": .record(profile)])
public struct TypeBindings: TypeScope, Hashable {
    public var types: [String: ValueType]
    /// The flow's own functions, by name.
    public var functions: [String: FlowFunction]

    public init(_ types: [String: ValueType] = [:], functions: [String: FlowFunction] = [:]) {
        self.types = types
        self.functions = functions
    }

    public func type(of name: String) -> ValueType? { types[name] }

    public func function(named name: String) -> FlowFunction? { functions[name] }

    public var functionNames: [String] { functions.keys.sorted() }

    public var visibleNames: [String] { types.keys.sorted() }
}
