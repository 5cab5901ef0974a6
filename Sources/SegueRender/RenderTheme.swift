import SegueExpression

/// The flow's `theme:` as a drawing reads it: named colours and button styles, over iOS's system colours, so a
/// style's `background: accent` and a literal `#FF3B30` both become a colour SVG understands.
///
///     RenderTheme(program.theme).style("add")  // (background: "#3A7BFF", title: "#FFFFFF")
public struct RenderTheme: Sendable {
    public var colors: [String: String]
    public var styles: [String: [String: String]]

    /// iOS's system colours, which a theme may override by name.
    public static let system: [String: String] = [
        "accent": "#007AFF", "destructive": "#FF3B30", "label": "#000000", "secondary": "#8E8E93",
        "placeholder": "#C7C7CC", "separator": "#C6C6C8", "grouped": "#F2F2F7", "background": "#FFFFFF",
        "card": "#FFFFFF", "field": "#FFFFFF", "success": "#34C759", "disabled": "#AEAEB2", "white": "#FFFFFF",
        "black": "#000000", "clear": "none",
    ]

    public init(_ theme: Value) {
        colors = Self.system
        styles = [:]
        guard case .record(let fields) = theme else { return }
        if case .record(let named)? = fields["colors"] {
            for (name, value) in named { if let text = value.stringValue { colors[name] = text } }
        }
        if case .record(let named)? = fields["styles"] {
            for (name, value) in named {
                guard case .record(let keys) = value else { continue }
                styles[name] = keys.compactMapValues(\.stringValue)
            }
        }
    }

    /// A colour by theme name or system name, or the text itself when it is a literal (`#RRGGBB`, `red`).
    public func color(_ name: String) -> String {
        if let named = colors[name] { return Self.sanitized(named) }
        return Self.sanitized(name)
    }

    /// A button style's background and title colours, nil for a style the theme does not define.
    public func style(_ name: String?) -> (background: String?, title: String?)? {
        guard let name, let style = styles[name] else { return nil }
        return (style["background"].map(color), style["title"].map(color))
    }

    /// Keeps only characters a colour can have, so a theme value cannot break out of an SVG attribute.
    static func sanitized(_ text: String) -> String {
        let kept = text.filter { $0.isLetter || $0.isNumber || "#(),.% ".contains($0) }
        return kept.isEmpty ? "none" : kept
    }
}
