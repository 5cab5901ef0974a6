import SegueExpression

/// Writes a display list as one self-contained SVG document (no outside fonts, scripts or files); every
/// interactive item is a `<g class="segue-input" data-kind=… data-path=…>` as docs/render.md specifies.
///
///     let svg = SVGWriter().write(ScreenDrawing(machine: machine, state: state).draw())
public struct SVGWriter: Sendable {
    public init() {}

    /// San Francisco where there is one, else fonts of Helvetica's widths, which the text measure models.
    static let fonts = "-apple-system, 'SF Pro Text', 'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', sans-serif"

    /// The SVG of one screen; `idPrefix` keeps its clip-path ids apart from other drawings on the same page.
    public func write(_ list: DisplayList, idPrefix: String = "segue-") -> String {
        var writer = Output()
        writer.prefix = idPrefix
        let size = "width=\"\(svgNumber(list.width))\" height=\"\(svgNumber(list.height))\""
        writer.line(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \(size) "
                + "viewBox=\"0 0 \(svgNumber(list.width)) \(svgNumber(list.height))\" class=\"segue-screen\" "
                + "data-device=\"\(escape(list.device))\" data-screen=\"\(escape(list.screen))\" "
                + "data-content-height=\"\(svgNumber(list.contentHeight))\" font-family=\"\(Self.fonts)\">")
        writer.line("<title>\(escape(list.screen)) on \(escape(list.device))</title>")
        for item in list.items { write(item, to: &writer) }
        writer.line("</svg>")
        return writer.text
    }

    /// The SVG of several display lists side by side, each under a caption with its device's name.
    public func writeSideBySide(_ lists: [DisplayList], gap: Double = 40) -> String {
        let captionHeight = 28.0
        let width = lists.reduce(0) { $0 + $1.width } + gap * Double(lists.count + 1)
        let height = (lists.map(\.height).max() ?? 0) + captionHeight + gap / 2
        var writer = Output()
        writer.line(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                + "width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\" viewBox=\"0 0 \(svgNumber(width)) \(svgNumber(height))\" "
                + "font-family=\"\(Self.fonts)\">")
        var x = gap
        for (index, list) in lists.enumerated() {
            writer.line(
                "<text x=\"\(svgNumber(x + list.width / 2))\" y=\"18\" font-size=\"15\" text-anchor=\"middle\" "
                    + "fill=\"#3C3C43\">\(escape(list.device)) · \(svgNumber(list.width))×\(svgNumber(list.height)) pt</text>"
            )
            writer.line("<g transform=\"translate(\(svgNumber(x)),\(svgNumber(captionHeight)))\">")
            writer.line(
                "<rect x=\"-0.5\" y=\"-0.5\" width=\"\(svgNumber(list.width + 1))\" height=\"\(svgNumber(list.height + 1))\" "
                    + "fill=\"none\" stroke=\"#C6C6C8\"/>")
            writer.line(write(list, idPrefix: "segue-\(index)-"))
            writer.line("</g>")
            x += list.width + gap
        }
        writer.line("</svg>")
        return writer.text
    }

    private func write(_ item: DisplayItem, to writer: inout Output) {
        var attributes = "class=\"\(classes(item))\""
        if let element = item.element { attributes += " data-element=\"\(escape(element))\"" }
        if let input = item.input { attributes += self.attributes(input, frame: item.frame) }
        if item.role == "content" { attributes += " data-content-top=\"\(svgNumber(item.frame.y))\"" }
        if item.clips {
            let id = "\(writer.prefix)clip\(writer.nextClip)"
            writer.nextClip += 1
            writer.line(
                "<clipPath id=\"\(id)\"><rect x=\"\(svgNumber(item.frame.x))\" y=\"\(svgNumber(item.frame.y))\" "
                    + "width=\"\(svgNumber(item.frame.width))\" height=\"\(svgNumber(item.frame.height))\" rx=\"\(svgNumber(radius(item.shape)))\"/></clipPath>"
            )
            attributes += " clip-path=\"url(#\(id))\""
        }
        writer.line("<g \(attributes)>")
        if item.input != nil {
            // A transparent hit area, so the whole frame takes the click.
            writer.line(
                "<rect class=\"segue-hit\" x=\"\(svgNumber(item.frame.x))\" y=\"\(svgNumber(item.frame.y))\" "
                    + "width=\"\(svgNumber(item.frame.width))\" height=\"\(svgNumber(item.frame.height))\" fill=\"transparent\"/>"
            )
        }
        writer.line(shape(item.shape, frame: item.frame))
        if item.role == "content" {
            // The page scrolls the content by moving this group (docs/render.md).
            writer.line("<g class=\"segue-scroll\">")
            for child in item.children { write(child, to: &writer) }
            writer.line("</g>")
        } else {
            for child in item.children { write(child, to: &writer) }
        }
        writer.line("</g>")
    }

    private func classes(_ item: DisplayItem) -> String {
        var names = item.input != nil ? ["segue-input"] : ["segue-item"]
        names += item.role.split(separator: " ").map { "segue-\($0)" }
        if !item.enabled { names.append("segue-disabled") }
        return names.joined(separator: " ")
    }

