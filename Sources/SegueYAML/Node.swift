import SegueDiagnostics

/// One node of a loaded YAML document: a scalar, a sequence or a mapping, with where it came from.
///
/// Nodes are immutable reference types so that an alias is the *same* node as its anchor:
/// `*a` repeated a million times is a million pointers, never a million copies.
///
/// `@unchecked Sendable`: `content` is only ever written by `deinit`, which has the node to itself.
public final class Node: @unchecked Sendable {
    public enum Content: Sendable {
        case scalar(Scalar)
        case sequence([Node])
        case mapping([MappingEntry])
    }

    /// What the node holds; fixed once built (only `deinit` and `takeEntries` empty it, and only a node nothing else
    /// refers to). Unchecked exclusivity: those two writers hold the only reference, so no read can overlap them, and
    /// the dynamic check on every read of every node cost the front end more than a tenth of its time.
    @exclusivity(unchecked) public private(set) var content: Content
    /// Levels of nodes below this one (a scalar's is 0), saturating at 255, so freeing only takes care with deep
    /// trees. Declared next to `content` to fill the bytes its enum leaves before `range`.
    private let height: UInt8
    private let start: SourceLocation
    private let end: SourceLocation
    /// The file's path, tag and anchor: one instance shared by all the untagged nodes of a file, so a node holds a
    /// pointer where a path and two optional strings would take 48 bytes.
    private let origin: NodeOrigin

    /// From the node's first character to just after its last.
    public var range: SourceRange { SourceRange(path: origin.path, start: start, end: end) }
    /// An explicit tag (`!!str`, `!custom`) as written, expanded to its full form, or nil.
    public var tag: String? { origin.tag }
    /// The anchor (`&name`) the node was defined with, if any.
    public var anchor: String? { origin.anchor }

    public convenience init(_ content: Content, range: SourceRange, tag: String? = nil, anchor: String? = nil) {
        self.init(
            content, start: range.start, end: range.end, origin: NodeOrigin(path: range.path, tag: tag, anchor: anchor))
    }

    /// A node whose path, tag and anchor come from `origin` (shared between nodes by the tree builder).
    package init(_ content: Content, start: SourceLocation, end: SourceLocation, origin: NodeOrigin) {
        self.content = content
        self.start = start
        self.end = end
        self.origin = origin
        var below: UInt8 = 0
        switch content {
        case .scalar:
            break
        case .sequence(let items):
            for item in items { below = max(below, item.heightAbove) }
        case .mapping(let entries):
            for entry in entries { below = max(below, entry.key.heightAbove, entry.value.heightAbove) }
        }
        height = below
    }

    /// The height of a node with this one as its deepest child.
    private var heightAbove: UInt8 { height == .max ? .max : height + 1 }

    /// Trees at most this deep are freed the ordinary way, one nested release per level.
    private static let recursionLimit: UInt8 = 64

    // Freeing a deep tree node by node would recurse once per level and could overflow the stack, so the children of
    // a deep node are moved onto a work list and only the deep ones this node held alone are emptied in turn.
    deinit {
        guard height > Node.recursionLimit else { return }
        var pending: [Node] = []
        Node.moveChildren(of: self, into: &pending)
        while var node = pending.popLast() {
            if node.height > Node.recursionLimit, isKnownUniquelyReferenced(&node) {
                Node.moveChildren(of: node, into: &pending)
            }
        }
    }

    /// Takes the entries out of a mapping node that nothing else refers to, leaving it empty, so a reader that owns
    /// the tree can free each part as soon as it has read it; nil (and the node untouched) when the node is shared
    /// (an anchor, or a tree someone else keeps) or is not a mapping.
    ///
    ///     var screens = root["screens"]!.value   // after dropping every other reference to it
    ///     let entries = Node.takeEntries(from: &screens)
    public static func takeEntries(from node: inout Node) -> [MappingEntry]? {
        guard isKnownUniquelyReferenced(&node), case .mapping(let entries) = node.content else { return nil }
        node.content = .mapping([])
        return entries
    }

    private static func moveChildren(of node: Node, into pending: inout [Node]) {
        switch node.content {
        case .scalar:
            return
        case .sequence(let items):
            guard !items.isEmpty else { return }
            node.content = .sequence([])
            pending.append(contentsOf: items)
        case .mapping(let entries):
            guard !entries.isEmpty else { return }
            node.content = .mapping([])
            pending.reserveCapacity(pending.count + 2 * entries.count)
            for entry in entries {
                pending.append(entry.key)
                pending.append(entry.value)
            }
        }
    }
}

/// A node's file path, explicit tag and anchor.
package final class NodeOrigin: Sendable {
    package let path: String
    package let tag: String?
    package let anchor: String?

    package init(path: String, tag: String? = nil, anchor: String? = nil) {
        self.path = path
        self.tag = tag
        self.anchor = anchor
    }
}

/// A scalar's text, how it was written, and its YAML 1.2 core-schema value.
public struct Scalar: Sendable, Hashable {
    public enum Style: Sendable, Hashable {
        case plain
        case singleQuoted
        case doubleQuoted
        case literal
        case folded
    }

    /// The scalar's value after unescaping and folding, before type resolution.
    public var text: String
    public var value: ScalarValue
    // Declared after `value` so the one-byte style packs into the end of `value` instead of padding before it.
    public var style: Style

    public init(text: String, style: Style, value: ScalarValue) {
        self.text = text
        self.style = style
        self.value = value
    }
}

/// A plain scalar resolved by the YAML 1.2 core schema; quoted and block scalars are always strings.
/// Only `true`/`false` (and `True`, `TRUE`, …) are booleans: `on`, `yes`, `no`, `off` stay strings.
public enum ScalarValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
}

/// One `key: value` pair. Keys are always scalars; a complex key is a load error.
public struct MappingEntry: Sendable {
    public let key: Node
    public let value: Node
    /// True when the pair came into this mapping through a `<<` merge key.
    public let merged: Bool

    public init(key: Node, value: Node, merged: Bool = false) {
        self.key = key
        self.value = value
        self.merged = merged
    }

    /// The key's text (keys are scalars).
    public var name: String {
        if case .scalar(let scalar) = key.content { return scalar.text }
        return ""
    }
}

extension Node {
    public var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    public var sequence: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    public var mapping: [MappingEntry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The entry for `key` in a mapping node, or nil.
    public subscript(key: String) -> MappingEntry? {
        mapping?.first { $0.name == key }
    }

    /// What kind of node this is, for messages ("expected a mapping, found a sequence").
    public var kindDescription: String {
        switch content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int: return "an integer"
            case .float: return "a number"
            case .string: return "a string"
            }
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }
}
