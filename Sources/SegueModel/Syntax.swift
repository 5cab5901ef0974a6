import SegueDiagnostics
import SegueYAML

/// A name as written in a flow file — a screen, state, event, element, field or variable — with where it was written.
public struct Name: Sendable, Hashable, CustomStringConvertible {
    public var text: String
    public var range: SourceRange

    public init(_ text: String, at range: SourceRange) {
        self.text = text
        self.range = range
    }

    public var description: String { text }

    public static func == (lhs: Name, rhs: Name) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// Which expression text of a flow: the decoder numbers every text it makes densely from 0 in each flow value (a file,
/// or a chart `invoke:` holds, which is checked and compiled as a flow of its own); the files a flow imports continue
/// its numbering, since their components are compiled into it. The checker keeps each text's syntax at its number
/// (`CheckedFlow.syntax(of:)`), so the compiler reads it without a lookup that can miss. 32 bits, so a text stays
/// the size it was.
public struct ExpressionID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let index: Int32

    public init(_ index: Int32) {
        self.index = index
    }

    public static func < (lhs: ExpressionID, rhs: ExpressionID) -> Bool { lhs.index < rhs.index }

    public var description: String { "#\(index)" }
}

/// Source text of the expression language as it stands in the YAML file, kept with its node so a position inside
/// the text maps back to the exact file column. Parsed and type-checked by the checker, compiled by the runtime.
public struct ExpressionText: Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// An expression: `len(name) > 0`.
        case expression
        /// A string with `${…}` parts: `"Hello, ${user.name}"`.
        case template
    }

    public var text: String
    public var kind: Kind
    /// Its number in its flow, given by the decoder (stored beside `kind`, in what was padding).
    public let id: ExpressionID
    /// The YAML scalar it came from (nil when synthesized); maps offsets in `text` to file positions.
    public var node: Node?
    public var range: SourceRange

    public init(_ text: String, kind: Kind, id: ExpressionID, node: Node?, range: SourceRange) {
        self.text = text
        self.kind = kind
        self.id = id
        self.node = node
        self.range = range
    }

    public var description: String { text }

    /// The file range of `text`'s UTF-8 bytes `[start, start + length)`.
    public func sourceRange(ofTextOffset start: Int, length: Int, in file: SourceFile?) -> SourceRange {
        guard let node, let file else { return range }
        return node.sourceRange(ofTextOffset: start, length: length, in: file)
    }
}

/// A value that may be written as a literal or computed: `margin: 20` or `margin: "device.os_major >= 13 ? 20 : 16"`.
public typealias Computed = ExpressionText

/// A type annotation as written (`string`, `list<Entry>`, `int?`), resolved by the checker.
public struct TypeText: Sendable, Hashable, CustomStringConvertible {
    public var text: String
    public var range: SourceRange

    public init(_ text: String, at range: SourceRange) {
        self.text = text
        self.range = range
    }

    public var description: String { text }
}
