import SegueExpression
import SegueModel

/// Something from outside the machine: the user, a service, the clock.
///
/// Element, field and event references are the program's ids; `Program.path(_:on:)` resolves names for tools.
public enum Input: Sendable, Hashable, Codable {
    indirect case launch(LaunchEnvironment)
    /// Tap an element of the top screen: a button, a list item, or an element inside an item's component.
    case tap(ElementPath)
    /// Choose item `item` of list element `list` (the same as tapping it).
    case selectItem(list: Int, item: Int)
    /// The user changed a field of the top screen (text, or a photo's path).
    case edit(element: Int, value: Value)
    /// The user pressed return in a single-line field of the top screen: its `submit` actions run with
    /// `event.value` the field's text.
    case submit(element: Int)
    /// The user moved a slider or chose a picker option anywhere on the top screen, inside list items and
    /// components too: its `change` actions run with `event.value`, `item`, `index` and the component's arguments.
    case change(ElementPath, Value)
    /// A pinch on a photo field's frame: the picture's zoom becomes `zoom`, kept within the field's `min_zoom`…
    /// `max_zoom` (D14).
    case pinch(element: Int, zoom: Double)
    /// A drag on a photo field's frame: the frame's centre moves to (`x`, `y`), fractions of the picture's width and
    /// height, kept so the frame stays on the picture. Never a rotation.
    case pan(element: Int, x: Double, y: Double)
    /// The audio input's latest level (0…1 RMS) while a take records: written to the recording screen's
    /// `recording.level` variable (P10). Ignored when nothing records.
    case inputLevel(Double)
    /// The back button or edge swipe: pop inside a navigation controller, else dismiss the top modal.
    case back
    /// Swiping a modal down: dismiss the top modal layer.
    case swipeToDismiss
    /// A list of the top screen was scrolled near its end (paging).
    case scrolledNearEnd(list: Int)
    /// A service answered call `call`. Boxed: an outcome is the largest payload, and an input is kept in every move
    /// a search tries (and moved with it) whatever its case.
    indirect case outcome(call: Int, ServiceOutcome)
    /// Move the clock forward, exactly (whole nanoseconds); timers that come due fire in deadline order.
    case advanceTime(by: ClockDuration)
    /// A real clock says timer `id` is due.
    case timerFired(id: Int)
    /// The shown alert went away; the next queued one shows.
    case dismissAlert
    /// The audio engine began playing line `line` of the top screen's playback: it becomes the current line.
    case playbackReached(line: Int)
    /// The last line has played: the top screen's playback `end_event` is raised.
    case playbackFinished
    /// Raise an event on the top screen from outside (REPL, scenarios, benchmarks). `name` is the name it was sent
    /// as when the program knows it only by the event it falls under (`Program.event(matching:)`).
    case event(Int, payload: Value, name: String? = nil)
    /// Kill and relaunch: everything is lost except persisted data.
    case restart
}

/// An element of the top screen: `element`, then optionally a list item and an element inside its component.
///
///     ElementPath(element: 3)                    // the `add` button
///     ElementPath(element: 4, item: 2)           // the third card of `latest`
///     ElementPath(element: 4, item: 2, part: 3)  // its `more` button
///     ElementPath(element: 5, part: 0)           // the first footer element of a script's lines
public struct ElementPath: Sendable, Hashable, Codable, CustomStringConvertible {
    public var element: Int
    public var item: Int?
    public var part: Int?

    public init(element: Int, item: Int? = nil, part: Int? = nil) {
        self.element = element
        self.item = item
        self.part = part
    }

    public var description: String {
        "\(element)" + (item.map { "[\($0)]" } ?? "") + (part.map { ".\($0)" } ?? "")
    }
}

/// An element as people write it: `save`, `latest[2]` (an item of a list) or `latest[2].more` (an element inside
/// it); the REPL, scenario files and tools all read this one syntax.
public struct ElementReference: Sendable, Hashable {
    public var name: String
    public var item: Int?
    public var part: String?

    /// Nil when the text is not of that shape (`latest[x]`, `latest[2`).
    public init?(_ text: String) {
        var head = Substring(text)
        if let dot = text.firstIndex(of: ".") {
            head = text[..<dot]
            part = String(text[text.index(after: dot)...])
        }
        if let open = head.firstIndex(of: "[") {
            guard head.last == "]", let number = Int(head[head.index(after: open)..<head.index(before: head.endIndex)])
            else { return nil }
            item = number
            head = head[..<open]
        }
        guard !head.isEmpty else { return nil }
        name = String(head)
    }
}

extension Program {
    /// Resolves `save`, `latest[2]` or `latest[2].more` on a screen to an element path.
    public func path(_ text: String, on screen: Int) -> ElementPath? {
        guard screens.indices.contains(screen) else { return nil }
        let elements = screens[screen].elements
        guard let reference = ElementReference(text) else { return nil }
        let (head, item, part) = (reference.name, reference.item, reference.part)
        guard let element = elements.firstIndex(where: { $0.name == head }) else {
            return item == nil && part == nil ? footerPath(head, in: elements) : nil
        }
        guard let part else { return ElementPath(element: element, item: item) }
        if item == nil, elements[element].list != nil {
            // Without an item, a list's part is one of its footer elements (a script's share button).
            guard let partIndex = elements[element].footer.firstIndex(where: { $0.name == part }) else { return nil }
            return ElementPath(element: element, part: partIndex)
        }
        let inner = elements[element].parts?.elements ?? []
        guard let partIndex = inner.firstIndex(where: { $0.name == part }) else { return nil }
        return ElementPath(element: element, item: item, part: partIndex)
    }

    /// A script's footer element (`share`) as the `lines` element's part without an item.
    private func footerPath(_ name: String, in elements: [ElementProgram]) -> ElementPath? {
        for (index, element) in elements.enumerated() {
            if let part = element.footer.firstIndex(where: { $0.name == name }) {
                return ElementPath(element: index, part: part)
            }
        }
        return nil
    }
}
