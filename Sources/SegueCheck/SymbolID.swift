import SegueDiagnostics
import SegueModel

/// Where a declared thing lives: the names of one owner are apart from another's (`full_name` of a screen and of a
/// component are two named values).
public enum SymbolOwner: Hashable, Sendable {
    /// Screens, components, types, events, services, functions, and the flow's own data and named values.
    case flow
    case screen(String)
    case component(String)
    /// A record type: its computed fields.
    case type(String)
    /// A service: its operations.
    case service(String)
    /// A flow function: its parameters.
    case function(String)
    /// An event: its payload's fields (the names a `send:`'s `with:` sets).
    case event(String)
    /// An action list's own names (`let:`, `foreach`'s `item:`), known by where the name is declared.
    case actions(path: String, offset: Int)
}

/// A declared thing: its kind, its owner and its name. Two occurrences with one id name the same thing.
public struct SymbolID: Hashable, Sendable, CustomStringConvertible {
    public let kind: SymbolKind
    public let owner: SymbolOwner
    public let name: String

    public init(_ kind: SymbolKind, _ name: String, in owner: SymbolOwner = .flow) {
        self.kind = kind
        self.owner = owner
        self.name = name
    }

    public var description: String { "\(kind.rawValue) `\(name)`" }
}

/// One place a declared thing's name is written: its declaration, or a reference the checker resolved to it.
public struct SymbolOccurrence: Hashable, Sendable {
    public let id: SymbolID
    /// The name as written (a part of a key such as `photo` in `form.photo`, or of an expression).
    public let range: SourceRange
    public let isDeclaration: Bool
}

/// What a declaration is beyond its name, for an outline: the whole of it, what holds it, a word on it.
public struct SymbolDeclaration: Sendable {
    public let id: SymbolID
    /// The name as written.
    public let range: SourceRange
    /// The whole declaration (a screen's key and everything under it); the name's range when not known.
    public let extent: SourceRange
    /// The declaration it sits in besides its owner: a nested state's parent state, an element in a `lines`' footer.
    public let container: SymbolID?
    /// A word on it: an element's kind, a variable's type, a service's kind; nil for the kind alone.
    public let detail: String?
}
