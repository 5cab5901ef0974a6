#if canImport(Glibc)
    import Glibc  // log10: the machine's module imports no Foundation
#elseif canImport(Darwin)
    import Darwin
#endif
import SegueExpression
import SegueModel

/// What the user sees on the top screen, with every expression resolved: a pure function of the state.
///
///     let view = machine.view(of: state)
///     view?.element("add")?.visible  // false until a purchase was made
public struct ScreenView: Sendable, Hashable, Codable {
    public var screen: String
    public var instance: Int
    public var title: String?
    /// Active nested states, by name, in document order.
    public var states: [String]
    public var layout: LayoutView?
    public var elements: [ElementView]
    public var alert: AlertState?
    /// Every screen on the navigation stack, bottom first, with how it came on screen.
    public var breadcrumb: [BreadcrumbEntry]
    /// The index of the script line highlighted: the line being played (P4), or the line being recorded.
    public var highlightedLine: Int? = nil
    /// The highlight's colour: the screen's `playback.highlight` while playing, `recording.highlight` while
    /// recording.
    public var highlightColor: String? = nil

    /// A top-level element by id, or an element of a script's footer (`share`).
    public func element(_ id: String) -> ElementView? {
        if let found = elements.first(where: { $0.id == id }) { return found }
        for element in elements {
            if let found = element.footerElements?.first(where: { $0.id == id }) { return found }
        }
        return nil
    }
}

/// One screen in the breadcrumb: its name, the transition that showed it and the layer it is in (0 is the root).
public struct BreadcrumbEntry: Sendable, Hashable, Codable, CustomStringConvertible {
    public var screen: String
    public var transition: TransitionKind
    public var layer: Int

    public var description: String { "\(transition.rawValue) \(screen)" }
}

/// A screen's layout metadata, resolved for the device.
public struct LayoutView: Sendable, Hashable, Codable {
    public var margins: Double?
    public var scroll: Bool
    public var bottomInset: Double?
    public var style: String?
}

/// One element as shown.
public struct ElementView: Sendable, Hashable, Codable {
    public var id: String
    public var kind: ElementProgram.Kind
    /// A button's label, a text's text, an image's source, a slider's or meter's value as text.
    public var text: String?
    public var visible: Bool
    public var enabled: Bool
    public var style: String?
    public var anchor: String?
    /// For a text with `max_lines`: whether its text needs more lines than it shows.
    public var truncated: Bool?
    /// For a text: the lines it takes on screen (at most its `max_lines`), so the card's height follows it (D6).
    public var lines: Int? = nil
    /// For a meter: its level drawn as bars (P10).
    public var meter: MeterView? = nil
    /// For a progress bar: the fraction filled, and its label.
    public var progress: ProgressView? = nil
    public var field: FieldView?
    /// A list's or component's content: one row of elements per item (one row for a component use).
    public var items: [[ElementView]]?
    public var columns: Int?
    public var cellWidth: Double?
    public var cellHeight: Double?
    /// A list with paging: whether scrolling near the end asks for more.
    public var hasMore: Bool?
    /// A list's `empty` text or a script's end marker.
    public var footer: String?
    /// A script's footer elements, after the end marker (the share button).
    public var footerElements: [ElementView]? = nil
    /// A button's icon.
    public var icon: String? = nil
    /// For `lines`: the line highlighted (being played or recorded), drawn with `highlightColor`; the same as the
    /// screen's `highlightedLine`.
    public var highlighted: Int? = nil
    public var highlightColor: String? = nil
    /// The message of an expression that failed while rendering this element.
    public var problem: String?
    /// For an image: the symbol shown while it has no picture (`person.crop.circle`).
    public var placeholder: String? = nil
    /// For a picker: its options as they are now, as text.
    public var options: [String]? = nil
    /// For a slider: the bounds its value moves between.
    public var bounds: ClosedRange<Double>? = nil
    /// For a slider or picker: its `label:`, shown with it.
    public var label: String? = nil
    /// For a text: its `max_lines`, and the width it is measured in when it names one (`width:`).
    public var maxLines: Int? = nil
    public var measuredWidth: Double? = nil
    /// For a text: its `font:` in the type scale (`headline` is drawn semibold), nil for the body style.
    public var font: String? = nil
}

