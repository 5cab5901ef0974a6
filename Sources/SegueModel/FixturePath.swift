import SegueDiagnostics

/// A file a flow names for one of its embedded services, written relative to the flow file so the flow carries its
/// own fixtures: `store: { kind: store, configuration: donate/Products.storekit }`.
public struct FixturePath: Sendable, Hashable {
    /// The path as written in the flow.
    public var text: String
    /// Where the value is written, for diagnostics at the key.
    public var range: SourceRange

    public init(_ text: String, at range: SourceRange) {
        self.text = text
        self.range = range
    }

    /// The path to open: `text` when absolute, else relative to the directory of the flow file it is written in.
    public var resolved: String {
        if text.hasPrefix("/") { return text }
        guard let slash = range.path.lastIndex(of: "/") else { return text }
        return String(range.path[...slash]) + text
    }
}
