/// The variables an expression may read at one place in a flow, and their types.
public protocol TypeScope: Sendable {
    /// The type of a variable, or nil when no such variable is visible.
    func type(of name: String) -> ValueType?
    /// Every visible variable name, for did-you-mean suggestions.
    var visibleNames: [String] { get }
}

/// A `TypeScope` backed by a dictionary, for tests and simple callers.
///
///     TypeBindings(["count": .int, "user": .record(profile)])
public struct TypeBindings: TypeScope, Hashable {
    public var types: [String: ValueType]

    public init(_ types: [String: ValueType] = [:]) {
        self.types = types
    }

    public func type(of name: String) -> ValueType? { types[name] }

    public var visibleNames: [String] { types.keys.sorted() }
}
