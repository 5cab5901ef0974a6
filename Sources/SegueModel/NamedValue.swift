import SegueDiagnostics

/// A value computed where it is used, named once instead of written out at every use (`let:` of a flow or screen).
///
///     let:
///       margin: "device.os_major >= 13 ? 20 : 16"
///       cell_width: "(device.width - 2 * margin - (columns - 1) * 8) / columns"
public struct NamedValue: Sendable {
    public var name: Name
    public var value: ExpressionText
    public var range: SourceRange

    public init(name: Name, value: ExpressionText, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}
