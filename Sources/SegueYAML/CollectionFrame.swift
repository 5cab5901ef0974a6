import SegueDiagnostics

/// A sequence or mapping whose events are still arriving, on the tree builder's stack.
///
/// The builder changes the top frame in place through the stack's subscript; popping a frame, changing it and
/// pushing it back would copy its arrays on every child (the copy-on-write trap in SWIFT-ON-LINUX.md).
struct CollectionFrame {
    let isMapping: Bool
    let start: SourceLocation
    /// libyaml's exact end position for flow collections; block collections end at their last child.
    let isFlow: Bool
    let tag: String?
    let anchor: String?
    /// The running alias-expansion count when the collection opened, to size an anchored collection.
    let expansionAtStart: Int
    var items: [Node] = []
    var mapping = MappingAccumulator()
    /// Where the latest child written inside this collection ends (an alias ends at the alias, not its anchor).
    var lastChildEnd: SourceLocation?

    init(isMapping: Bool, start: SourceLocation, isFlow: Bool, tag: String?, anchor: String?, expansionAtStart: Int) {
        self.isMapping = isMapping
        self.start = start
        self.isFlow = isFlow
        self.tag = tag
        self.anchor = anchor
        self.expansionAtStart = expansionAtStart
    }
}
