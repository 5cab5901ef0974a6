import SegueDiagnostics

/// One thing on a screen. Every element has an id and may be hidden, disabled, styled and anchored.
///
///     - button: donate
///       label: Поддержать
///       tap: { present: donate }
public struct Element: Sendable {
    public enum Kind: Sendable {
        case text(TextContent)
        case image(ImageContent)
        case button(ButtonContent)
        case field(FormField)
        case list(ListContent)
        case slider(SliderContent)
        case picker(PickerContent)
        case lines(LinesContent)
        case meter(MeterContent)
        case progress(ProgressContent)
        /// A component's elements, with arguments for its parameters.
        case component(ComponentUse)
    }

    public var id: Name
    public var kind: Kind
    public var visible: ExpressionText?
    public var enabled: ExpressionText?
    /// A style name the theme defines (`primary`, `destructive`) or an expression choosing one.
    public var style: ExpressionText?
    /// `top` or `bottom`: where the element is pinned (the save button is anchored at the top, D13).
    public var anchor: Name?
    public var tap: [Action]?
    public var range: SourceRange

    /// The element kind's keyword as written (`button`, `list`, …).
    public var keyword: String {
        switch kind {
        case .text: "text"
        case .image: "image"
        case .button: "button"
        case .field: "field"
        case .list: "list"
        case .slider: "slider"
        case .picker: "picker"
        case .lines: "lines"
        case .meter: "meter"
        case .progress: "progress"
        case .component: "use"
        }
    }
}

public struct TextContent: Sendable {
    public var value: ExpressionText
    /// Lines shown before truncation; the text-measure model decides whether it needs more.
    public var maxLines: Int?
    /// The width the text is laid out in, in points (defaults to the screen's content width).
    public var width: Computed?
    public var font: Name?
}

public struct ImageContent: Sendable {
    public var source: ExpressionText
    public var placeholder: String?
}

public struct ButtonContent: Sendable {
    public var label: ExpressionText
    /// The form's submit button: enabled only when every rule holds, and its tap validates first.
    public var submits: Bool
    public var icon: ExpressionText?
}

/// A list or a collection of items drawn by a component, with optional paging.
///
///     - list: wall
///       items: entries
///       item: { use: donation_card, with: { entry: item } }
///       layout: collection
///       columns: "device.width >= 414 ? 3 : 2"
///       paging: { size: 50, near_end: load_more }
public struct ListContent: Sendable {
    public var items: ExpressionText
    public var item: ComponentUse
    /// `table`, `grouped_inset` or `collection`.
    public var layout: Name?
    public var columns: Computed?
    public var cellWidth: Computed?
    public var cellHeight: Computed?
    public var paging: Paging?
    public var empty: ExpressionText?
}

public struct Paging: Sendable {
    public var size: Int
    /// The event raised when the user scrolls near the end.
    public var nearEnd: Name
    /// When false, the end has been reached and no more pages are asked for.
    public var hasMore: ExpressionText?
    public var range: SourceRange
}

public struct SliderContent: Sendable {
    public var value: ExpressionText
    public var minimum: Double
    public var maximum: Double
    /// Actions run when the user moves it; `event.value` is the new value.
    public var change: [Action]?
    public var label: ExpressionText?
}

public struct PickerContent: Sendable {
    public var options: ExpressionText
    public var selected: ExpressionText
    public var change: [Action]?
    public var label: ExpressionText?
}

/// A script's lines for playback and recording (Pictone), each drawn by a component.
public struct LinesContent: Sendable {
    public var items: ExpressionText
    public var item: ComponentUse?
    /// The text shown after the last line so users know the script is over (P5).
    public var endMarker: ExpressionText?
    /// Elements shown after the end marker (the share button, P13).
    public var footer: [Element]
}

/// A level meter (P10): a value 0…1 drawn as bars.
public struct MeterContent: Sendable {
    public var level: ExpressionText
    public var bars: Int
}

/// A linear gauge (7GUIs' Timer): a bar filled to `value`, a fraction 0…1, clamped when drawn.
public struct ProgressContent: Sendable {
    public var value: ExpressionText
    public var label: ExpressionText?
}

/// A use of a component with arguments: `{ use: donation_card, with: { entry: item } }`.
public struct ComponentUse: Sendable {
    public var component: Name
    public var arguments: [Assignment]
    public var range: SourceRange
}
