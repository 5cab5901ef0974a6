import SegueMachine
import SegueModel

/// A screen drawn at a device's size in points: boxes, text runs and images, each interactive one tagged with the
/// input it takes; `SVGWriter` turns it into the SVG that `segue render` writes and `segue serve` shows.
///
///     let list = ScreenDrawing(machine: machine, state: state).draw()
///     list.items.first { $0.input?.path == "donate" }?.frame  // the button's frame in points
public struct DisplayList: Sendable, Hashable, Codable {
    /// The device's name, width and height in points.
    public var device: String
    public var width: Double
    public var height: Double
    /// How tall the phone would have to be to show all of its content without scrolling; more than `height` when
    /// the screen scrolls (a page scrolls it by up to the difference).
    public var contentHeight: Double
    /// The screen on top, drawn last.
    public var screen: String
    /// Back to front.
    public var items: [DisplayItem]

    public init(device: String, width: Double, height: Double, contentHeight: Double, screen: String) {
        self.device = device
        self.width = width
        self.height = height
        self.contentHeight = contentHeight
        self.screen = screen
        self.items = []
    }

    /// Every item, depth first, children after their parent.
    public var allItems: [DisplayItem] {
        var result: [DisplayItem] = []
        func visit(_ item: DisplayItem) {
            result.append(item)
            item.children.forEach(visit)
        }
        items.forEach(visit)
        return result
    }

    /// The items that take an input, in drawing order.
    public var inputs: [DisplayItem] { allItems.filter { $0.input != nil } }
}

/// A rectangle in points, origin at the top left.
public struct Rect: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxY: Double { y + height }
    public var maxX: Double { x + width }

    /// The rectangle moved by `dx`, `dy`.
    public func offset(dx: Double = 0, dy: Double = 0) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `amount` on every side.
    public func inset(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(width - 2 * amount, 0), height: max(height - 2 * amount, 0))
    }
}

/// One thing drawn: its frame, what it looks like, what it holds, and the input it takes if any.
public struct DisplayItem: Sendable, Hashable, Codable {
    /// What the item is, as a CSS class: `button`, `field`, `nav-bar`, `alert`, …
    public var role: String
    public var frame: Rect
    public var shape: Shape
    public var children: [DisplayItem]
    /// The element's id, when the item draws one.
    public var element: String?
    /// False for an element the input query refuses now (hidden ones are not drawn at all).
    public var enabled: Bool
    /// The input a tap, typing or drag on it gives; only enabled items have one.
    public var input: InputTag?
    /// Clips its children to its frame (a collection cell, the scrolling content).
    public var clips: Bool

    public init(
        _ role: String, frame: Rect, shape: Shape = .none, children: [DisplayItem] = [], element: String? = nil,
        enabled: Bool = true, input: InputTag? = nil, clips: Bool = false
    ) {
        self.role = role
        self.frame = frame
        self.shape = shape
        self.children = children
        self.element = element
        self.enabled = enabled
        self.input = input
        self.clips = clips
    }

    /// This item and its children moved by `dy`.
    func offset(dy: Double) -> DisplayItem {
        var moved = self
        moved.frame = frame.offset(dy: dy)
        moved.children = children.map { $0.offset(dy: dy) }
        return moved
    }
}

/// What an item looks like.
public enum Shape: Sendable, Hashable, Codable {
    /// Nothing of its own: a group.
    case none
    /// A rectangle with rounded corners, filled and outlined (nil: none), dashed when `dash` is set.
    case box(fill: String?, stroke: String?, radius: Double, dash: Bool = false)
    /// Lines of text already broken, top to bottom.
    case text(TextRun)
    /// A picture: a `data:` URI, drawn to fill its frame.
    case picture(uri: String)
    /// The part of a picture a photo field's crop frame shows (`region`, fractions of the picture), filling the frame.
    case framedPicture(uri: String, region: PhotoRegion)
    /// A stand-in for a picture or an icon: the SF Symbol's name, drawn as a labelled glyph.
    case symbol(name: String, color: String)
    /// A circle inside the frame.
    case circle(fill: String?, stroke: String?)
}

/// Text as drawn: its lines, size, weight, colour and alignment.
public struct TextRun: Sendable, Hashable, Codable {
    public enum Alignment: String, Sendable, Hashable, Codable {
        case leading, center, trailing
    }

    public var lines: [String]
    public var fontSize: Double
    public var bold: Bool
    public var color: String
    public var alignment: Alignment
    /// Distance between baselines.
    public var lineHeight: Double

    public init(
        _ lines: [String], fontSize: Double, bold: Bool = false, color: String, alignment: Alignment = .leading
    ) {
        self.lines = lines
        self.fontSize = fontSize
        self.bold = bold
        self.color = color
        self.alignment = alignment
        self.lineHeight = (fontSize * 1.3).rounded()
    }
}

/// The input an item takes, named as the REPL and scenarios name it.
public struct InputTag: Sendable, Hashable, Codable {
    /// The contract's kinds (docs/render.md).
    public enum Kind: String, Sendable, Hashable, Codable {
        case tap, edit, change, select, back
        case dismissAlert = "dismiss_alert"
        case scrollEnd = "scroll_end"
        case swipeDismiss = "swipe_dismiss"
        /// A photo field holding a photo: pinch-zoom and pan it in its crop frame (`pinch`, `pan`).
        case crop
    }

    public var kind: Kind
    /// `donate`, `options[0]`, `latest[2].more`; nil for `back`, `dismiss_alert` and `swipe_dismiss`.
    public var path: String?
    /// A field's text, a slider's number, a picker's selected option.
    public var value: String?
    public var placeholder: String?
    /// A field's kind (`text`, `multiline`, `url`, `photo`).
    public var fieldKind: String?
    /// A field whose return runs its `submit:` actions now; nil otherwise.
    public var submits: Bool?
    /// A slider's bounds.
    public var minimum: Double?
    public var maximum: Double?
    /// A picker's options.
    public var options: [String]?
    /// A paged list's item count now.
    public var count: Int?
    /// A photo field's crop frame.
    public var crop: CropFrame?
    /// A photo field's framing now: the zoom and the frame's centre (fractions of the picture).
    public var zoom: Double?
    public var centerX: Double?
    public var centerY: Double?

    public init(_ kind: Kind, path: String? = nil) {
        self.kind = kind
        self.path = path
    }
}
