/// The key to the edge styles, drawn in a corner of every diagram so a reader need not look them up.
enum DiagramLegend {
    /// Each style with what it means, in the order the legend lists them.
    static let entries: [(style: Style, meaning: String)] = [
        (.solid, "show (push)"),
        (.dashed, "present (modal)"),
        (.bold, "replace"),
        (.dotted, "dismiss, pop, unwind (back)"),
        (.state, "goto between nested states"),
    ]

    enum Style {
        case solid, dashed, bold, dotted, state
    }
}