    private func attributes(_ input: InputTag, frame: Rect) -> String {
        var text = " data-kind=\"\(input.kind.rawValue)\""
        if let path = input.path { text += " data-path=\"\(escape(path))\"" }
        text +=
            " data-x=\"\(svgNumber(frame.x))\" data-y=\"\(svgNumber(frame.y))\" data-w=\"\(svgNumber(frame.width))\" data-h=\"\(svgNumber(frame.height))\""
        if let value = input.value { text += " data-value=\"\(escape(value))\"" }
        if let placeholder = input.placeholder { text += " data-placeholder=\"\(escape(placeholder))\"" }
        if let kind = input.fieldKind { text += " data-field-kind=\"\(escape(kind))\"" }
        if input.submits == true { text += " data-submit=\"true\"" }
        if let minimum = input.minimum { text += " data-min=\"\(svgNumber(minimum))\"" }
        if let maximum = input.maximum { text += " data-max=\"\(svgNumber(maximum))\"" }
        if let options = input.options { text += " data-options=\"\(escape(jsonArray(options)))\"" }
        if let count = input.count { text += " data-count=\"\(count)\"" }
        if let crop = input.crop {
            text += " data-crop-aspect=\"\(svgNumber(crop.aspect))\" data-min-zoom=\"\(svgNumber(crop.minZoom))\""
            text += " data-max-zoom=\"\(svgNumber(crop.maxZoom))\""
        }
        if let zoom = input.zoom, let x = input.centerX, let y = input.centerY {
            text +=
                " data-zoom=\"\(svgNumber(zoom))\" data-center-x=\"\(svgNumber(x))\" data-center-y=\"\(svgNumber(y))\""
        }
        return text
    }

    private func shape(_ shape: Shape, frame: Rect) -> String {
        let box =
            "x=\"\(svgNumber(frame.x))\" y=\"\(svgNumber(frame.y))\" width=\"\(svgNumber(frame.width))\" height=\"\(svgNumber(frame.height))\""
        switch shape {
        case .none: return ""
        case .box(let fill, let stroke, let radius, let dash):
            var text = "<rect \(box) rx=\"\(svgNumber(radius))\" fill=\"\(escape(fill ?? "none"))\""
            if let stroke { text += " stroke=\"\(escape(stroke))\"" }
            if dash { text += " stroke-dasharray=\"6 4\" stroke-width=\"2\"" }
            return text + "/>"
        case .circle(let fill, let stroke):
            let radius = min(frame.width, frame.height) / 2
            var text =
                "<circle cx=\"\(svgNumber(frame.x + frame.width / 2))\" cy=\"\(svgNumber(frame.y + frame.height / 2))\" r=\"\(svgNumber(radius))\" fill=\"\(escape(fill ?? "none"))\""
            if let stroke { text += " stroke=\"\(escape(stroke))\"" }
            return text + "/>"
        case .picture(let uri):
            return
                "<image \(box) preserveAspectRatio=\"xMidYMid slice\" href=\"\(escape(uri))\" xlink:href=\"\(escape(uri))\"/>"
        case .framedPicture(let uri, let region):
            // The picture as a 10000-unit square; the view box picks the region and stretches it over the frame.
            let view = [region.x, region.y, region.width, region.height].map { svgNumber(($0 * 10_000).rounded()) }
            return
                "<svg \(box) viewBox=\"\(view.joined(separator: " "))\" preserveAspectRatio=\"none\"><image x=\"0\" y=\"0\" width=\"10000\" height=\"10000\" preserveAspectRatio=\"none\" href=\"\(escape(uri))\" xlink:href=\"\(escape(uri))\"/></svg>"
        case .symbol(let name, let color): return SymbolGlyph(name: name, color: escape(color)).svg(in: frame)
        case .text(let run): return text(run, frame: frame)
        }
    }

    private func text(_ run: TextRun, frame: Rect) -> String {
        let anchor: String
        let x: Double
        switch run.alignment {
        case .leading: (anchor, x) = ("start", frame.x)
        case .center: (anchor, x) = ("middle", frame.x + frame.width / 2)
        case .trailing: (anchor, x) = ("end", frame.maxX)
        }
        let baseline = frame.y + (run.lineHeight + run.fontSize * 0.7) / 2
        var text =
            "<text x=\"\(svgNumber(x))\" y=\"\(svgNumber(baseline))\" font-size=\"\(svgNumber(run.fontSize))\" fill=\"\(escape(run.color))\" text-anchor=\"\(anchor)\""
        if run.bold { text += " font-weight=\"600\"" }
        text += ">"
        for (index, line) in run.lines.enumerated() {
            let dy = index == 0 ? "0" : svgNumber(run.lineHeight)
            // Each line is drawn exactly as wide as the text measure says, whatever font the viewer has, so what
            // `line_count` decided is what the picture shows.
            let measured = line.reduce(0) { $0 + TextMeasure.advance(of: $1, fontSize: run.fontSize) }
            let length = measured > 0 ? " textLength=\"\(svgNumber(measured))\" lengthAdjust=\"spacingAndGlyphs\"" : ""
            text += "<tspan x=\"\(svgNumber(x))\" dy=\"\(dy)\"\(length)>\(escape(line))</tspan>"
        }
        return text + "</text>"
    }

    private func radius(_ shape: Shape) -> Double {
        if case .box(_, _, let radius, _) = shape { return radius }
        return 0
    }

    private func jsonArray(_ options: [String]) -> String {
        "["
            + options.map {
                "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    + "\""
            }
            .joined(separator: ",") + "]"
    }

    /// The text with XML's five special characters escaped, and control characters dropped.
    func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t": result += " "
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private struct Output {
        var text = ""
        var nextClip = 0
        var prefix = ""

        mutating func line(_ line: String) {
            guard !line.isEmpty else { return }
            text += line
            text += "\n"
        }
    }
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
func svgNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}
