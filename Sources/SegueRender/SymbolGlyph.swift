/// An SF Symbol drawn as simple SVG strokes, so a drawing needs no font: the few symbols flows name (play,
/// stop, record, share, the done checkmark, the error cross, a person, a photo), and any other as its name in a
/// rounded outline.
struct SymbolGlyph {
    var name: String
    /// Already escaped for an attribute.
    var color: String

    func svg(in frame: Rect) -> String {
        let side = min(frame.width, frame.height)
        let x = frame.x + (frame.width - side) / 2
        let y = frame.y + (frame.height - side) / 2
        func p(_ u: Double, _ v: Double) -> String { "\(svgNumber(x + u * side)),\(svgNumber(y + v * side))" }
        let stroke =
            "fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(svgNumber(max(side / 12, 1.5)))\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
        let fill = "fill=\"\(color)\""
        let circle = "<circle cx=\"\(svgNumber(x + side / 2))\" cy=\"\(svgNumber(y + side / 2))\""
        switch name {
        case "checkmark", "done":
            return "<polyline points=\"\(p(0.2, 0.52)) \(p(0.42, 0.72)) \(p(0.8, 0.3))\" \(stroke)/>"
        case "xmark", "error":
            return "<path d=\"M\(p(0.25, 0.25)) L\(p(0.75, 0.75)) M\(p(0.75, 0.25)) L\(p(0.25, 0.75))\" \(stroke)/>"
        case "play.fill", "play":
            return "<polygon points=\"\(p(0.25, 0.15)) \(p(0.85, 0.5)) \(p(0.25, 0.85))\" \(fill)/>"
        case "square", "stop.fill", "stop":
            return
                "<rect x=\"\(svgNumber(x + side * 0.2))\" y=\"\(svgNumber(y + side * 0.2))\" width=\"\(svgNumber(side * 0.6))\" height=\"\(svgNumber(side * 0.6))\" rx=\"\(svgNumber(side * 0.08))\" \(fill)/>"
        case "record.circle":
            return
                "\(circle) r=\"\(svgNumber(side * 0.42))\" \(stroke)/>\(circle) r=\"\(svgNumber(side * 0.25))\" fill=\"#FF3B30\"/>"
        case "square.and.arrow.up":
            return
                "<path d=\"M\(p(0.32, 0.4)) L\(p(0.2, 0.4)) L\(p(0.2, 0.9)) L\(p(0.8, 0.9)) L\(p(0.8, 0.4)) L\(p(0.68, 0.4)) M\(p(0.5, 0.1)) L\(p(0.5, 0.62)) M\(p(0.35, 0.25)) L\(p(0.5, 0.1)) L\(p(0.65, 0.25))\" \(stroke)/>"
        case "person.crop.circle", "person":
            return "\(circle) r=\"\(svgNumber(side * 0.45))\" \(stroke)/>"
                + "<circle cx=\"\(svgNumber(x + side / 2))\" cy=\"\(svgNumber(y + side * 0.38))\" r=\"\(svgNumber(side * 0.15))\" \(stroke)/>"
                + "<path d=\"M\(p(0.24, 0.8)) Q\(p(0.5, 0.5)) \(p(0.76, 0.8))\" \(stroke)/>"
        case "photo":
            return
                "<rect x=\"\(svgNumber(x + side * 0.1))\" y=\"\(svgNumber(y + side * 0.2))\" width=\"\(svgNumber(side * 0.8))\" height=\"\(svgNumber(side * 0.6))\" rx=\"\(svgNumber(side * 0.06))\" \(stroke)/>"
                + "<polyline points=\"\(p(0.18, 0.72)) \(p(0.4, 0.45)) \(p(0.58, 0.62)) \(p(0.68, 0.52)) \(p(0.82, 0.7))\" \(stroke)/>"
        default:
            let label = SVGWriter().escape(name)
            return
                "<rect x=\"\(svgNumber(x + 1))\" y=\"\(svgNumber(y + 1))\" width=\"\(svgNumber(side - 2))\" height=\"\(svgNumber(side - 2))\" rx=\"\(svgNumber(side / 4))\" \(stroke)/>"
                + "<text x=\"\(svgNumber(x + side / 2))\" y=\"\(svgNumber(y + side / 2 + 3))\" font-size=\"\(svgNumber(max(side / 6, 7)))\" text-anchor=\"middle\" fill=\"\(color)\">\(label)</text>"
        }
    }
}