/// A form field as shown: its value, placeholder (visible while empty), and error once the user has edited it.
public struct FieldView: Sendable, Hashable, Codable {
    public var kind: String
    public var value: Value
    public var placeholder: String?
    public var label: String?
    /// Shown once the field was touched, or the user tried to submit the form.
    public var error: String?
    public var touched: Bool
    public var dirty: Bool
    public var minLines: Int?
    public var grows: Bool
    /// For a multiline field: the lines it is tall now, `min_lines` until its text needs more when it grows (D13).
    public var lines: Int? = nil
    /// For a photo field: its crop frame.
    public var crop: CropFrame? = nil
    /// For a photo field holding a photo: the part of the picture its frame shows (pinch and pan move it).
    public var region: PhotoRegion? = nil
}

/// A photo field's crop frame (D14): a fixed aspect the user pans and pinch-zooms the picture in, never rotates.
public struct CropFrame: Sendable, Hashable, Codable {
    /// Width / height.
    public var aspect: Double
    public var minZoom: Double
    public var maxZoom: Double
    /// The longer side of the uploaded picture, in pixels.
    public var maxSide: Int

    public init(aspect: Double, minZoom: Double, maxZoom: Double, maxSide: Int = 1024) {
        self.aspect = aspect
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.maxSide = maxSide
    }
}

/// A progress bar as drawn: a linear gauge filled to `fraction` (0…1; a value outside is clamped, one that is not a
/// number draws empty), with the text beside it.
///
///     ProgressView(fraction: 0.25, label: nil).drawing(cells: 8)  // "██░░░░░░"
public struct ProgressView: Sendable, Hashable, Codable {
    public var fraction: Double
    public var label: String?

    public init(fraction: Double, label: String?) {
        self.fraction = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        self.label = label
    }

    /// The bar as text, `cells` characters wide: `█` filled, `░` empty, the fraction rounded to the nearest cell.
    public func drawing(cells: Int) -> String {
        let filled = Int((fraction * Double(cells)).rounded())
        return String(repeating: "█", count: filled) + String(repeating: "░", count: max(cells - filled, 0))
    }

    /// The fraction as a whole percentage: `25%`.
    public var percent: String { "\(Int((fraction * 100).rounded()))%" }
}

/// A level meter as drawn: `segments` bars, of which the first `bars` are lit. Like a recording app's meter (and
/// `segue audio meter`), the bars span −60…0 dBFS evenly, so speech fills most of them and silence none.
///
///     MeterView(level: 0.1, segments: 8).drawing  // "█████   " (−20 dBFS)
public struct MeterView: Sendable, Hashable, Codable {
    /// The level shown (linear RMS), clamped to 0…1.
    public var level: Double
    public var segments: Int
    /// The lit bars: the level's place between −60 and 0 dBFS, rounded to the nearest bar.
    public var bars: Int

    /// The quietest level that lights a bar's worth of the scale; below it the meter is dark.
    public static let floorDBFS = -60.0

    public init(level: Double, segments: Int) {
        self.level = level.isFinite ? min(max(level, 0), 1) : 0
        self.segments = max(segments, 1)
        let decibels = self.level > 0 ? 20 * log10(self.level) : Self.floorDBFS
        let share = min(max((decibels - Self.floorDBFS) / -Self.floorDBFS, 0), 1)
        bars = Int((share * Double(self.segments)).rounded())
    }

    /// The bars as text, one character per segment: `█` lit, a space dark.
    public var drawing: String {
        String(repeating: "█", count: bars) + String(repeating: " ", count: segments - bars)
    }
}
