import SegueDiagnostics

/// One element of an XML document as read, with where its start tag and each attribute stand in the file, so the
/// importer can point at the construct it cannot translate.
///
///     element.name        // "transition"
///     element["target"]   // "s1"
///     element.range       // scxml/test144.txml:12:3 (the `<` of the start tag)
public struct XMLElement: Sendable, Hashable {
    /// The local name, without a prefix (`pass` for `<conf:pass/>`).
    public var name: String
    /// The namespace URI, or "" when the element has none.
    public var namespace: String
    public var attributes: [XMLAttribute]
    public var children: [XMLElement]
    /// The character data directly inside the element (CDATA included), in document order.
    public var text: String
    /// The start tag, from `<` to its end.
    public var range: SourceRange

    public init(
        name: String, namespace: String = "", attributes: [XMLAttribute] = [], children: [XMLElement] = [],
        text: String = "", range: SourceRange
    ) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.children = children
        self.text = text
        self.range = range
    }

    /// The value of the attribute with this local name and no namespace.
    public subscript(_ name: String) -> String? {
        attributes.first { $0.name == name && $0.namespace.isEmpty }?.value
    }

    /// The attribute with this local name and no namespace.
    public func attribute(_ name: String) -> XMLAttribute? {
        attributes.first { $0.name == name && $0.namespace.isEmpty }
    }
}

/// An attribute: its local name, namespace, value and the range of the value in the file (inside the quotes).
public struct XMLAttribute: Sendable, Hashable {
    public var name: String
    public var namespace: String
    public var value: String
    /// The whole attribute, `name="value"`.
    public var range: SourceRange
    /// The value between the quotes; an expression's positions are offsets into it.
    public var valueRange: SourceRange

    public init(name: String, namespace: String = "", value: String, range: SourceRange, valueRange: SourceRange) {
        self.name = name
        self.namespace = namespace
        self.value = value
        self.range = range
        self.valueRange = valueRange
    }
}
