/// A state's `invoke:` compiled: the child chart's own program and what the parent does as it starts and ends.
public struct InvocationProgram: Sendable {
    /// The session's id: the `id:` written, or `<state>.<n>` (SCXML's `stateid.platformid`).
    public var id: String
    /// The child chart, compiled as a flow of its own.
    public var program: Program
    /// The screen and nested state whose entry starts it and whose exit cancels it.
    public var screen: Int
    public var state: Int
    /// `when:`: the expression that must hold for the session to start, or nil.
    public var guardExpression: Int? = nil
    /// The flow data slot `idlocation:` names, or nil.
    public var idLocation: Int?
    public var autoforward: Bool
    /// `with:`: the child's data slot by name, and the parent's expression giving its value.
    public var arguments: [(name: String, value: Int)]
    /// The entry of the `finalize:` actions, or nil.
    public var finalize: Int?
    /// `done.invoke.<id>`, raised in the parent when the child reaches a top-level final state.
    public var doneEvent: Int
}
