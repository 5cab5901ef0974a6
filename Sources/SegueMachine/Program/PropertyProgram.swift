import SegueDiagnostics

/// A property of the flow (`invariants:`, `reachable:`, `always_possible:`), compiled like any expression: its
/// condition may read what a flow-level expression reads (data, named values, computed fields), and `screen`,
/// `state` and `form` of the screen on top (`Machine.holds(_:in:)`).
public struct PropertyProgram: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case invariant
        case reachable
        case alwaysPossible = "always_possible"
    }

    public var kind: Kind
    public var name: String
    /// The invariant's `message:`, said when it does not hold.
    public var message: String?
    /// The condition, an index into `Program.expressions`.
    public var condition: Int
    /// Where the property is written.
    public var range: SourceRange

    public init(kind: Kind, name: String, message: String?, condition: Int, range: SourceRange) {
        self.kind = kind
        self.name = name
        self.message = message
        self.condition = condition
        self.range = range
    }
}
