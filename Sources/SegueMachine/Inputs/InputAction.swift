/// The kinds of input a user or the clock can give, as the input query lists and refuses them.
public enum InputAction: String, Sendable, Hashable, Codable, CustomStringConvertible {
    case tap
    case edit
    case change
    /// Return pressed in a field with `submit:` actions.
    case submit
    /// Pinch-zoom a photo field's picture.
    case pinch
    /// Pan a photo field's picture in its frame.
    case pan
    case scroll
    case back
    case swipeToDismiss = "swipe to dismiss"
    case dismissAlert = "dismiss alert"
    case timer
    case event

    public var description: String { rawValue }
}
